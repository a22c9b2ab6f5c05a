import Logging
import NIOCore
import Synchronization

/// Closes the connections of every door idle for `timeout` (silent, and nothing owed to them:
/// `DoorConnection.isBusy`), looked at every quarter of it: one timer for every connection. A
/// sleeping task per connection would keep each connection's timer allocated until it would have
/// fired, cancelled or not (`Task.sleep` keeps its timer queued after a cancel): a flood's 320
/// connections left 320 of them spread over the heap for up to 75 s, pinning the pages the flood had
/// grown into after the heap was trimmed.
final class IdleSweep: Sendable {
    let timeout: Duration
    private let open = Mutex<[ObjectIdentifier: Watched]>([:])

    private struct Watched {
        let activity: ConnectionActivity
        let busy: @Sendable () -> Bool
        let channel: any Channel
    }

    init(timeout: Duration) { self.timeout = timeout }

    /// Watches a connection from now until `forget`.
    func watch(_ activity: ConnectionActivity, busy: @escaping @Sendable () -> Bool, channel: any Channel) {
        open.withLock { $0[ObjectIdentifier(activity)] = Watched(activity: activity, busy: busy, channel: channel) }
    }

    func forget(_ activity: ConnectionActivity) {
        _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(activity)) }
    }

    /// Closes idle connections until cancelled; a closed connection ends as one whose client left.
    func run(logger: Logger) async {
        while (try? await Task.sleep(for: timeout / 4)) != nil {
            let idle = open.withLock { $0.values.filter { $0.activity.silent(for: timeout) && !$0.busy() } }
            for watched in idle {
                logger.info("closing an idle connection", metadata: ["connection": "\(watched.activity.name)", "idleTimeout": "\(timeout)"])
                watched.channel.close(promise: nil)
            }
        }
    }
}

/// When a connection's client last sent something, for the idle sweep.
final class ConnectionActivity: Sendable {
    /// The connection's name in logs (its client's id).
    let name: String
    /// When the client last sent a line, in nanoseconds of `ContinuousClock` since the connection began.
    private let lastHeard = Atomic<Int64>(0)
    private let began = ContinuousClock.now

    init(name: String) { self.name = name }

    /// The client sent something.
    func heard() { lastHeard.store(Self.nanoseconds(ContinuousClock.now - began), ordering: .relaxed) }

    func silent(for timeout: Duration) -> Bool {
        Self.nanoseconds(ContinuousClock.now - began) - lastHeard.load(ordering: .relaxed) >= Self.nanoseconds(timeout)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }
}
