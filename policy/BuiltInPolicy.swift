import AudioPolicy
import FoundationEssentials
import Installation

extension Policy {
    /// Where the built-in policy is read from: the first `policy/default.yaml` of the data
    /// directories (`DataDirectories`: the user's, the system's, the install prefix's, the source tree).
    public static let builtInFile: DataDirectories.Place? = DataDirectories.current.firstFile("policy/default.yaml")

    /// The built-in policy: `policy/default.yaml`, found as `builtInFile` says and read once.
    /// voxnavd checks `builtInFile` first and refuses to start without it, with the places it
    /// searched; a shipped file that does not parse is a packaging bug, found by `BuiltInPolicyTests`
    /// before it ships.
    public static let builtIn: Policy = {
        guard let file = builtInFile, let text = try? String(contentsOfFile: file.path, encoding: .utf8) else {
            fatalError("the built-in policy policy/default.yaml is in none of \(builtInSearchPath)")
        }
        do {
            return try Policy.parse(completeYAML: text)
        } catch {
            fatalError("the built-in policy \(file.path) is not valid:\n\(error)")
        }
    }()

    /// The places searched for the built-in policy, for an error message.
    public static var builtInSearchPath: String {
        DataDirectories.current.places.map { $0.path + "/policy/default.yaml" }.joined(separator: ", ")
    }
}
