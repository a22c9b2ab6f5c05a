import AudioPolicy
import EngineTime
import Prompts
import RPC

/// The prompts waiting to play (`PromptQueue`) and the alerts a cut holds for later: admitting a
/// prompt, new or queued again, within the queue's bounds; cancelling and skipping waiting prompts;
/// expiring one whose deadline passed; and each one's events until it plays. It wakes the worker
/// (`PromptWorker`) when a prompt is queued while the worker is idle, and stops the prompt playing
/// (`PromptStage`) when a cancel reaches it or a prompt queued outranks it. A part of
/// `PromptPlayer`, in its owner's isolation.
final class WaitingPrompts {
    private let clock: EngineClock
    /// How much may wait (the policy's `prompts.queue`).
    private let limits: PromptLimits
    private let stage: PromptStage
    private let reporter: PromptReporter
    private var queue = PromptQueue()
    /// The alerts the moment cut, waiting for it to pass: `releaseHeldAlerts` queues them again.
    private var heldAlerts: [Prompt] = []
    private var promptCounter = 0
    /// Wakes the worker when a prompt is queued while it is idle (`PromptWorker.run(gate:)`).
    private let wakeWorker: AsyncStream<Void>.Continuation
    /// Set while the worker has prompts to play: the simulated clock waits for it meanwhile.
    private var workerBusy: EngineClock.Busy?
    /// Hands each waiting prompt's deadline to its timer (`PromptPlayer.watch`).
    private let watchDeadline: AsyncStream<Deadline>.Continuation

    init(
        clock: EngineClock, limits: PromptLimits, stage: PromptStage, reporter: PromptReporter,
        wakeWorker: AsyncStream<Void>.Continuation, watchDeadline: AsyncStream<Deadline>.Continuation
    ) {
        self.clock = clock
        self.limits = limits
        self.stage = stage
        self.reporter = reporter
        self.wakeWorker = wakeWorker
        self.watchDeadline = watchDeadline
    }

    /// A waiting prompt's deadline, counted busy on the simulated clock until its timer has looked.
    struct Deadline: Sendable {
        let id: PromptID
        let at: Double
        let busy: EngineClock.Busy
    }

    /// Why a prompt was not queued again.
    struct RequeueRefusal: Error {
        let why: String
        init(_ why: String) { self.why = why }
    }

    /// Closes the worker's and the timers' streams, callable from anywhere (`PromptPlayer.finish()`).
    var finisher: @Sendable () -> Void {
        { [wakeWorker, watchDeadline] in
            wakeWorker.finish()
            watchDeadline.finish()
        }
    }

    var count: Int { queue.count }
    /// Seconds of speech waiting.
    var seconds: Double { queue.seconds }
    /// Clients the queue keeps a record of turns for (`PromptQueue.clientsWithTurns`).
    var clientsWithTurns: Int { queue.clientsWithTurns }
    func count(of client: ClientID) -> Int { queue.count(of: client) }

    /// Why `prompt` would be refused now, changing nothing (`PromptQueue.refusal(of:limits:)`).
    func refusal(of prompt: Prompt) -> QueueBound? { queue.refusal(of: prompt, limits: limits) }

    /// Keeps the speech made at admission for the prompt that plays next.
    func keep(_ speech: RenderedPrompt, for id: PromptID) { queue.keep(speech, for: id) }

    /// The next prompt to play, taken from the queue; nil when none waits.
    func next() -> Prompt? { queue.next() }

    /// The id the next prompt admitted gets.
    var nextID: PromptID { PromptID(rawValue: "p-\(promptCounter + 1)") }

    /// Admits a prompt, a new one or one queued again alike, or refuses it, changing nothing.
    /// Admitted, it is told as queued, the prompts it superseded or evicted end skipped, its deadline
    /// is watched while it waits, it may interrupt the playing prompt (`PromptPriorities`), and the
    /// worker plays it in its turn. Returns its place in the queue (0 = next).
    func admit(_ prompt: Prompt, continuing: Bool = false) -> Result<Int, QueueBound> {
        let admission: PromptQueue.Admission
        switch queue.admit(prompt, limits: limits, continuing: continuing) {
        case .success(let admitted): admission = admitted
        case .failure(let refusal): return .failure(refusal)
        }
        let id = prompt.id
        promptCounter += 1
        reporter.queued(prompt)
        for old in admission.superseded { finishUnplayed(old, result: .skipped, reason: "superseded by \(id) for the same maneuver") }
        for old in admission.evicted {
            finishUnplayed(
                old, result: .skipped,
                reason: "dropped: the queue was full and client \(old.client.rawValue) had the most prompts waiting; its place went to \(id)")
        }
        if let deadline = prompt.deadline {
            let watched = Deadline(id: id, at: deadline, busy: clock.busy())
            if case .terminated = watchDeadline.yield(watched) { watched.busy.done() }
        }
        let position = queue.position(of: id) ?? 0
        stage.resolve(.queued(prompt, position: position))
        startWorkerIfIdle()
        return .success(position)
    }

