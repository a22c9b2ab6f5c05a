import Foundation
import Installation
import Testing

/// The XDG base-directory order of the data search, read from the environment as the specification says.
@Suite struct DataDirectoriesTests {
    @Test func theUsersDataComesFirstThenEachSystemDirectoryThenThePrefixThenTheSourceTree() {
        let dirs = DataDirectories(
            environment: ["XDG_DATA_HOME": "/home/u/data", "XDG_DATA_DIRS": "/opt/share:/usr/share"], home: "/home/u",
            executable: "/opt/voxnav/bin/voxnavd", sourceTree: "/src/voxnav")
        #expect(
            dirs.places == [
                .init(path: "/home/u/data/voxnav", origin: .user), .init(path: "/opt/share/voxnav", origin: .system),
                .init(path: "/usr/share/voxnav", origin: .system), .init(path: "/opt/voxnav/share/voxnav", origin: .prefix),
                .init(path: "/src/voxnav", origin: .sourceTree),
            ])
    }

    @Test func unsetOrEmptyVariablesTakeTheSpecificationsDefaults() {
        for environment in [[:], ["XDG_DATA_HOME": "", "XDG_DATA_DIRS": ""]] {
            let dirs = DataDirectories(environment: environment, home: "/home/u", executable: nil, sourceTree: nil)
            #expect(dirs.places.map(\.path) == ["/home/u/.local/share/voxnav", "/usr/local/share/voxnav", "/usr/share/voxnav"])
        }
    }

    @Test func relativePathsAreIgnored() {
        let dirs = DataDirectories(
            environment: ["XDG_DATA_HOME": "data", "XDG_DATA_DIRS": "share:/usr/share"], home: "/home/u", executable: nil, sourceTree: nil)
        #expect(dirs.places.map(\.path) == ["/home/u/.local/share/voxnav", "/usr/share/voxnav"])
    }

    @Test func aDirectoryMetTwiceCountsOnceAtItsFirstPlace() {
        // Installed with the default prefix ~/.local, the prefix's share is the user's data directory.
        let dirs = DataDirectories(environment: [:], home: "/home/u", executable: "/home/u/.local/bin/voxnav", sourceTree: nil)
        #expect(dirs.places.filter { $0.path == "/home/u/.local/share/voxnav" }.map(\.origin) == [.user])
        let usr = DataDirectories(environment: [:], home: "/home/u", executable: "/usr/bin/voxnav", sourceTree: nil)
        #expect(usr.places.map(\.origin) == [.user, .system, .system])
    }

    @Test func theFirstPlaceHoldingAFileWins() throws {
        let root = try TemporaryTree()
        try root.write("prefix/share/voxnav/policy/default.yaml", "prefix")
        try root.write("system/voxnav/policy/default.yaml", "system")
        let dirs = DataDirectories(
            environment: ["XDG_DATA_HOME": root.path("home"), "XDG_DATA_DIRS": root.path("system")], home: "/nonexistent",
            executable: root.path("prefix/bin/voxnavd"), sourceTree: nil)
        #expect(dirs.firstFile("policy/default.yaml") == .init(path: root.path("system/voxnav/policy/default.yaml"), origin: .system))
        try root.write("home/voxnav/policy/default.yaml", "user")
        #expect(dirs.firstFile("policy/default.yaml")?.origin == .user)
        #expect(dirs.firstFile("policy/missing.yaml") == nil)
        #expect(dirs.existing(directory: "policy").map(\.origin) == [.user, .system, .prefix])
    }

    @Test func thisProcessFindsTheSourceTreesData() throws {
        let place = try #require(DataDirectories.current.firstFile("policy/default.yaml"))
        #expect(FileManager.default.fileExists(atPath: place.path))
    }

    /// The checkout is found from where the executable lies, never from a path compiled in: an installed
    /// copy reads no build machine's tree.
    @Test func theSourceTreeIsTheCheckoutTheExecutableRunsFrom() throws {
        let root = try TemporaryTree()
        try root.write("checkout/Package.swift", "// swift-tools-version:6.1")
        try root.write("checkout/.build/x86_64-unknown-linux-gnu/debug/voxnav", "")
        try root.write("checkout/.build-release/release/voxnavd", "")
        try root.write("elsewhere/.build/debug/voxnav", "")
        try root.write("prefix/bin/voxnav", "")
        #expect(DataDirectories.sourceTree(containing: root.path("checkout/.build/x86_64-unknown-linux-gnu/debug/voxnav")) == root.path("checkout"))
        #expect(DataDirectories.sourceTree(containing: root.path("checkout/.build-release/release/voxnavd")) == root.path("checkout"))
        // A build directory with no Package.swift beside it, an installed copy, a bare name: none.
        #expect(DataDirectories.sourceTree(containing: root.path("elsewhere/.build/debug/voxnav")) == nil)
        #expect(DataDirectories.sourceTree(containing: root.path("prefix/bin/voxnav")) == nil)
        #expect(DataDirectories.sourceTree(containing: "/usr/bin/voxnav") == nil)
        #expect(DataDirectories.sourceTree(containing: "voxnav") == nil)
        #expect(DataDirectories.sourceTree(containing: nil) == nil)
    }

    @Test func theVersionIsSemantic() {
        let parts = VoxNavVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(VoxNavVersion.current)")
    }
}

/// A directory that is removed when the test ends.
final class TemporaryTree {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    func write(_ relative: String, _ text: String) throws {
        let file = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
