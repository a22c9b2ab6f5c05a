import Foundation
import Testing

@testable import Installation

/// Where the policy a user or an administrator edits is looked for (pure: the environment is given).
@Suite struct ConfigDirectoriesTests {
    @Test func theUsersDirectoryComesBeforeTheSystemsAndEtcXdgIsTheDefault() {
        let dirs = ConfigDirectories(environment: [:], home: "/home/u")
        #expect(dirs.directories == ["/home/u/.config/voxnav", "/etc/xdg/voxnav"])
        let set = ConfigDirectories(environment: ["XDG_CONFIG_HOME": "/cfg", "XDG_CONFIG_DIRS": "/a:relative:/b:/a"], home: "/home/u")
        #expect(set.directories == ["/cfg/voxnav", "/a/voxnav", "/b/voxnav"])
        // Relative or empty values are ignored, as the XDG specification says.
        let odd = ConfigDirectories(environment: ["XDG_CONFIG_HOME": "cfg", "XDG_CONFIG_DIRS": ""], home: "/home/u")
        #expect(odd.directories == ["/home/u/.config/voxnav", "/etc/xdg/voxnav"])
    }

    @Test func theFirstDirectoryHoldingTheFileWins() {
        let dirs = ConfigDirectories(environment: ["XDG_CONFIG_HOME": "/cfg", "XDG_CONFIG_DIRS": "/a:/b"], home: "/home/u")
        #expect(dirs.firstFile("policy.yaml") { $0 == "/b/voxnav/policy.yaml" } == "/b/voxnav/policy.yaml")
        #expect(dirs.firstFile("policy.yaml") { $0 != "/a/voxnav/policy.yaml" } == "/cfg/voxnav/policy.yaml")
        #expect(dirs.firstFile("policy.yaml") { _ in false } == nil)
    }
}
