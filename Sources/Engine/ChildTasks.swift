import EngineTime

/// The work the engine starts beside itself, each a child task of `VoxNavEngine.run()`: a timer, a
/// watcher, reconnecting, what says a held-back prompt. Sent from anywhere (`spawnChild`), started
/// by `run()` in the order sent; one sent once the engine has stopped is dropped.
struct ChildTasks: Sendable {
    /// One such work, counted busy on the simulated clock from when it was sent until it ends or
    /// sleeps, when `busy` is given (not a watcher that waits for events).
    struct Child: Sendable {
        let work: @Sendable () async -> Void
        let busy: EngineClock.Busy?

        func run() async {
            await work()
            busy?.done()
        }
    }

    let children: AsyncStream<Child>
    private let continuation: AsyncStream<Child>.Continuation

    init() {
        (children, continuation) = AsyncStream.makeStream(of: Child.self)
    }

    func send(_ child: Child) {
        if case .terminated = continuation.yield(child) { child.busy?.done() }
    }

    /// No child is started after those already sent.
    func finish() { continuation.finish() }
}
