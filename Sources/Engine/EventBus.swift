import RPC
import Synchronization

/// Tells every subscriber each event, in the order the events are emitted, from whichever part of
/// the engine emits it (the engine, the prompt player). Subscribers are called synchronously, so an
/// event is never overtaken by a later one; hence a mutex rather than an actor hop.
final class EventBus: Sendable {
    private struct Subscribers {
        var sinks: [Int: @Sendable (EventRecord) -> Void] = [:]
        var next = 0
    }

    private let subscribers = Mutex(Subscribers())

    /// Calls `sink` with every event from now on; returns a token for `unsubscribe`.
    func subscribe(_ sink: @escaping @Sendable (EventRecord) -> Void) -> Int {
        subscribers.withLock {
            $0.next += 1
            $0.sinks[$0.next] = sink
            return $0.next
        }
    }

    func unsubscribe(_ token: Int) {
        _ = subscribers.withLock { $0.sinks.removeValue(forKey: token) }
    }

    /// Tells `event`, which happened at `time`, encoded once as the protocol's record.
    func emit(_ event: EngineEvent, at time: Double) {
        let record = event.record(at: time)
        // Called under the lock: two emitters cannot interleave their events between subscribers.
        subscribers.withLock { for sink in $0.sinks.values { sink(record) } }
    }
}
