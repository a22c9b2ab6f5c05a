import Synchronization

/// Told of every change a test can wait for on the in-memory server (`FakeSoundServer`), its prompt
/// stream (`HeldOutput`) and the engine's events (`EventLog`), so that `EngineRig.waitFor` looks
/// again only when something has changed, instead of polling on a timer. One for the test process:
/// a change in another test's rig only makes a waiter look once more.
final class Changes: Sendable {
    static let shared = Changes()

    private struct State {
        var generation: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// How many changes there have been.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Something changed: every waiter looks again.
    func signal() {
        let waiters = state.withLock { state in
            state.generation += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once there has been a change since `seen` (at once if there has), or when the task
    /// is cancelled.
    func change(after seen: UInt64) async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    if state.generation != seen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// A change since `seen` before `deadline`: true, or false when the deadline passed first.
    func change(after seen: UInt64, before deadline: ContinuousClock.Instant) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.change(after: seen)
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(until: deadline)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}
