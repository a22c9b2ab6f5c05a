import AudioPolicy
import RPC
import Synchronization

/// One connection: its client identity, a way to send it notifications, its event subscription,
/// and how many of its requests are being handled (to refuse floods). Its request tasks and the
/// engine's event delivery reach it from any thread: two atomics, no lock.
final class ClientContext: Sendable {
    let id: ClientID
    private let send: @Sendable (RPCNotification) -> Void
    /// The engine's subscription token; -1: none.
    private let subscription = Atomic<Int>(-1)
    private let inFlight = Atomic<Int>(0)

    init(id: ClientID, send: @escaping @Sendable (RPCNotification) -> Void) {
        self.id = id
        self.send = send
    }

    func notify(_ notification: RPCNotification) { send(notification) }

    /// Records the engine's subscription token; returns the one it replaces.
    func subscribed(_ token: Int) -> Int? { Self.token(subscription.exchange(token, ordering: .acquiringAndReleasing)) }

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
}

/// The event types a subscription asked for (nil: all), fixed for the subscription's life.
struct EventFilter: Sendable {
    let types: Set<String>?

    func admits(_ type: EventType) -> Bool {
        guard let types else { return true }
        return types.contains(type.rawValue) || types.contains(type.group)
    }
}
