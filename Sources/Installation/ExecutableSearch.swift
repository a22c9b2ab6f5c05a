import FoundationEssentials

/// Programs found as the shell finds them: the first executable file of that name in PATH's
/// directories (relative ones skipped), for the helpers VoxNav starts.
public enum ExecutableSearch {
    public static func onPath(_ program: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") where directory.hasPrefix("/") {
            let candidate = directory + "/" + program
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
