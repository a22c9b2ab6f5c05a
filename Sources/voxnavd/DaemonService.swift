import Daemon
import Engine
import Logging
import ServiceLifecycle

/// voxnavd as one service: it serves clients until a graceful shutdown (SIGTERM or SIGINT, through
/// the ServiceGroup), then stops accepting clients, restores every source, and closes the
/// connections after answering what they were waiting for.
struct DaemonService: Service {
    let server: DaemonServer
    let engine: VoxNavEngine
    let logger: Logger

    func run() async throws {
        await withDiscardingTaskGroup { group in
            group.addTask { await server.run() }
            try? await gracefulShutdown()
            logger.info("shutting down: restoring sources")
            await server.stop()
            await engine.shutdown()
            server.closeConnections()
        }
    }
}