    /// Queues an interrupted prompt again, under a new id, if it can still be said: its deadline has
    /// not passed, and no newer prompt for the same maneuver (`Prompt.replaced(by:)`) waits to say it.
    /// Returns the new id, or why not.
    func requeue(_ prompt: Prompt) -> Result<PromptID, RequeueRefusal> {
        if let deadline = prompt.deadline, clock.now() >= deadline { return .failure(.init("its deadline has passed")) }
        if prompt.key != nil, queue.waiting.contains(where: { prompt.replaced(by: $0) }) {
            return .failure(.init("a newer prompt for its maneuver waits"))
        }
        let again = prompt.again(as: nextID)
        guard case .success = admit(again) else { return .failure(.init("the queue is full")) }
        return .success(again.id)
    }

    // MARK: alerts held for later

    /// Holds an alert the moment cut until the moment passes (`releaseHeldAlerts`).
    func hold(_ alert: Prompt) { heldAlerts.append(alert) }

    /// The clients with alerts the moment cut, owed once it passes.
    var clientsHoldingAlerts: Set<ClientID> { Set(heldAlerts.map(\.client)) }

    /// The moment that cut `client`'s alerts has passed: each is queued again under a new id if its
    /// deadline allows (an alert without a deadline always does), once; the others are let go, logged
    /// in the returned words.
    @discardableResult
    func releaseHeldAlerts(of client: ClientID) -> [String] {
        var said: [String] = []
        let released = heldAlerts.filter { $0.client == client }
        heldAlerts.removeAll { $0.client == client }
        for prompt in released {
            switch requeue(prompt) {
            case .success(let id): said.append("\(prompt.id) said again as \(id)")
            case .failure(let refusal):
                said.append("\(prompt.id) not said again: \(refusal.why)")
                reporter.dismiss(prompt, ended: .promptInterrupted)
            }
        }
        return said
    }

    /// Lets go of the alerts a cut held for later that match: each is dismissed, never to be said.
    private func dropHeldAlerts(where matches: (Prompt) -> Bool) {
        for alert in heldAlerts where matches(alert) { reporter.dismiss(alert, ended: .promptSkipped) }
        heldAlerts.removeAll(where: matches)
    }

    // MARK: cancelling

    /// Cancels prompts: one by id (whoever queued it: the socket is the user's own), or all of a
    /// client's. Waiting ones are skipped; the one playing stops at once.
    @discardableResult
    func cancel(client: ClientID, id: PromptID? = nil, reason: String) -> [PromptID] {
        cancel(reason: reason) { entry in id.map { entry.id == $0 } ?? (entry.client == client) }
    }

    /// A client went away: its prompts are cancelled, except those queued to outlive it, and this
    /// returns once none of its prompts is left: the one playing, if it was the client's, has ended,
    /// and so has each that outlives it (played, or ended as any prompt may: expired, evicted, cut).
    /// Only then may its session go: a playing prompt asks the policy for its style and its verdict,
    /// which would configure the gone client's session anew. Alerts it held back for later go now.
    /// It returns at once when the calling task is cancelled.
    nonisolated(nonsending) func cancelAll(of client: ClientID, reason: String) async {
        cancel(reason: reason) { $0.client == client && !$0.outlivesClient }
        // One queued again (interrupted) comes back under a new ticket: wait until none is left. A
        // caller cancelled (the daemon stopping, whose shutdown ends every prompt) stops waiting: its
        // wait would return at once, again and again, and the loop would hold the engine from the
        // worker that ends the prompt.
        while !Task.isCancelled, let left = promptLeft(of: client) { _ = try? await left.outcome() }
        // Nothing of the client waits now: only its record of turns goes, and what a cut held back.
        _ = queue.forget(client)
        dropHeldAlerts { $0.client == client }
    }

