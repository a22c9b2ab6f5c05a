import Foundation
import ProcessSupport

/// A private session bus: `dbus-daemon --session` on a socket in a temporary directory, for one
/// test, so that neither a user's players nor another test's are on it. Stopped by `stop()`.
public final class PrivateSessionBus: @unchecked Sendable {
    public let address: String
    private let process: ChildProcess
    private let directory: URL

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("bus").path
        address = "unix:path=\(socket)"
        process = try ChildProcess(
            "dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=\(address)"], output: .discard, error: .discard)
        for _ in 0..<200 {
            if FileManager.default.fileExists(atPath: socket) { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        stop()
        throw ForeignPlayerError(description: "dbus-daemon did not open \(socket)")
    }

    public func stop() {
        process.stop(within: 1)
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }
}
