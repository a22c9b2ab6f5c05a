import Synchronization

/// Fans the context's one subscribe callback out to every `sinkInputEvents()` stream.
///
/// Its own small lock guards the subscribers, never held while an event is handed over. The
/// mainloop lock must not guard them: a stream ending (its task cancelled) removes itself while the
/// Swift runtime holds that task's status lock, and the mainloop thread hands an event over (which
/// takes the same task's status lock) while holding the mainloop lock, so the two deadlocked (seen
/// in a CI run: `VoxNavEngine.shutdown` cancelling the foreign-stream watch as an event came in).
final class SinkInputEventHub: Sendable {
    private struct Subscribers {
        var continuations: [Int: AsyncStream<SinkInputEvent>.Continuation] = [:]
        var nextID = 0
    }

    private let subscribers = Mutex(Subscribers())

    func add(_ continuation: AsyncStream<SinkInputEvent>.Continuation) -> Int {
        subscribers.withLock { subscribers in
            subscribers.nextID += 1
            subscribers.continuations[subscribers.nextID] = continuation
            return subscribers.nextID
        }
    }

    func remove(_ id: Int) { subscribers.withLock { _ = $0.continuations.removeValue(forKey: id) } }

    var isEmpty: Bool { subscribers.withLock { $0.continuations.isEmpty } }

    /// Called back on the mainloop thread.
    func deliver(_ event: SinkInputEvent) {
        let all = subscribers.withLock { Array($0.continuations.values) }
        for continuation in all { continuation.yield(event) }
    }

    /// Ends every stream (the connection is going away).
    func finishAll() {
        let all = subscribers.withLock { subscribers in
            defer { subscribers.continuations = [:] }
            return Array(subscribers.continuations.values)
        }
        for continuation in all { continuation.finish() }
    }
}
