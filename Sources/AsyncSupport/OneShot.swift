import Synchronization

/// A value set once and awaited by any number of tasks, whether they start waiting before or after
/// it is set: a prompt's outcome, the end of a car source, the daemon's connections closing. Setting
/// it again changes nothing. It can be set from any thread, a C library's callback thread among them
/// (hence the mutex).
public final class OneShot<Value: Sendable>: Sendable {
    private struct Waiting {
        var waiters: [UInt64: CheckedContinuation<Value?, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private enum State {
        case waiting(Waiting)
        case set(Value)
    }

    private let state = Mutex<State>(.waiting(Waiting()))

    public init() {}

    /// Sets the value and wakes every waiter. Returns false, keeping the first value, if it was set already.
    @discardableResult
    public func set(_ value: Value) -> Bool {
        let waiters: [CheckedContinuation<Value?, Never>]? = state.withLock { state in
            guard case .waiting(let waiting) = state else { return nil }
            state = .set(value)
            return Array(waiting.waiters.values)
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(returning: value) }
        return true
    }

    /// The value, once it is set (waiting through cancellation). Awaited in the caller's isolation: a
    /// value already set costs no hop.
    public nonisolated(nonsending) var value: Value {
        get async {
            // Not cancellable: the waiter is never taken away, so it is always resumed with the value.
            await wait(cancellable: false)!
        }
    }

    /// The value, once it is set; throws `CancellationError` if the waiting task is cancelled first.
    public nonisolated(nonsending) func valueUnlessCancelled() async throws(CancellationError) -> Value {
        guard let value = await wait(cancellable: true) else { throw CancellationError() }
        return value
    }

    /// Whether it is set.
    public var isSet: Bool {
        state.withLock { if case .set = $0 { true } else { false } }
    }

    /// The value, or nil when `cancellable` and the task was cancelled first.
    private nonisolated(nonsending) func wait(cancellable: Bool) async -> Value? {
        let id: UInt64? = state.withLock { state in
            guard case .waiting(var waiting) = state else { return nil }
            waiting.nextWaiter += 1
            state = .waiting(waiting)
            return waiting.nextWaiter
        }
        guard let id else { return state.withLock { if case .set(let value) = $0 { value } else { nil } } }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let resumeNow: Value?? = state.withLock { state in
                    switch state {
                    case .set(let value): return .some(value)
                    case .waiting(var waiting):
                        // Cancelled before it began to wait: the handler below found nothing to wake.
                        if cancellable && Task.isCancelled { return .some(nil) }
                        waiting.waiters[id] = continuation
                        state = .waiting(waiting)
                        return nil
                    }
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            guard cancellable else { return }
            let waiter: CheckedContinuation<Value?, Never>? = state.withLock { state in
                guard case .waiting(var waiting) = state, let waiter = waiting.waiters.removeValue(forKey: id) else { return nil }
                state = .waiting(waiting)
                return waiter
            }
            waiter?.resume(returning: nil)
        }
    }
}
