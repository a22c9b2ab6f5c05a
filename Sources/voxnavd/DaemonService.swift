import Daemon
import Engine
import Logging
import ServiceLifecycle
import Synchronization

/// voxnavd's server as a service: it serves clients until a graceful shutdown (a stop signal,
/// `StopSignals`, through the ServiceGroup), then stops accepting clients, restores every source, and closes the
/// connections after answering what they were waiting for.
struct DaemonService: Service {
    /// Every door: JSON-RPC, and SSIP where it is open.
    let server: DaemonServer
    let engine: VoxNavEngine
    let logger: Logger
    /// systemd's notification socket, when started as `Type=notify`.
    let notifier: ServiceNotifier?
    /// The socket's path, for the status systemd shows.
    let socket: String
    /// Whether the graceful shutdown ran out of time.
    let record: ShutdownRecord

    /// Sends a state to systemd, if it listens; a failure is logged, never fatal.
    static func tell(_ notifier: ServiceNotifier?, _ state: String, logger: Logger) {
        guard let notifier else { return }
        do {
            try notifier.notify(state)
        } catch {
            logger.warning("\(error)")
        }
    }

    /// How long a graceful shutdown may take (the ServiceGroup's `maximumGracefulShutdownDuration`):
    /// a stopped or hung sound server must not keep the daemon alive. Past it, the group cancels
    /// this service, and the engine gives the server up (`VoxNavEngine.abandonSoundServer`): what is
    /// still ducked stays in the journal, and the next voxnavd restores it. A stop signal ends the
    /// daemon within 2 s whatever happens (`StopSignals`).
    static let shutdownDeadline: Duration = .milliseconds(1500)

    /// What voxnavd logs when the graceful shutdown ran out of time (it then exits with status 1).
    static let outOfTime =
        "the sound server did not answer while sources were restored: exited without them; the next voxnavd restores them from the journal"

    func run() async throws {
        // Clients are taken once the engine has done its start-up (`VoxNavEngine.run()`).
        await engine.untilStarted()
        Self.tell(notifier, "READY=1\nSTATUS=listening on \(socket)", logger: logger)
        await withDiscardingTaskGroup { group in
            group.addTask { await server.run() }
            try? await gracefulShutdown()
            logger.info("shutting down: restoring sources", metadata: ["signal": "\(record.signal.map(StopSignals.name(of:)) ?? "none")"])
            Self.tell(notifier, "STOPPING=1", logger: logger)
            await server.stop()
            // Cancelled when the shutdown runs out of time: every request the server still owes fails
            // at once, and the restores end undone, journalled.
            await withTaskCancellationHandler {
                await engine.shutdown()
            } onCancel: {
                engine.abandonSoundServer()
            }
            if !Task.isCancelled { record.restoredEverySource() }
            server.closeConnections()
        }
        if Task.isCancelled {
            logger.error("\(Self.outOfTime)", metadata: ["waited": "\(Self.shutdownDeadline)"])
            record.ranOutOfTime()
        }
    }
}

/// The engine as a service: its tasks run until `DaemonService` shuts it down (`VoxNavEngine.run()`),
/// which comes first in the group's graceful shutdown; this one then ends in its own turn (a service
/// that returns before its turn would make the group cancel the others).
struct EngineService: Service {
    let engine: VoxNavEngine

    func run() async throws {
        await engine.run()
        try? await gracefulShutdown()
    }
}

/// What ended voxnavd's run, for its exit status: the first stop signal (`StopSignals`), and whether
/// the graceful shutdown ran out of time. Kept here, not thrown: a group that has cancelled its
/// services does not always pass a service's error on (the engine's own service may end first).
final class ShutdownRecord: Sendable {
    private let outOfTime = Atomic(false)
    /// The first stop signal's number; 0 before one came.
    private let firstSignal = Atomic<Int32>(0)

    /// Set once the graceful shutdown has restored every source: what is left (the connections
    /// closing, the tasks ending) leaves nothing ducked if the hard exit comes first.
    private let restored = Atomic(false)

    func ranOutOfTime() { outOfTime.store(true, ordering: .relaxed) }
    var didRunOutOfTime: Bool { outOfTime.load(ordering: .relaxed) }

    func restoredEverySource() { restored.store(true, ordering: .relaxed) }
    var didRestoreEverySource: Bool { restored.load(ordering: .relaxed) }

    /// Records `signal` if it is the first; returns whether it was.
    func stopped(by signal: Int32) -> Bool {
        firstSignal.compareExchange(expected: 0, desired: signal, ordering: .relaxed).exchanged
    }

    /// The signal that stopped voxnavd, if one did.
    var signal: Int32? {
        let signal = firstSignal.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }
}
