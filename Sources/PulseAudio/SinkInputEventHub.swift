import CPulse

/// Fans the context's one subscribe callback out to every `sinkInputEvents()` stream.
/// Guarded by the mainloop lock: registered under it, called back on the mainloop thread.
final class SinkInputEventHub: @unchecked Sendable {
    private var subscribers: [Int: AsyncStream<SinkInputEvent>.Continuation] = [:]
    private var nextID = 0

    func add(_ continuation: AsyncStream<SinkInputEvent>.Continuation) -> Int {
        nextID += 1
        subscribers[nextID] = continuation
        return nextID
    }

    func remove(_ id: Int) { subscribers[id] = nil }

    var isEmpty: Bool { subscribers.isEmpty }

    func deliver(_ type: pa_subscription_event_type_t, index: UInt32) {
        let facility = type.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
        guard facility == PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue else { return }
        let change: SinkInputEvent.Change
        switch type.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue {
        case PA_SUBSCRIPTION_EVENT_NEW.rawValue: change = .new
        case PA_SUBSCRIPTION_EVENT_REMOVE.rawValue: change = .remove
        default: change = .change
        }
        for continuation in subscribers.values { continuation.yield(SinkInputEvent(change, index: index)) }
    }

    /// Ends every stream (the connection is going away).
    func finishAll() {
        let all = subscribers.values
        subscribers = [:]
        for continuation in all { continuation.finish() }
    }
}
