import FoundationEssentials
import TextFormat

/// One scenario of a run and the folder its report goes to.
struct DriveJob: Sendable {
    /// The scenario file as given (or found in a given directory).
    let scenario: String
    /// Its short name: the file's name without `.yaml`, made unique within the run.
    let label: String
    let out: String

    /// The scenarios named by the arguments: files as given, and each directory's `*.yaml` and
    /// `*.yml` files (not its subdirectories, where route files live), in name order. One file alone
    /// writes into `out` itself; several write into `out/<label>`.
    static func plan(_ arguments: [String], out: String) throws -> (jobs: [DriveJob], single: Bool) {
        var files: [String] = []
        for argument in arguments {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw CLIError("cannot read the scenario \(argument): no such file or directory")
            }
            guard isDirectory else {
                files.append(argument)
                continue
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: argument)
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
                .filter { name in
                    var nested = false
                    return FileManager.default.fileExists(atPath: PathText.join(argument, name), isDirectory: &nested)
                        && !nested
                }
                .sorted()
            guard !names.isEmpty else { throw CLIError("\(argument): no scenario files (*.yaml, *.yml) in this directory") }
            files += names.map { PathText.join(argument, $0) }
        }
        let single = files.count == 1 && arguments.count == 1 && files[0] == arguments[0]
        var taken: Set<String> = []
        let jobs = files.map { file in
            let base = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            var label = base
            var n = 2
            while !taken.insert(label).inserted {
                label = "\(base)-\(n)"
                n += 1
            }
            return DriveJob(scenario: file, label: label, out: single ? out : PathText.join(out, label))
        }
        return (jobs, single)
    }
}
