import AsyncSupport
import Synchronization

/// The moment every ramp of a batch has sent its last step to the server. What must come after the
/// ramps (a prompt's uncork, so that its first sample is heard over sources already ducked) is sent
/// right then, on the mainloop and on the same connection, so the server takes it after them, in
/// order, with no wait for its answers.
public final class RampsSent: Sendable {
    private struct State {
        var pending: Int
        var waiting: [@Sendable () -> Void] = []
        var sentAt: ContinuousClock.Instant?
    }

    private let state: Mutex<State>
    /// Set once none is pending, for those who wait in a task (`sent()`).
    private let done = OneShot<Void>()

    /// `count` ramps still to send their last step.
    public init(count: Int) {
        state = Mutex(State(pending: max(0, count)))
        if count <= 0 { done.set(()) }
    }

    /// Nothing to wait for: every ramp (none) has sent its last step.
    public static var already: RampsSent { RampsSent(count: 0) }

    /// When the last of the ramps sent its last step; nil while one has not, or when there were none.
    public var sentAt: ContinuousClock.Instant? { state.withLock { $0.sentAt } }

    /// One ramp has sent its last step, or failed and sends no more. Once none is pending, what waits
    /// runs here (on the mainloop, under its lock, for a `PulseConnection`'s ramp).
    public func stepSent() {
        // What waits, once this was the last one pending; nil while others are.
        let ready: [@Sendable () -> Void]? = state.withLock { state in
            guard state.pending > 0 else { return nil }
            state.pending -= 1
            guard state.pending == 0 else { return nil }
            state.sentAt = .now
            defer { state.waiting = [] }
            return state.waiting
        }
        guard let ready else { return }
        for action in ready { action() }
        done.set(())
    }

    /// Returns once every ramp has sent its last step (at once if they have), or throws if the
    /// waiting task is cancelled first.
    public nonisolated(nonsending) func sent() async throws(CancellationError) {
        try await done.valueUnlessCancelled()
    }

    /// Runs `action` once every ramp has sent its last step: at once, in the caller, if they have;
    /// else right after the last one is sent.
    public func then(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state in
            guard state.pending > 0 else { return true }
            state.waiting.append(action)
            return false
        }
        if now { action() }
    }
}
