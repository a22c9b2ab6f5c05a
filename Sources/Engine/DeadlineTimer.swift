import AudioPolicy

/// Wakes the policy when its next deadline (a linger, a hold's end, the idle cap) comes: one timer
/// per new deadline, a child of the engine's `run()`; one whose deadline has changed since finds
/// itself superseded.
///
/// A part of `VoxNavEngine`, owned by it and run only in its turns.
final class DeadlineTimer {
    /// The deadline a timer waits for, and that timer's generation.
    private var pending: (deadline: Double, generation: UInt64)?
    private var generations: UInt64 = 0

    /// A timer for the policy's next deadline, unless one already waits for it.
    func schedule(on engine: isolated VoxNavEngine) {
        guard let deadline = engine.policy.nextDeadline else {
            pending = nil
            return
        }
        guard pending?.deadline != deadline else { return }
        generations += 1
        let generation = generations
        pending = (deadline, generation)
        engine.spawnChild { [clock = engine.clock] in
            await clock.sleep(until: deadline + 0.001)
            guard !Task.isCancelled else { return }
            await engine.deadlineCame(generation)
        }
    }

    /// Whether the timer `generation` is still the one for the policy's next deadline; it is gone then.
    func came(_ generation: UInt64) -> Bool {
        guard pending?.generation == generation else { return false }
        pending = nil
        return true
    }

    /// No timer's deadline counts any more (the engine is shutting down).
    func cancel() { pending = nil }
}
