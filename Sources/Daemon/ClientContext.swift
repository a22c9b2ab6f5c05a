import AudioPolicy
import Foundation
import RPC

/// One connection: its client identity, a way to send it notifications, its event subscription,
/// and how many of its requests are being handled (to refuse floods).
final class ClientContext: @unchecked Sendable {
    let id: ClientID
    private let send: @Sendable (RPCNotification) -> Void
    private let lock = NSLock()
    private var subscription: Int?
    private var eventTypes: Set<String>?
    private var inFlight = 0

    init(id: ClientID, send: @escaping @Sendable (RPCNotification) -> Void) {
        self.id = id
        self.send = send
    }

    func notify(_ notification: RPCNotification) { send(notification) }

    /// Records the engine's subscription token and the event types wanted (nil: all).
    func subscribed(_ token: Int, types: Set<String>?) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        let old = subscription
        subscription = token
        eventTypes = types
        return old
    }

    func unsubscribed() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        let old = subscription
        subscription = nil
        return old
    }

    func wants(_ type: EventType) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let eventTypes else { return true }
        return eventTypes.contains(type.rawValue) || eventTypes.contains(type.group)
    }

    /// Admits one more request unless `limit` are already being handled.
    func admit(limit: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard inFlight < limit else { return false }
        inFlight += 1
        return true
    }

    func done() {
        lock.lock()
        inFlight -= 1
        lock.unlock()
    }
}
