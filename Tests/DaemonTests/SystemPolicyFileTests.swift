import Foundation
import Testing

/// The policy an administrator edits (the package's conffile, `/etc/xdg/voxnav/policy.yaml`) is read by
/// the real voxnavd from `$XDG_CONFIG_DIRS`, after the user's own in `$XDG_CONFIG_HOME` (no sound server
/// is needed: a policy that cannot be read stops voxnavd before it connects).
@Suite struct SystemPolicyFileTests {
    @Test func voxnavdReadsThePolicyOfXdgConfigDirsAfterTheUsersOwn() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-config-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for dir in ["home/voxnav", "system/voxnav", "other/voxnav"] {
            try FileManager.default.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
        }
        // The system's file says something no policy may: voxnavd must name it when it reads it.
        try "duckLevelDB: 12\n".write(toFile: root + "/system/voxnav/policy.yaml", atomically: true, encoding: .utf8)
        let socket = root + "/run/voxnav.sock"
        let environment = ["XDG_CONFIG_HOME": root + "/home", "XDG_CONFIG_DIRS": root + "/other:" + root + "/system"]
        let (status, output) = try Executables.run("voxnavd", ["--socket", socket], environment: environment, limit: 30)
        #expect(status == 64, "\(output)")
        #expect(output.contains("the policy file \(root)/system/voxnav/policy.yaml is not valid"), "\(output)")

        // The user's own file comes first: its fault is named, the system's file is not read.
        try "duckLevelDB: 13\n".write(toFile: root + "/home/voxnav/policy.yaml", atomically: true, encoding: .utf8)
        let (userStatus, userOutput) = try Executables.run("voxnavd", ["--socket", socket], environment: environment, limit: 30)
        #expect(userStatus == 64, "\(userOutput)")
        #expect(userOutput.contains("the policy file \(root)/home/voxnav/policy.yaml is not valid"), "\(userOutput)")
        #expect(!userOutput.contains("system/voxnav"), "\(userOutput)")
    }
}
