import AudioPolicy
import EngineTime
import Guidance
import Prompts
import RPC

/// The prompts: the queue, the one playing, cancelling and expiring them, and the worker that plays
/// them one at a time, in the shape of speech-dispatcher's `speaking.c`. What the policy says of a
/// prompt comes through a `PromptGate`; audio is made by a `PromptRenderer` and played by a
/// `PromptOutput`, so the player runs the same on a sound server and on fakes.
///
/// The face the engine calls, over its parts, each the one keeper of its state:
/// - `PromptAdmission`: a request's way in (its checks, its turn to synthesise, its speech made)
///   and the requests' cadence;
/// - `WaitingPrompts`: the queue and its bounds, the alerts a cut holds, cancelling, skipping,
///   expiring and queuing again what waits, and waking the worker;
/// - `PromptWorker`: the worker, one prompt at a time from its grant to its outcome;
/// - `PromptStage`: the prompt playing and what stopped it, which the waiting side, a cut and
///   the worker all reach;
/// - `PromptReporter`: the events told of prompts, and how many were spoken and skipped.
///
/// A part of its owner, not an actor of its own: the engine holds it, and every method runs in the
/// caller's isolation (`nonisolated(nonsending)`), so the queue and the prompt playing are the
/// engine's state, changed only on the engine, with no hop between them. Its timers are the
/// owner's children too (`watch(_:clock:expire:)`).
final class PromptPlayer {
    let clock: EngineClock
    /// The deadlines of waiting prompts, each watched by a timer (`watch(_:clock:expire:)`).
    let deadlines: AsyncStream<WaitingPrompts.Deadline>
    private let reporter: PromptReporter
    private let stage: PromptStage
    private let waiting: WaitingPrompts
    private let admission: PromptAdmission
    private let worker: PromptWorker

    init(
        clock: EngineClock, renderer: any PromptRenderer, output: any PromptOutput, events: EventBus, limits: PromptLimits,
        preemption: PromptPreemption = .builtIn, wake: OutputWake = .builtIn, audibility: Audibility = .builtIn,
        cadence: PromptCadence = PromptCadence(window: 0)
    ) {
        self.clock = clock
        let (wakeups, wakeWorker) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watchDeadline: AsyncStream<WaitingPrompts.Deadline>.Continuation
        (deadlines, watchDeadline) = AsyncStream.makeStream(of: WaitingPrompts.Deadline.self)
        reporter = PromptReporter(events: events, clock: clock)
        stage = PromptStage(clock: clock, output: output, preemption: preemption)
        waiting = WaitingPrompts(
            clock: clock, limits: limits, stage: stage, reporter: reporter, wakeWorker: wakeWorker, watchDeadline: watchDeadline)
        admission = PromptAdmission(clock: clock, renderer: renderer, limits: limits, cadence: cadence, waiting: waiting, stage: stage)
        worker = PromptWorker(
            clock: clock, renderer: renderer, output: output, wake: wake, audibility: audibility, wakeups: wakeups, waiting: waiting,
            admission: admission, stage: stage, reporter: reporter)
    }

    /// Plays the prompts, one at a time, until `finish()`, asking `gate` (the engine) what the policy
    /// says of each. The worker is this task, in its owner's isolation: woken when a prompt is queued
    /// while it is idle, it plays whatever waits.
    nonisolated(nonsending) func run(gate: any PromptGate) async { await worker.run(gate: gate) }

    /// Ends `run()` once the worker is idle, and the deadlines' watcher. A prompt queued afterwards
    /// ends skipped at once.
    func finish() { finisher() }

    /// `finish()`, callable from anywhere: it only closes the worker's and the timers' streams.
    var finisher: @Sendable () -> Void { waiting.finisher }

    /// One timer per waiting prompt's deadline, each a child of the caller (the owner runs this
    /// beside `run()`, until `finish()`): a prompt still waiting 5 ms after its deadline is expired by
    /// `expire`, which calls `expireIfWaiting` in the owner's isolation.
    static func watch(
        _ deadlines: AsyncStream<WaitingPrompts.Deadline>, clock: EngineClock, expire: @escaping @Sendable (PromptID) async -> Void
    ) async {
        await withDiscardingTaskGroup { timers in
            for await deadline in deadlines {
                timers.addTask {
                    await clock.sleep(until: deadline.at + 0.005)
                    if !Task.isCancelled { await expire(deadline.id) }
                    deadline.busy.done()
                }
            }
            timers.cancelAll()
        }
    }

    static let tonelessReason = "a tone would stand for no maneuver: a continue prompt is not said as one"

    /// How many prompts wait, and whether one plays.
    var status: (waiting: Int, playing: Bool) { (waiting.count, stage.playing != nil) }
    /// Clients the queue keeps a record of turns for (`PromptQueue.clientsWithTurns`).
    var clientsWithTurns: Int { waiting.clientsWithTurns }
    var secondsWaiting: Double { waiting.seconds }
    var spoken: Int { reporter.spoken }
    var skipped: Int { reporter.skipped }

