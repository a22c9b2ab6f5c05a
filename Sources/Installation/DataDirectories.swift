import FoundationEssentials

/// Where VoxNav looks for its data (phrase packs in `voices/`, the built-in policy in
/// `policy/default.yaml`), by the XDG base-directory rules, most important first:
/// `$XDG_DATA_HOME/voxnav` (default `~/.local/share/voxnav`), each of `$XDG_DATA_DIRS/voxnav`
/// (default `/usr/local/share:/usr/share`), the install prefix's `share/voxnav` (found from the
/// running executable, `PREFIX/bin/…`), then the checkout it runs from (an executable under its `.build`). A relative path in
/// either variable is ignored, as the specification says; a directory met twice counts once, at
/// its first place.
public struct DataDirectories: Sendable, Equatable {
    /// One directory to search, and the rule that named it.
    public struct Place: Sendable, Equatable {
        public let path: String
        public let origin: DataOrigin

        public init(path: String, origin: DataOrigin) {
            self.path = path
            self.origin = origin
        }
    }

    /// Every place, most important first (whether it exists or not).
    public let places: [Place]

    public init(places: [Place]) {
        var seen = Set<String>()
        self.places = places.filter { seen.insert(URL(fileURLWithPath: $0.path).standardizedFileURL.path).inserted }
    }

    /// The places for an environment, a home directory, the running executable's path and the source tree's root.
    public init(environment: [String: String], home: String, executable: String?, sourceTree: String?) {
        let (dataHome, dataDirs) = XDGBaseDirectories.data.directories(environment: environment, home: home)
        var places = [Place(path: dataHome + "/voxnav", origin: .user)]
        places += dataDirs.map { Place(path: $0 + "/voxnav", origin: .system) }
        if let executable {
            let prefix = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent()
            places.append(Place(path: prefix.appendingPathComponent("share/voxnav").path, origin: .prefix))
        }
        if let sourceTree { places.append(Place(path: sourceTree, origin: .sourceTree)) }
        self.init(places: places)
    }

    /// The places for this process.
    public static var current: DataDirectories {
        DataDirectories(
            environment: ProcessInfo.processInfo.environment, home: FileManager.default.homeDirectoryForCurrentUser.path, executable: runningExecutable,
            sourceTree: sourceTree)
    }

    /// The places holding the directory `name` (e.g. `voices`), most important first, as those directories.
    public func existing(directory name: String) -> [Place] {
        places.compactMap { place in
            let path = place.path + "/" + name
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory else { return nil }
            return Place(path: path, origin: place.origin)
        }
    }

    /// The first place holding the file `relative` (e.g. `policy/default.yaml`): its path and origin.
    public func firstFile(_ relative: String) -> Place? {
        for place in places {
            let path = place.path + "/" + relative
            if FileManager.default.isReadableFile(atPath: path) { return Place(path: path, origin: place.origin) }
        }
        return nil
    }

    /// The running executable, symbolic links resolved (`/proc/self/exe`): where the program really
    /// is, whether it was run by a path or found on PATH (`argv[0]` is then a bare name, which would
    /// mean the current directory).
    public static var runningExecutable: String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    /// The source tree of this process, if it runs from a checkout's build directory.
    static var sourceTree: String? { sourceTree(containing: runningExecutable) }

    /// The checkout an executable was built in: the directory holding the `.build…` directory (SwiftPM's
    /// scratch path, or another named `.build-something`) the executable lies under, if that directory
    /// has the `Package.swift`. An installed copy (`/usr/bin/voxnav`) has none, so it never reads the
    /// build machine's checkout, and no path of that machine is compiled in.
    public static func sourceTree(containing executable: String?) -> String? {
        guard let executable, executable.hasPrefix("/") else { return nil }
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while directory.path != "/" {
            if directory.lastPathComponent.hasPrefix(".build") {
                let root = directory.deletingLastPathComponent()
                return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) ? root.path : nil
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