    /// Where each of `ids` stands now: waiting, or the prompt being played and not stopped; an id
    /// absent has ended (or is ending).
    func standing(of ids: Set<PromptID>) -> [PromptID: PromptStanding] {
        var found: [PromptID: PromptStanding] = [:]
        for prompt in queue.waiting where ids.contains(prompt.id) { found[prompt.id] = .waiting }
        if let playing = stage.playing, playing.stop == nil, ids.contains(playing.prompt.id) { found[playing.prompt.id] = .speaking }
        return found
    }

    /// The ticket of a prompt of `client` that is playing or waiting, if any.
    private func promptLeft(of client: ClientID) -> PromptTicket? {
        if let playing = stage.playing, playing.prompt.client == client { return playing.prompt.ticket }
        return queue.ordered.first { $0.client == client }?.ticket
    }

    /// Cancels the prompts a client's guidance queued, waiting or playing (its guidance ended).
    @discardableResult
    func cancelGuidance(client: ClientID, reason: String) -> [PromptID] {
        cancel(reason: reason) { $0.client == client && $0.fromGuidance }
    }

    /// Skips a client's waiting guidance prompts (its trip is done); the one playing finishes, and is
    /// not queued again if outranked.
    @discardableResult
    func cancelWaitingGuidance(client: ClientID, reason: String) -> [PromptID] {
        let matches: (Prompt) -> Bool = { $0.client == client && $0.fromGuidance }
        stage.sayNoMore("its guidance ended", where: matches)
        return skipWaiting(reason: reason, where: matches)
    }

    /// Skips a client's waiting prompts with one of `keys` (a reroute: the old route's maneuvers);
    /// the one playing finishes, and is not queued again if outranked.
    @discardableResult
    func cancelWaiting(client: ClientID, keys: Set<String>, reason: String) -> [PromptID] {
        let matches: (Prompt) -> Bool = { $0.client == client && $0.key.map(keys.contains) == true }
        stage.sayNoMore(reason, where: matches)
        return skipWaiting(reason: reason, where: matches)
    }

    /// Cancels every prompt, waiting or playing (the daemon stops, the sound server went away).
    func cancelAll(reason: String) {
        cancel(reason: reason) { _ in true }
    }

    @discardableResult
    private func cancel(reason: String, where matches: (Prompt) -> Bool) -> [PromptID] {
        var cancelled = skipWaiting(reason: reason, where: matches)
        dropHeldAlerts(where: matches)
        if let playing = stage.playing, matches(playing.prompt) {
            stage.resolve(.cancelled(reason: reason))
            cancelled.append(playing.prompt.id)
        }
        return cancelled
    }

    /// Ends the waiting prompts that match, skipped, each with its event; returns their ids.
    func skipWaiting(reason: String, where matches: (Prompt) -> Bool) -> [PromptID] {
        let removed = queue.remove(where: matches)
        for prompt in removed { finishUnplayed(prompt, result: .skipped, reason: reason) }
        return removed.map(\.id)
    }

    /// A waiting prompt's deadline has passed: it ends expired (nothing if it is no longer waiting).
    func expireIfWaiting(_ id: PromptID) {
        for prompt in queue.remove(where: { $0.id == id }) {
            finishUnplayed(prompt, result: .expired, reason: "its deadline passed while it waited")
        }
    }

    /// Completes a prompt that never played, with its event.
    func finishUnplayed(_ prompt: Prompt, result: PromptOutcome.Result, reason: String) {
        if result == .skipped { reporter.countSkipped() }
        let outcome = PromptOutcome(
            id: prompt.id.rawValue, result: result, style: .none, text: prompt.text, voice: nil, audioDuration: 0,
            timings: PromptOutcome.Timings(), ducked: [], paused: [], reason: reason)
        reporter.ended(outcome, client: prompt.client)
        reporter.dismiss(prompt, ended: outcome.result.eventType)
        prompt.ticket.complete(.success(outcome))
    }

    // MARK: the worker's wake-ups

    /// Wakes the worker to play whatever waits, when a prompt is queued while it is idle (it goes idle
    /// when the queue is empty), from a request or from a held alert queued again. Its wake-up is
    /// one hop: the worker resumes in its owner's isolation. Once the player has finished, nothing plays:
    /// what waits ends skipped.
    private func startWorkerIfIdle() {
        guard workerBusy == nil else { return }
        workerBusy = clock.busy()
        if case .terminated = wakeWorker.yield() {
            workerIdle()
            cancelAll(reason: Self.finishedReason)
        }
    }

    /// The worker has nothing more to play: the simulated clock no longer waits for it.
    func workerIdle() {
        workerBusy?.done()
        workerBusy = nil
    }

    static let finishedReason = "the prompt player has stopped"
}