    // MARK: requests (`PromptAdmission`)

    /// Queues a prompt (`PromptAdmission.enqueue(client:candidates:voice:kind:options:receivedAt:gate:)`):
    /// its ticket and its place in the queue (0 = next), or why it was refused.
    nonisolated(nonsending) func enqueue(
        client: ClientID, candidates: [Wording], voice: String, kind: Prompt.Kind = .text, options: PromptOptions,
        receivedAt: ContinuousClock.Instant, gate: any PromptGate
    ) async throws(EngineError) -> (PromptTicket, Int) {
        try await admission.enqueue(
            client: client, candidates: candidates, voice: voice, kind: kind, options: options, receivedAt: receivedAt, gate: gate)
    }

    /// Queues a text longer than one prompt as several prompts in a row
    /// (`PromptAdmission.enqueue(parts:client:voice:options:receivedAt:gate:)`): each part's ticket in
    /// order, and the first's place in the queue.
    nonisolated(nonsending) func enqueue(
        parts: [String], client: ClientID, voice: String, options: PromptOptions, receivedAt: ContinuousClock.Instant, gate: any PromptGate
    ) async throws(EngineError) -> ([PromptTicket], Int) {
        try await admission.enqueue(parts: parts, client: client, voice: voice, options: options, receivedAt: receivedAt, gate: gate)
    }

    /// Whether eSpeak NG has a voice of this name.
    nonisolated(nonsending) func hasVoice(_ voice: String) async -> Bool { await admission.hasVoice(voice) }

    // MARK: what waits (`WaitingPrompts`) and the prompt playing (`PromptStage`)

    /// Cancels one prompt by id, or all of a client's (`WaitingPrompts.cancel(client:id:reason:)`).
    @discardableResult
    func cancel(client: ClientID, id: PromptID? = nil, reason: String) -> [PromptID] { waiting.cancel(client: client, id: id, reason: reason) }

    /// A client went away: returns once none of its prompts is left (`WaitingPrompts.cancelAll(of:reason:)`).
    nonisolated(nonsending) func cancelAll(of client: ClientID, reason: String) async { await waiting.cancelAll(of: client, reason: reason) }

    /// Cancels every prompt, waiting or playing (the daemon stops, the sound server went away).
    func cancelAll(reason: String) { waiting.cancelAll(reason: reason) }

    /// Cancels the prompts a client's guidance queued, waiting or playing (its guidance ended).
    @discardableResult
    func cancelGuidance(client: ClientID, reason: String) -> [PromptID] { waiting.cancelGuidance(client: client, reason: reason) }

    /// Skips a client's waiting guidance prompts (its trip is done); the one playing finishes.
    @discardableResult
    func cancelWaitingGuidance(client: ClientID, reason: String) -> [PromptID] { waiting.cancelWaitingGuidance(client: client, reason: reason) }

    /// Skips a client's waiting prompts with one of `keys` (a reroute: the old route's maneuvers);
    /// the one playing finishes.
    @discardableResult
    func cancelWaiting(client: ClientID, keys: Set<String>, reason: String) -> [PromptID] {
        waiting.cancelWaiting(client: client, keys: keys, reason: reason)
    }

    /// Where each of `ids` stands now (`WaitingPrompts.standing(of:)`).
    func standing(of ids: Set<PromptID>) -> [PromptID: PromptStanding] { waiting.standing(of: ids) }

    /// A waiting prompt's deadline has passed: it ends expired (nothing if it is no longer waiting).
    func expireIfWaiting(_ id: PromptID) { waiting.expireIfWaiting(id) }

    /// Carries out the policy's cut of the prompt in flight (`PolicyDecision.cutPrompt`): the playing
    /// prompt of `cut.client` fades out as a preempted one does (or, not begun yet, never starts) and
    /// ends `interrupted` with the rule. It is not queued again now: a guidance instruction the moment
    /// cut is said afresh once the moment passes (`HeldBackPrompt`), an alert again if its deadline
    /// allows (`releaseHeldAlerts`); text is not said again.
    func cut(_ cut: PromptCut) { stage.resolve(.cut(cut)) }

    /// The clients with alerts the moment cut, owed once it passes.
    var clientsHoldingAlerts: Set<ClientID> { waiting.clientsHoldingAlerts }

    /// The moment that cut `client`'s alerts has passed: each is queued again if its deadline allows
    /// (`WaitingPrompts.releaseHeldAlerts(of:)`); returns what became of each, in words.
    @discardableResult
    func releaseHeldAlerts(of client: ClientID) -> [String] { waiting.releaseHeldAlerts(of: client) }
}
