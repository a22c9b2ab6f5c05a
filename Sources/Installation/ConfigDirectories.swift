import FoundationEssentials

/// Where VoxNav looks for the files a user or an administrator edits (the audio policy), by the XDG
/// base-directory rules, most important first: `$XDG_CONFIG_HOME/voxnav` (default `~/.config/voxnav`),
/// then each of `$XDG_CONFIG_DIRS/voxnav` (default `/etc/xdg/voxnav`, where the package installs its
/// editable copy of the built-in policy as a conffile). A relative path in either variable is ignored.
public struct ConfigDirectories: Sendable, Equatable {
    /// Every directory, most important first (whether it exists or not).
    public let directories: [String]

    public init(environment: [String: String], home: String) {
        let (configHome, configDirs) = XDGBaseDirectories.config.directories(environment: environment, home: home)
        var seen = Set<String>()
        directories = ([configHome] + configDirs).map { $0 + "/voxnav" }.filter { seen.insert($0).inserted }
    }

    /// The directories for this process.
    public static var current: ConfigDirectories {
        ConfigDirectories(environment: ProcessInfo.processInfo.environment, home: FileManager.default.homeDirectoryForCurrentUser.path)
    }

    /// The first directory holding `name` (e.g. `policy.yaml`), as a path to that file; nil when none does.
    public func firstFile(_ name: String, exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> String? {
        directories.lazy.map { $0 + "/" + name }.first(where: exists)
    }
}
