import AudioPolicy
import RPC

/// The one way into the policy. Everything that changes it (a client's request, a source starting
/// or ending, the prompt player's "ready" and "finished", a deadline) is a `Command` on one
/// `AsyncStream`, taken by one task in the order it was sent. For each command the engine
/// (`VoxNavEngine.handle`) applies the input to `PolicyEngine`, cuts the prompt in flight if the
/// decisions say so, emits the events, and hands the focus events to the `FocusLane`, before it
/// takes the next command: decisions are made, told and carried out in one order. The reply goes
/// back once the lane has carried the decisions out, so the loop itself never waits for a ramp.
/// The loop, the lane and every task the engine starts are children of `VoxNavEngine.run()`.
struct PolicyLoop: Sendable {
    enum Command: Sendable {
        /// An input, stamped with the loop's reading of the clock when its turn comes.
        case input(@Sendable (Double) -> PolicyInput, reply: CheckedContinuation<Carried, Never>)
        /// An input whose sender waits for nothing (a fact told in passing, as a prompt near).
        case note(@Sendable (Double) -> PolicyInput)
        /// The style a prompt would get now; a client without a session gets a voicePrompt one first.
        case expectedStyle(ClientID, PromptPurpose, reply: CheckedContinuation<PromptStyle, Never>)
        /// The verdict on a prompt whose audio is ready, once its ducks and pauses are carried out
        /// (`PromptGate.promptReady`).
        case promptReady(ClientID, PromptPurpose, toneless: Bool, reply: CheckedContinuation<PromptGrant, Never>)
        /// The prompt stands out of the bed: every ducked source goes `extra` dB deeper.
        case duckDeeper(Double, reply: CheckedContinuation<Void, Never>)
        /// A guidance prompt has ended: its guidance learns whether the driver heard it (at the
        /// moment it ended: the player waits for the reply, so a simulated clock does not move on).
        case guidancePromptEnded(ClientID, session: UInt64, GuidancePromptEnding, reply: CheckedContinuation<Void, Never>)
        /// Answered once `client`'s prompt session holds nothing any more (`ramps.hold`): what it
        /// ducked or paused is restored, or taken over by the prompt that followed; after the lane
        /// has carried that out.
        case released(ClientID, reply: CheckedContinuation<Void, Never>)
        /// Work on the sources that is no input (the server lost or back, a stream gone): carried out
        /// in the lane after every batch decided before it.
        case carryOut(@Sendable () async -> Void)
        /// Work that runs beside the loop as a child task of the engine's `run()`: a timer, a
        /// watcher, reconnecting.
        case spawn(Child)

        /// The answer when the engine has stopped: nothing decided, nothing carried out.
        func refuse() {
            switch self {
            case .input(_, let reply): reply.resume(returning: Carried(decisions: [], decidedAt: .now, effects: FocusExecutor.Effects()))
            case .expectedStyle(_, _, let reply): reply.resume(returning: .none)
            case .promptReady(_, _, _, let reply):
                reply.resume(returning: PromptGrant(verdict: .skip(reason: "the engine has stopped"), activatedAt: nil, ducked: [], paused: []))
            case .duckDeeper(_, let reply): reply.resume()
            case .spawn(let child): child.busy?.done()
            case .guidancePromptEnded(_, _, _, let reply): reply.resume()
            case .released(_, let reply): reply.resume()
            case .carryOut, .note: break
            }
        }
    }

    /// Work the loop starts beside itself, as a child task of `run()`; counted busy on the simulated
    /// clock from when it was sent until it ends or sleeps, when `busy` is given (not a watcher
    /// that waits for events).
    struct Child: Sendable {
        let work: @Sendable () async -> Void
        let busy: EngineClock.Busy?

        func run() async {
            await work()
            busy?.done()
        }
    }

    /// What one input did: its decisions, the moment they were made (a session is active or inactive
    /// from then, before any ramp), and what carrying them out did.
    struct Carried: Sendable {
        let decisions: [PolicyDecision]
        let decidedAt: ContinuousClock.Instant
        let effects: FocusExecutor.Effects
    }

    let commands: AsyncStream<Command>
    private let continuation: AsyncStream<Command>.Continuation

    init() {
        (commands, continuation) = AsyncStream.makeStream(of: Command.self)
    }

    /// Queues a command; one sent after the loop has ended is refused at once.
    func send(_ command: Command) {
        if case .terminated = continuation.yield(command) { command.refuse() }
    }

    /// Applies an input in its turn; returns once its decisions are carried out.
    func decide(_ input: @escaping @Sendable (Double) -> PolicyInput) async -> Carried {
        await withCheckedContinuation { send(.input(input, reply: $0)) }
    }

    /// Runs `work` in the focus lane, after every batch decided before it and before any later one.
    /// Once the loop has ended there is nothing left to order it with: it runs at once.
    func carryOut<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T {
        let done: T? = await withCheckedContinuation { (reply: CheckedContinuation<T?, Never>) in
            let job: @Sendable () async -> Void = { reply.resume(returning: await work()) }
            if case .terminated = continuation.yield(.carryOut(job)) { reply.resume(returning: nil) }
        }
        if let done { return done }
        return await work()
    }

    /// No command is taken after those already sent.
    func finish() { continuation.finish() }
}

/// The prompt player's `PromptGate`: each question is a command of the policy loop.
struct PolicyLoopGate: PromptGate {
    let loop: PolicyLoop

    func expectedStyle(for client: ClientID, purpose: PromptPurpose) async -> PromptStyle {
        await withCheckedContinuation { loop.send(.expectedStyle(client, purpose, reply: $0)) }
    }

    func promptReady(_ client: ClientID, purpose: PromptPurpose, toneless: Bool) async -> PromptGrant {
        await withCheckedContinuation { loop.send(.promptReady(client, purpose, toneless: toneless, reply: $0)) }
    }

    func duckDeeper(by extra: Double) async {
        await withCheckedContinuation { loop.send(.duckDeeper(extra, reply: $0)) }
    }

    func promptComing() {
        loop.send(.note { .promptComing(at: $0) })
    }

    func promptFinished(_ client: ClientID, anotherWaiting: Bool) async -> ContinuousClock.Instant? {
        // One reading of the clock for both: a "next due" read first would already lie in the past
        // of a later `at`, and the session would not linger for the prompt waiting.
        let carried = await loop.decide { at in .promptFinished(client, nextDueAt: anotherWaiting ? at : nil, at: at) }
        let deactivated = carried.decisions.contains { if case .sessionDeactivated(client, _) = $0 { true } else { false } }
        return deactivated ? carried.decidedAt : nil
    }

    func guidancePromptEnded(_ client: ClientID, session: UInt64, _ ending: GuidancePromptEnding) async {
        await withCheckedContinuation { loop.send(.guidancePromptEnded(client, session: session, ending, reply: $0)) }
    }
}
