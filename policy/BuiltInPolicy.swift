import AudioPolicy
import Foundation

extension Policy {
    /// The built-in policy: `policy/default.yaml`, shipped as this target's resource and read once.
    /// It cannot fail for a user: a shipped file that does not parse is a packaging bug, found by
    /// `BuiltInPolicyTests` before it ships.
    public static let builtIn: Policy = {
        guard let url = Bundle.module.url(forResource: "default", withExtension: "yaml"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { fatalError("the built-in policy policy/default.yaml is missing from VoxNav's resources") }
        do {
            return try Policy.parse(completeYAML: text)
        } catch {
            fatalError("the built-in policy policy/default.yaml is not valid:\n\(error)")
        }
    }()
}
