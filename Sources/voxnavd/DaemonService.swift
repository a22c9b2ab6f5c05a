import Daemon
import Engine
import Foundation
import Logging
import ServiceLifecycle

/// voxnavd as one service: it serves clients until a graceful shutdown (SIGTERM or SIGINT, through
/// the ServiceGroup), then stops accepting clients, restores every source, and closes the
/// connections after answering what they were waiting for.
struct DaemonService: Service {
    let server: DaemonServer
    let engine: VoxNavEngine
    let logger: Logger
    /// systemd's notification socket, when started as `Type=notify`.
    let notifier: ServiceNotifier?

    /// Sends a state to systemd, if it listens; a failure is logged, never fatal.
    static func tell(_ notifier: ServiceNotifier?, _ state: String, logger: Logger) {
        guard let notifier else { return }
        do {
            try notifier.notify(state)
        } catch {
            logger.warning("\(error)")
        }
    }

    /// How long restoring may take at shutdown: a stopped or hung sound server must not keep the
    /// daemon alive (SIGTERM ends it within 2 s whatever the server does).
    static let shutdownDeadline: Duration = .milliseconds(1500)

    /// Restores every source; if the server takes longer than `shutdownDeadline`, exits at once
    /// (status 1) without waiting for it: what is still ducked stays in the journal, and the next
    /// voxnavd restores it.
    private func restoreOrExit() async {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await engine.shutdown()
                return true
            }
            group.addTask {
                try? await Task.sleep(for: Self.shutdownDeadline)
                return false
            }
            if await group.next() == false {
                logger.error(
                    "the sound server did not answer while sources were restored: exiting without them; the next voxnavd restores them from the journal",
                    metadata: ["waited": "\(Self.shutdownDeadline)"])
                exit(1)
            }
            group.cancelAll()
        }
    }

    func run() async throws {
        await withDiscardingTaskGroup { group in
            group.addTask { await server.run() }
            try? await gracefulShutdown()
            logger.info("shutting down: restoring sources")
            Self.tell(notifier, "STOPPING=1", logger: logger)
            await server.stop()
            await restoreOrExit()
            server.closeConnections()
        }
    }
}
