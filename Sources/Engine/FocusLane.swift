/// Carries out the focus work the engine hands it (ducks, restores, pauses, their ramps), one
/// job at a time in the order handed: ramps on one sink input never run against each other, and a
/// later batch never overtakes an earlier one. The engine goes on deciding while a ramp runs here.
struct FocusLane: Sendable {
    private let jobs: AsyncStream<@Sendable () async -> Void>
    private let continuation: AsyncStream<@Sendable () async -> Void>.Continuation

    init() {
        (jobs, continuation) = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
    }

    /// Queues a job after every one handed before it, in the caller's turn (no hop: the engine hands
    /// a batch over in the same turn it decides it). Once the lane has ended (the engine's tasks were
    /// cancelled) there is nothing left to order it with: it runs at once, so no reply is lost.
    nonisolated(nonsending) func submit(_ job: @escaping @Sendable () async -> Void) async {
        if case .terminated = continuation.yield(job) { await job() }
    }

    /// Runs the jobs in order until `finish` and the last of them.
    func run() async {
        for await job in jobs { await job() }
    }

    func finish() { continuation.finish() }
}
