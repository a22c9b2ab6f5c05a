import AudioTestSupport
import Foundation
import RPC

/// The real voxnavd executable on a socket of its own, with a connected client, for one test.
struct RealDaemon {
    let process: Process
    let client: RPCClient
    let socket: String

    static func start(arguments: [String] = []) async throws -> RealDaemon {
        try PulseProbe.requireServer()
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
        let (process, client) = try await startDaemon(socket: socket, arguments: arguments)
        return RealDaemon(process: process, client: client, socket: socket)
    }

    /// Another connection: a client of its own.
    func connect() throws -> RPCClient { try RPCClient(socketPath: socket) }

    /// SIGTERM, as a user stops it; waits up to 5 s for it to exit.
    func stop() async {
        kill(process.processIdentifier, SIGTERM)
        for _ in 0..<100 where process.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
    }
}
