import Foundation
import Testing

/// With no voxnavd running, the real `voxnav` says how to start one: by hand, or by systemd at the
/// first connection (it once asked only "is voxnavd running?").
@Suite struct NoDaemonMessageTests {
    @Test func aClientWithNoDaemonNamesBothWaysToStartIt() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-no-daemon-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let (status, output) = try Executables.run("voxnav", ["status"], environment: ["XDG_RUNTIME_DIR": runtime], limit: 30)
        #expect(status != 0, "\(output)")
        #expect(output.contains("cannot connect to voxnavd at \(runtime)/voxnav/voxnav.sock"), "\(output)")
        #expect(output.contains("Start it with `voxnavd &`"), "\(output)")
        #expect(output.contains("systemctl --user enable --now voxnavd.socket"), "\(output)")
    }
}
