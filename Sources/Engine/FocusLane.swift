import AsyncSupport
import Synchronization

/// Carries out the focus work the engine hands it (ducks, restores, pauses, their ramps), one
/// job at a time in the order handed: ramps on one sink input never run against each other, and a
/// later batch never overtakes an earlier one. The engine goes on deciding while a ramp runs here.
///
/// A job handed over while the lane is idle (nothing waiting or running) may run its first part in
/// the caller's own task (`submitNow`): a prompt's grant then has its duck begun without two
/// hand-offs to the lane's task and back. Its second part (the ramps answered and settled) runs in
/// the lane, before any later job.
final class FocusLane: Sendable {
    typealias Job = @Sendable () async -> Void
    private let jobs: AsyncStream<Job>
    private let continuation: AsyncStream<Job>.Continuation
    /// Jobs handed over and not yet done, the one running included.
    private let pending = Mutex(0)

    init() {
        (jobs, continuation) = AsyncStream.makeStream(of: Job.self)
    }

    /// Queues a job after every one handed before it, in the caller's turn (no hop: the engine hands
    /// a batch over in the same turn it decides it). Once the lane has ended (the engine's tasks were
    /// cancelled) there is nothing left to order it with: it runs at once, so no reply is lost.
    nonisolated(nonsending) func submit(_ job: @escaping Job) async {
        pending.withLock { $0 += 1 }
        if case .terminated = continuation.yield(job) { await job() }
    }

    /// Runs `first` in the caller's task at once if the lane is idle, else in the lane after every
    /// job handed before it; what `first` returns runs in the lane right after it, before any job
    /// handed later. Either way the order of the jobs is the order they were handed over in.
    nonisolated(nonsending) func submitNow(_ first: @escaping @Sendable () async -> Job) async {
        // Taken for this job only if idle, in one step: a job handed meanwhile queues behind it.
        let idle = pending.withLock { count in
            guard count == 0 else { return false }
            count = 1
            return true
        }
        guard idle else { return await submit { await first()() } }
        // The lane keeps the place: later jobs wait for this one's second part.
        let second = OneShot<Job>()
        if case .terminated = continuation.yield({ await second.value() }) {
            await first()()
            return
        }
        _ = second.set(await first())
    }

    /// Runs the jobs in order until `finish` and the last of them.
    func run() async {
        for await job in jobs {
            await job()
            pending.withLock { $0 -= 1 }
        }
    }

    func finish() { continuation.finish() }
}
