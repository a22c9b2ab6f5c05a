import AudioTestSupport
import Daemon
import Engine
import Foundation
import Logging
import RPC
import RPCSocket

/// A real daemon (engine + socket server) on a temporary socket, for one test.
struct DaemonHarness {
    let engine: VoxNavEngine
    let server: DaemonServer
    let socketPath: String
    /// The server's `run()`, for as long as the test lasts.
    let serving: Task<Void, Never>

    static func start(configuration: EngineConfiguration = EngineConfiguration()) async throws -> DaemonHarness {
        try PulseProbe.requireServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-test-\(UUID().uuidString.prefix(8))")
        let path = directory.path + "/voxnav.sock"
        var logger = Logger(label: "voxnavd.test")
        logger.logLevel = .warning
        let engine = try await VoxNavEngine.started(configuration: configuration, logger: logger)
        let server = try await DaemonServer.bind(socketPath: path, engine: engine, logger: logger)
        return DaemonHarness(engine: engine, server: server, socketPath: path, serving: Task { await server.run() })
    }

    /// As voxnavd stops: no new clients, the engine restores everything, then the connections close.
    func stop() async {
        await server.stop()
        await engine.shutdown()
        server.closeConnections()
        await serving.value
        try? FileManager.default.removeItem(atPath: (socketPath as NSString).deletingLastPathComponent)
    }

    func client() throws -> RPCClient { try RPCClient(socketPath: socketPath) }
}

/// A socket path in a directory of its own under the temporary directory, for one daemon.
func temporarySocketPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(name)-\(UUID().uuidString.prefix(8))/voxnav.sock").path
}

/// Runs blocking socket I/O off the cooperative thread pool, on a thread of its own: on Linux,
/// Dispatch's global queue shares its threads with Swift's tasks, so reads blocked there can leave
/// an in-process daemon's tasks waiting for a thread (see `onOwnThread`).
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await onOwnThread(body)
}

// Each test uses a client from one blocking call at a time.
extension RPCClient: @unchecked Sendable {}

extension RPCClient {
    /// Writes a raw line and reads the next line back as JSON.
    func exchange(_ raw: String) throws -> JSONValue {
        try writeAll(Data((raw + "\n").utf8))
        return try JSONDecoder().decode(JSONValue.self, from: readLine())
    }
}
