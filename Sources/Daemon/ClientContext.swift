import AudioPolicy
import RPC
import Synchronization

/// One JSON-RPC connection: its client identity, a way to send it notifications, its event
/// subscription, how many of its notifications wait to be written (a subscriber that does not read
/// is dropped), and how many of its requests are being handled (to refuse floods). Its request
/// tasks and the engine's event delivery reach it from any thread: atomics, no lock.
final class ClientContext: Sendable {
    /// The most notifications that may wait to be written to one subscriber; one more ends its
    /// subscription (`subscription.dropped`), so an event subscriber that never reads costs a bounded
    /// amount of memory.
    static let maxBacklog = 1000

    let id: ClientID
    private let output: ConnectionOutput
    /// Told once when the subscription is dropped for its backlog (with that backlog).
    private let whenDropped: @Sendable (ClientContext, Int) -> Void
    /// The engine's subscription token; -1: none.
    private let subscription = Atomic<Int>(-1)
    private let inFlight = Atomic<Int>(0)
    /// Notifications handed to the writer and not yet written.
    private let backlog = Atomic<Int>(0)
    /// Set when the subscription was dropped for its backlog: nothing more is sent until it subscribes again.
    private let dropped = Atomic<Bool>(false)

    init(id: ClientID, output: ConnectionOutput, whenDropped: @escaping @Sendable (ClientContext, Int) -> Void) {
        self.id = id
        self.output = output
        self.whenDropped = whenDropped
    }

    /// Sends an event notification unless the subscriber is too far behind (then its subscription
    /// is dropped, once).
    func notify(_ notification: RPCNotification) {
        guard !dropped.load(ordering: .acquiring) else { return }
        let waiting = backlog.add(1, ordering: .relaxed).newValue
        guard waiting > Self.maxBacklog else {
            return output.send(ConnectionOutput.Line(RPCLine.of(notification)) { self.backlog.subtract(1, ordering: .relaxed) })
        }
        backlog.subtract(1, ordering: .relaxed)
        if !dropped.exchange(true, ordering: .acquiringAndReleasing) { whenDropped(self, waiting - 1) }
    }

    /// The subscription was dropped for its backlog: nothing more is sent to it.
    var isDropped: Bool { dropped.load(ordering: .acquiring) }

    /// Records the engine's subscription token; returns the one it replaces.
    func subscribed(_ token: Int) -> Int? {
        dropped.store(false, ordering: .releasing)
        return Self.token(subscription.exchange(token, ordering: .acquiringAndReleasing))
    }

    /// Forgets the subscription; returns its token.
    func unsubscribed() -> Int? { Self.token(subscription.exchange(-1, ordering: .acquiringAndReleasing)) }

    private static func token(_ raw: Int) -> Int? { raw < 0 ? nil : raw }

    /// Admits one more request unless `limit` are already being handled.
    func admit(limit: Int) -> Bool {
        guard inFlight.add(1, ordering: .relaxed).newValue > limit else { return true }
        inFlight.subtract(1, ordering: .relaxed)
        return false
    }

    func done() { inFlight.subtract(1, ordering: .relaxed) }

    /// A request being handled, or an event subscription not dropped: closing the connection would
    /// lose something.
    var isBusy: Bool { inFlight.load(ordering: .relaxed) > 0 || (subscription.load(ordering: .relaxed) >= 0 && !isDropped) }
}

/// The event types a subscription asked for (nil: all), fixed for the subscription's life.
struct EventFilter: Sendable {
    let types: Set<String>?

    func admits(_ type: EventType) -> Bool {
        guard let types else { return true }
        return types.contains(type.rawValue) || types.contains(type.group)
    }
}
