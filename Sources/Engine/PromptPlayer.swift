import AudioPolicy
import ClientGuidance
import Guidance
import PulseAudio
import RPC
import Speech

/// The prompts: the queue, the one playing, cancelling and expiring them, and the worker that plays
/// them one at a time, in the shape of speech-dispatcher's `speaking.c`. What the policy says of a
/// prompt comes through a `PromptGate`; audio is made by a `PromptRenderer` and played by a
/// `PromptOutput`, so the player runs the same on a sound server and on fakes.
///
/// A part of its owner, not an actor of its own: the engine holds it, and every method runs in the
/// caller's isolation (`nonisolated(nonsending)`), so the queue and the prompt playing are the
/// engine's state, changed only on the engine, with no hop between them. Its timers are the
/// owner's children too (`watch(_:clock:expire:)`).
final class PromptPlayer {
    let clock: EngineClock
    private let renderer: any PromptRenderer
    private let output: any PromptOutput
    private let events: EventBus
    /// How long a prompt may speak and how much may wait (the policy's `prompts:`).
    let limits: PromptLimits
    /// Which newly queued prompts cut the playing one short (the policy's `preemption:`).
    let preemption: PromptPreemption
    /// How long outputs need to wake before the first word (the policy's `outputs:`).
    let wake: OutputWake
    /// How far a prompt must stand out of what plays under it (the policy's `audibility:`).
    let audibility: Audibility
    /// When the last prompt's audio ended (clock seconds): the output is idle `wake.idleGap` after it.
    private var lastAudioEnd: Double?

    private var queue = PromptQueue()
    /// Whether prompts come in a burst, so that the next is known to be near when one ends.
    private var cadence: PromptCadence
    /// Turns to synthesise a prompt being admitted, a few at a time across every connection.
    private var synthesis = SynthesisSlots()
    /// Wakes the worker (`run()`) when a prompt is queued while it is idle.
    private let wakeups: AsyncStream<Void>
    private let wakeWorker: AsyncStream<Void>.Continuation
    /// The deadlines of waiting prompts, each watched by a timer (`watch(_:clock:expire:)`).
    let deadlines: AsyncStream<Deadline>
    private let watchDeadline: AsyncStream<Deadline>.Continuation
    /// Set while the worker has prompts to play: the simulated clock waits for it meanwhile.
    private var workerBusy: EngineClock.Busy?
    /// The prompt the worker plays, and what has stopped it (`PromptPriorities.resolve`).
    private var playing: PlayingPrompt?
    /// Wakes a simulated playback early when the prompt is cancelled.
    private var playbackTokens: UInt64 = 0
    private var promptCounter = 0
    private(set) var spoken = 0
    private(set) var skipped = 0

    init(
        clock: EngineClock, renderer: any PromptRenderer, output: any PromptOutput, events: EventBus, limits: PromptLimits,
        preemption: PromptPreemption = .builtIn, wake: OutputWake = .builtIn, audibility: Audibility = .builtIn,
        cadence: PromptCadence = PromptCadence(window: 0)
    ) {
        self.clock = clock
        self.cadence = cadence
        self.renderer = renderer
        self.output = output
        self.events = events
        self.limits = limits
        self.preemption = preemption
        self.wake = wake
        self.audibility = audibility
        (wakeups, wakeWorker) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        (deadlines, watchDeadline) = AsyncStream.makeStream(of: Deadline.self)
    }

    /// Plays the prompts, one at a time, until `finish()`, asking `gate` (the engine) what the policy
    /// says of each. The worker is this task, in its owner's isolation: woken when a prompt is queued
    /// while it is idle, it plays whatever waits.
    nonisolated(nonsending) func run(gate: any PromptGate) async {
        for await _ in wakeups { await work(gate) }
    }

    /// Ends `run()` once the worker is idle, and the deadlines' watcher. A prompt queued afterwards
    /// ends skipped at once.
    func finish() { finisher() }

    /// `finish()`, callable from anywhere: it only closes the worker's and the timers' streams.
    var finisher: @Sendable () -> Void {
        { [wakeWorker, watchDeadline] in
            wakeWorker.finish()
            watchDeadline.finish()
        }
    }

    /// How many prompts wait, how many seconds of speech they hold, and whether one plays.
    var status: (waiting: Int, playing: Bool) { (queue.count, playing != nil) }
    /// Clients the queue keeps a record of turns for (`PromptQueue.clientsWithTurns`).
    var clientsWithTurns: Int { queue.clientsWithTurns }
    var secondsWaiting: Double { queue.seconds }

    /// Queues a prompt and returns at once with its ticket and its place in the queue (0 = next).
    /// Its speech is made first, so that its length is known: a text too long to speak within
    /// `limits.maxSeconds` is refused with that length, and the queue's seconds are what will play.
    /// A full queue, an unknown voice or too long a text is refused here, changing nothing.
    nonisolated(nonsending) func enqueue(
        client: ClientID, candidates: [Wording], voice: String, kind: Prompt.Kind = .text, options: PromptOptions,
        receivedAt: ContinuousClock.Instant, gate: any PromptGate
    ) async throws(EngineError) -> (PromptTicket, Int) {
        // Wordings too long to say are not even synthesised (a maneuver keeps its plainer ones).
        let sayable = candidates.filter { $0.text.count <= limits.maxTextCharacters }
        guard !sayable.isEmpty else { throw .textTooLong(characters: candidates.last?.text.count ?? 0, limit: limits.maxTextCharacters) }
        guard await renderer.hasVoice(voice) else { throw .speech(SpeechError.unknownVoice(voice).description) }
        // One turn among the few syntheses in flight; the queue's bounds are asked when it comes, with
        // the shortest its words could speak, so that what cannot be admitted is never synthesised
        // (no more than a prompt may speak: a longer text is refused as too long, by its speech).
        if let refusal = lineRefusal(for: client) { throw .queueFull(refusal) }
        await asked(fromGuidance: options.fromGuidance, gate: gate)
        try await takeSynthesisTurn(for: client, priority: options.priority)
        defer { synthesis.release(for: client) }
        let now = clock.now()
        // Its id is the next one when it is admitted, after its synthesis: others may be admitted meanwhile.
        func prompt(seconds: Double) -> Prompt {
            var prompt = Prompt(id: nextID, client: client, kind: kind, options: options, now: now)
            prompt.candidates = sayable
            prompt.voice = voice
            prompt.receivedAt = receivedAt
            prompt.seconds = seconds
            return prompt
        }
        let trial = prompt(seconds: min(Self.shortestSpeech(of: sayable.last!.text), limits.maxSeconds))
        if let refusal = queue.refusal(of: trial, limits: limits) { throw .queueFull(refusal) }
        let speech = try await renderer.render(
            .normal, candidates: sayable, voice: voice, prosody: options.prosody, overBudget: trial.overBudget, within: trial.wordBudget)
        let admitted = prompt(seconds: speech.audio.duration)
        switch admit(admitted) {
        case .success(let position):
            // The speech is kept only for the prompt that plays next; one further back is made again
            // when its turn comes, so that a full queue holds seconds, not samples.
            if position == 0 { queue.keep(speech, for: admitted.id) }
            return (admitted.ticket, position)
        case .failure(let refusal): throw .queueFull(refusal)
        }
    }

    /// Queues a text longer than one prompt as several prompts in a row, `parts` (cut by
    /// `TextParts`): each part's speech is made first, a part too long even said faster cut in two
    /// again, and if together they speak longer than `limits.maxMessageSeconds`, none is queued. They
    /// are admitted at once and take one turn: no other client's prompt of their priority goes
    /// between them, a more urgent one may; one not said, the rest are not either. Returns each
    /// part's ticket in order, and the first's place in the queue.
    nonisolated(nonsending) func enqueue(
        parts: [String], client: ClientID, voice: String, options: PromptOptions, receivedAt: ContinuousClock.Instant, gate: any PromptGate
    ) async throws(EngineError) -> ([PromptTicket], Int) {
        guard await renderer.hasVoice(voice) else { throw .speech(SpeechError.unknownVoice(voice).description) }
        if let refusal = lineRefusal(for: client) { throw .queueFull(refusal) }
        await asked(fromGuidance: false, gate: gate)
        try await takeSynthesisTurn(for: client, priority: options.priority)
        defer { synthesis.release(for: client) }
        var said: [(text: String, speech: RenderedPrompt)] = []
        var seconds = 0.0
        var left = parts.reversed() as [String]
        while let part = left.popLast() {
            do {
                let speech = try await renderer.render(
                    .normal, candidates: [Wording(text: part)], voice: voice, prosody: options.prosody, overBudget: .quicken, within: nil)
                said.append((part, speech))
                seconds += speech.audio.duration
            } catch .promptTooLong(let overrun) {
                let halves = TextParts.split(part, maxCharacters: part.count / 2 + 1)
                guard halves.count > 1 else { throw .promptTooLong(overrun) }
                left += halves.reversed()
            }
            if seconds > limits.maxMessageSeconds { throw .messageTooLong(seconds: seconds, limit: limits.maxMessageSeconds) }
        }
        // Admitted one after another with no wait between them: none plays before the last is in.
        let now = clock.now()
        var admitted: [(ticket: PromptTicket, position: Int)] = []
        var first: PromptID?
        for (text, speech) in said {
            var prompt = Prompt(id: nextID, client: client, kind: .text, options: options, now: now)
            prompt.candidates = [Wording(text: text)]
            prompt.voice = voice
            prompt.receivedAt = receivedAt
            prompt.seconds = speech.audio.duration
            prompt.message = first ?? prompt.id
            switch admit(prompt, continuing: first != nil) {
            case .success(let position):
                if position == 0 { queue.keep(speech, for: prompt.id) }
                first = first ?? prompt.id
                admitted.append((prompt.ticket, position))
            case .failure(let refusal):
                // The parts already in go too (none, if it was the first: then nothing else may match).
                if let first {
                    _ = skipWaiting(reason: "the rest of its text could not be queued: \(EngineError.queueFull(refusal))") { $0.message == first }
                }
                throw .queueFull(refusal)
            }
        }
        return (admitted.map(\.ticket), admitted.first?.position ?? 0)
    }

    /// A prompt is asked for: a client's counts towards a burst (guidance's does not), and while
    /// nothing plays, the hold on the music after the last prompt waits for it.
    private nonisolated(nonsending) func asked(fromGuidance: Bool, gate: any PromptGate) async {
        if !fromGuidance { cadence.asked(at: clock.now(), pending: playing != nil || queue.count > 0 || synthesis.count > 0) }
        if playing == nil { await gate.promptComing() }
    }

    /// The id the next prompt admitted gets.
    private var nextID: PromptID { PromptID(rawValue: "p-\(promptCounter + 1)") }

    /// Admits a prompt, a new one or one queued again alike, or refuses it, changing nothing.
    /// Admitted, it is told as queued, the prompts it superseded or evicted end skipped, its deadline
    /// is watched while it waits, it may interrupt the playing prompt (`PromptPriorities`), and the
    /// worker plays it in its turn. Returns its place in the queue (0 = next).
    private func admit(_ prompt: Prompt, continuing: Bool = false) -> Result<Int, QueueBound> {
        let admission: PromptQueue.Admission
        switch queue.admit(prompt, limits: limits, continuing: continuing) {
        case .success(let admitted): admission = admitted
        case .failure(let refusal): return .failure(refusal)
        }
        let id = prompt.id
        promptCounter += 1
        emitQueued(prompt)
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
        resolve(.queued(prompt, position: position))
        startWorkerIfIdle()
        return .success(position)
    }

    /// Why a request of `client` may not even wait to be synthesised: counting its requests in line
    /// as already waiting, it would pass its own bound; or the line holds as many requests as the
    /// queue may hold prompts while this client already has one waiting or in line. A client with
    /// nothing waiting and nothing in line always gets in line (fair admission), so a flood costs
    /// the daemon a line of about `maxWaiting` requests plus one per connection, not every request.
    private func lineRefusal(for client: ClientID) -> QueueBound? {
        let holds = queue.count(of: client) + synthesis.count(of: client)
        if holds >= limits.maxWaitingPerClient { return .clientFull(limit: limits.maxWaitingPerClient) }
        if holds > 0, synthesis.count >= limits.maxWaiting { return .lineFull(limit: limits.maxWaiting) }
        return nil
    }

    /// Waits for a turn to synthesise (`SynthesisSlots`); a request cancelled meanwhile (its client
    /// gone) gives its place up.
    private nonisolated(nonsending) func takeSynthesisTurn(for client: ClientID, priority: PromptPriority) async throws(EngineError) {
        // The daemon handles a flooding connection's requests at low priority (earned by how much
        // it asked lately, never claimed by the request): they wait behind everyone else's.
        guard let turn = synthesis.take(for: client, priority: priority, busy: Task.currentPriority < .medium) else { return }
        do {
            try await turn.valueUnlessCancelled()
        } catch {
            synthesis.abandon(turn, of: client)
            throw .speech("cancelled while waiting to be synthesised")
        }
    }

    /// Whether eSpeak NG has a voice of this name.
    nonisolated(nonsending) func hasVoice(_ voice: String) async -> Bool { await renderer.hasVoice(voice) }

    /// A lower bound of how long `text` speaks: eSpeak NG at its fastest (450 words a minute) says a
    /// word in 0.13 s, so no words speak shorter than 0.1 s each.
    static func shortestSpeech(of text: String) -> Double {
        Double(text.split(whereSeparator: \.isWhitespace).count) * 0.1
    }

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
        if let playing, playing.stop == nil, ids.contains(playing.prompt.id) { found[playing.prompt.id] = .speaking }
        return found
    }

    /// The ticket of a prompt of `client` that is playing or waiting, if any.
    private func promptLeft(of client: ClientID) -> PromptTicket? {
        if let playing, playing.prompt.client == client { return playing.prompt.ticket }
        return queue.ordered.first { $0.client == client }?.ticket
    }

    /// Cancels the prompts a client's guidance queued, waiting or playing (its guidance ended).
    @discardableResult
    func cancelGuidance(client: ClientID, reason: String) -> [PromptID] {
        cancel(reason: reason) { $0.client == client && $0.fromGuidance }
    }

    /// Skips a client's waiting guidance prompts (its trip is done); the one playing finishes.
    @discardableResult
    func cancelWaitingGuidance(client: ClientID, reason: String) -> [PromptID] {
        skipWaiting(reason: reason) { $0.client == client && $0.fromGuidance }
    }

    /// Skips a client's waiting prompts with one of `keys` (a reroute: the old route's maneuvers);
    /// the one playing finishes.
    @discardableResult
    func cancelWaiting(client: ClientID, keys: Set<String>, reason: String) -> [PromptID] {
        skipWaiting(reason: reason) { $0.client == client && $0.key.map(keys.contains) == true }
    }

    /// Ends the waiting prompts that match, skipped, each with its event; returns their ids.
    private func skipWaiting(reason: String, where matches: (Prompt) -> Bool) -> [PromptID] {
        let removed = queue.remove(where: matches)
        for prompt in removed { finishUnplayed(prompt, result: .skipped, reason: reason) }
        return removed.map(\.id)
    }

    /// Lets go of the alerts a cut held for later that match: each is dismissed, never to be said.
    private func dropHeldAlerts(where matches: (Prompt) -> Bool) {
        for alert in heldAlerts where matches(alert) { dismiss(alert, ended: .promptSkipped) }
        heldAlerts.removeAll(where: matches)
    }

    /// Cancels every prompt, waiting or playing (the daemon stops, the sound server went away).
    func cancelAll(reason: String) {
        cancel(reason: reason) { _ in true }
    }

    @discardableResult
    private func cancel(reason: String, where matches: (Prompt) -> Bool) -> [PromptID] {
        var cancelled = skipWaiting(reason: reason, where: matches)
        dropHeldAlerts(where: matches)
        if let playing, matches(playing.prompt) {
            resolve(.cancelled(reason: reason))
            cancelled.append(playing.prompt.id)
        }
        return cancelled
    }

    /// Applies an event to the playing prompt (`PromptPriorities.resolve`) and carries out what it
    /// asks of the output: a preempted or cut prompt fades out (`PromptOutput.fadeOut`) and ends
    /// `interrupted`, a cancelled one stops at once.
    private func resolve(_ event: PromptPriorities.Event) {
        guard var current = playing else { return }
        let action = PromptPriorities.resolve(event, playing: &current, preemption: preemption)
        playing = current
        switch action {
        case .playOn: return
        case .fadeOut: if let audio = current.audio { output.fadeOut(audio) }
        case .cancel: if let audio = current.audio { output.cancel(audio) }
        }
        clock.wake(playbackTokens)
    }

    /// Carries out the policy's cut of the prompt in flight (`PolicyDecision.cutPrompt`): the playing
    /// prompt of `cut.client` fades out as a preempted one does (or, not begun yet, never starts) and
    /// ends `interrupted` with the rule. It is not queued again now: a guidance instruction the moment
    /// cut is said afresh once the moment passes (`HeldBackPrompt`), an alert again if its deadline
    /// allows (`releaseHeldAlerts`); text is not said again.
    func cut(_ cut: PromptCut) { resolve(.cut(cut)) }

    /// The alerts the moment cut, waiting for it to pass: `releaseHeldAlerts` queues them again.
    private var heldAlerts: [Prompt] = []

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
                dismiss(prompt, ended: .promptInterrupted)
            }
        }
        return said
    }

    /// Queues an interrupted prompt again, under a new id, if it can still be said: its deadline has
    /// not passed, and no newer prompt for the same maneuver (same client and key) waits to say it.
    /// Returns the new id, or why not.
    private func requeue(_ prompt: Prompt) -> Result<PromptID, RequeueRefusal> {
        if let deadline = prompt.deadline, clock.now() >= deadline { return .failure(.init("its deadline has passed")) }
        if let key = prompt.key, queue.waiting.contains(where: { $0.client == prompt.client && $0.key == key }) {
            return .failure(.init("a newer prompt for its maneuver waits"))
        }
        let again = prompt.again(as: nextID)
        guard case .success = admit(again) else { return .failure(.init("the queue is full")) }
        return .success(again.id)
    }

    /// Wakes the worker to play whatever waits, when a prompt is queued while it is idle (it goes idle
    /// when the queue is empty), from a request or from a held alert queued again. Its wake-up is
    /// one hop: the worker resumes on this actor. Once the player has finished, nothing plays: what
    /// waits ends skipped.
    private func startWorkerIfIdle() {
        guard workerBusy == nil else { return }
        workerBusy = clock.busy()
        if case .terminated = wakeWorker.yield() {
            workerIdle()
            cancelAll(reason: Self.finishedReason)
        }
    }

    /// The worker has nothing more to play: the simulated clock no longer waits for it.
    private func workerIdle() {
        workerBusy?.done()
        workerBusy = nil
    }

    static let finishedReason = "the prompt player has stopped"

    /// A waiting prompt's deadline, counted busy on the simulated clock until its timer has looked.
    struct Deadline: Sendable {
        let id: PromptID
        let at: Double
        let busy: EngineClock.Busy
    }

    /// One timer per waiting prompt's deadline, each a child of the caller (the owner runs this
    /// beside `run()`, until `finish()`): a prompt still waiting 5 ms after its deadline is expired by
    /// `expire`, which calls `expireIfWaiting` in the owner's isolation.
    static func watch(_ deadlines: AsyncStream<Deadline>, clock: EngineClock, expire: @escaping @Sendable (PromptID) async -> Void) async {
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

    struct RequeueRefusal: Error {
        let why: String
        init(_ why: String) { self.why = why }
    }

    /// A waiting prompt's deadline has passed: it ends expired (nothing if it is no longer waiting).
    func expireIfWaiting(_ id: PromptID) {
        for prompt in queue.remove(where: { $0.id == id }) {
            finishUnplayed(prompt, result: .expired, reason: "its deadline passed while it waited")
        }
    }

    /// Completes a prompt that never played, with its event.
    private func finishUnplayed(_ prompt: Prompt, result: PromptOutcome.Result, reason: String) {
        if result == .skipped { skipped += 1 }
        let outcome = PromptOutcome(
            id: prompt.id.rawValue, result: result, style: .none, text: prompt.text, voice: nil, audioDuration: 0,
            timings: PromptOutcome.Timings(), ducked: [], paused: [], reason: reason)
        emitEnd(outcome, client: prompt.client)
        dismiss(prompt, ended: outcome.result.eventType)
        prompt.ticket.complete(.success(outcome))
    }

    /// An alert VoxNav is done with (`alert.dismissed`): its last prompt ended as `ended` says, and
    /// it is not queued again. Nothing for another kind of prompt.
    private func dismiss(_ prompt: Prompt, ended: EventType) {
        guard prompt.kind == .alert else { return }
        let reason = String(ended.rawValue.dropFirst("prompt.".count))
        // An alert's events are named by its first prompt's id.
        emit(.alertDismissed(client: prompt.client.rawValue, prompt: prompt.firstID.rawValue, text: prompt.text, reason: reason))
    }

    private func emitEnd(_ outcome: PromptOutcome, client: ClientID) {
        let played = outcome.result.eventType.isPromptPlayed
        emit(
            .promptEnded(
                outcome.result, client: client.rawValue, prompt: outcome.id, text: outcome.text, style: played ? outcome.style : nil,
                reason: outcome.reason, cut: outcome.cut, duration: played ? outcome.audioDuration : nil))
    }

    private func emitQueued(_ prompt: Prompt) {
        emit(
            .promptQueued(
                client: prompt.client.rawValue, prompt: prompt.id.rawValue, text: prompt.text, priority: prompt.priority,
                maneuver: prompt.announces?.maneuver, state: prompt.announces?.state))
        // An alert is shown once, when first queued; queued again (the moment passed), it still is.
        guard prompt.kind == .alert, prompt.id == prompt.firstID else { return }
        emit(.alertShown(client: prompt.client.rawValue, prompt: prompt.firstID.rawValue, text: prompt.text))
    }

    private func emit(_ event: EngineEvent) { events.emit(event, at: clock.now()) }

    // MARK: the worker: one prompt at a time

    private nonisolated(nonsending) func work(_ gate: any PromptGate) async {
        while let prompt = queue.next() {
            if let deadline = prompt.deadline, clock.now() > deadline {
                finishUnplayed(prompt, result: .expired, reason: "its deadline passed before it could start")
                continue
            }
            playing = PlayingPrompt(prompt)
            let result: Result<PromptOutcome, any Error>
            do {
                var outcome = try await play(prompt, gate: gate)
                // Queued again (outranked) or held for later (cut): not done with yet.
                var goesOn = false
                if outcome.result == .interrupted, case .outranked = playing?.stop {
                    switch prompt.saidAgainWhenOutranked ? requeue(prompt) : .failure(RequeueRefusal("its client does not want it said again")) {
                    case .success(let again):
                        outcome.reason = (outcome.reason ?? "interrupted") + "; queued again as \(again)"
                        goesOn = true
                    case .failure(let refusal): outcome.reason = (outcome.reason ?? "interrupted") + "; not queued again: \(refusal.why)"
                    }
                }
                if outcome.result == .interrupted, case .cut(let cut, _) = playing?.stop {
                    outcome.cut = cut.rule
                    outcome.reason = (outcome.reason ?? "interrupted") + afterCut(prompt, cut)
                    goesOn = heldAlerts.last?.id == prompt.id
                }
                emitEnd(outcome, client: prompt.client)
                if !goesOn { dismiss(prompt, ended: outcome.result.eventType) }
                result = .success(outcome)
            } catch {
                emit(
                    .promptEnded(
                        .skipped, client: prompt.client.rawValue, prompt: prompt.id.rawValue, text: nil, style: nil, reason: "\(error)", cut: nil,
                        duration: nil))
                dismiss(prompt, ended: .promptSkipped)
                skipped += 1
                result = .failure(error)
            }
            let ending = guidanceEnding(of: result)
            if let message = prompt.message, !result.saidToItsEnd {
                _ = skipWaiting(reason: "an earlier part of its text was not said") { $0.message == message }
            }
            playing = nil
            prompt.ticket.complete(result)
            if let session = prompt.guidance { await gate.guidancePromptEnded(prompt.client, session: session, ending) }
        }
        workerIdle()
    }

    /// What becomes of a prompt the moment cut, in words for its end reason; an alert is held for later.
    private func afterCut(_ prompt: Prompt, _ cut: PromptCut) -> String {
        guard cut.momentary, playing?.stop?.owesNothing != true else { return "; not said again" }
        if prompt.fromGuidance && prompt.isManeuver { return "; the maneuver is said again, as it is then, once that ends" }
        guard prompt.kind == .alert else { return "; not said again" }
        heldAlerts.append(prompt)
        return prompt.deadline == nil ? "; said again once that ends" : "; said again once that ends, if before its deadline"
    }

    /// Heard in full, held back by the moment (an instruction only), or neither.
    private func guidanceEnding(of result: Result<PromptOutcome, any Error>) -> GuidancePromptEnding {
        guard case .success(let outcome) = result, let playing, playing.stop?.owesNothing != true else { return .other }
        if outcome.style == .normal, outcome.result == .finished || outcome.result == .shortened { return .heard(playing.prompt.announces) }
        if case .outranked = playing.stop { return .other }
        return playing.heldBack && playing.prompt.isManeuver ? .heldBack(key: playing.prompt.key) : .other
    }

    /// The one checkpoint: the playing prompt's outcome if something has stopped it
    /// (`PlayingPrompt.stop`), nil while it goes on. `heard`: the grant it played under, once its
    /// audio has played; before that, what ducked or paused for it is not told.
    private func stopped(style: PromptStyle, timings: PromptOutcome.Timings, heard grant: PromptGrant? = nil) -> PromptOutcome? {
        guard let playing, let stop = playing.stop else { return nil }
        func interrupted(_ why: String) -> PromptOutcome {
            PromptOutcome(
                id: playing.prompt.id.rawValue, result: .interrupted, style: style, text: playing.prompt.text, voice: nil, audioDuration: 0,
                timings: timings, ducked: [], paused: [], reason: why + (grant == nil ? ", before it began" : ""))
        }
        var outcome: PromptOutcome
        switch stop {
        case .cancelled(let reason): outcome = skip(reason, style: style, timings: timings)
        case .outranked(let by): outcome = interrupted("interrupted by \(by), more urgent")
        case .cut(let cut, _): outcome = interrupted("interrupted: \(cut.reason)")
        }
        if let grant {
            outcome.ducked = grant.ducked
            outcome.paused = grant.paused
        }
        return outcome
    }

    /// The playing prompt skipped, with why.
    private func skip(_ reason: String, style: PromptStyle, timings: PromptOutcome.Timings) -> PromptOutcome {
        skipped += 1
        let prompt = playing!.prompt
        return PromptOutcome(
            id: prompt.id.rawValue, result: .skipped, style: style, text: prompt.text, voice: nil, audioDuration: 0, timings: timings,
            ducked: [], paused: [], reason: reason)
    }

    /// One prompt: its audio made for the style the policy expects, the policy's verdict (the
    /// session activated, sources ducked or paused), the audio played, the policy told it drained.
    private nonisolated(nonsending) func play(_ prompt: Prompt, gate: any PromptGate) async throws(EngineError) -> PromptOutcome {
        let start = prompt.receivedAt
        func ms() -> Double { (ContinuousClock.now - start).milliseconds }

        // A sleeping sink is woken first, beside what follows: it runs by the time the audio is
        // ready. Where no audio plays (the virtual clock) the sink is read only to find its pre-roll.
        // Its state is needed before the first sample only by a pre-roll rule or when it may be
        // suspended (the start would be lost until it runs): else the audio starts at once, with no
        // round trip to the server on the way, and the sink is read beside it.
        let (output, clock, wake) = (output, clock, wake)
        async let woken = Self.wakeSink(of: output, clock: clock, wake: wake)
        var timings = PromptOutcome.Timings()
        let (grant, style, rendered): (PromptGrant, PromptStyle, RenderedPrompt)
        switch try await granted(prompt, timings: &timings, gate: gate) {
        case .ended(let outcome): return outcome
        case .granted(let given, let audible, let audio): (grant, style, rendered) = (given, audible.promptStyle, audio)
        }

        // At one level, and loud enough over what plays under it: the client's gain, a deeper duck, a boost.
        // Made with the grant (its deeper duck carried out with it), or now, for audio made after it.
        let level = grant.level ?? PromptLevel(rendered, grant: grant, audibility: audibility, volume: prompt.prosody.gainDecibels)
        if grant.level == nil, level.plan.extraDuck < 0 { await gate.duckDeeper(by: level.plan.extraDuck) }
        let sink = wake.rules.isEmpty && !output.sinkMayBeSuspended ? nil : await woken
        // Checked after the last await before the audio exists: a stop in any of them keeps it unheard.
        if let stopped = await stoppedBeforeSounding(prompt, style: style, timings: timings, gate: gate) { return stopped }
        // After an idle gap, silence first, so that a waking output does not swallow the first word.
        let preRoll = wake.preRoll(forSink: sink?.name, idleFor: lastAudioEnd.map { clock.now() - $0 }, suspended: sink?.wasSuspended ?? false)
        let silence = Int((preRoll * Double(rendered.audio.sampleRate)).rounded())
        var heard = level.audio
        if silence > 0 { heard.samples = [Int16](repeating: 0, count: silence) + heard.samples }
        let audio = BufferSource(heard.samples)
        playing?.phase = .sounding(audio)
        defer { playing?.phase = .ended }
        timings.playbackStarted = ms()
        emitStarted(prompt, text: rendered.text, style: style, preRoll: silence > 0 ? Double(silence) / Double(heard.sampleRate) : nil, level: level)
        await play(audio, duration: heard.duration)
        _ = await woken
        lastAudioEnd = clock.now()
        timings.drained = ms()
        // Linger only when another prompt is already waiting.
        if let deactivatedAt = await finished(prompt, anotherWaiting: queue.count > 0, gate: gate) {
            timings.deactivated = (deactivatedAt - start).milliseconds
        }
        timings.restored = ms()
        if let stopped = stopped(style: style, timings: timings, heard: grant) { return stopped }
        spoken += 1
        let shortened = style == .normal && rendered.text != prompt.text
        return PromptOutcome(
            id: prompt.id.rawValue, result: shortened ? .shortened : .finished, style: style,
            text: style == .short ? "(earcon) " + rendered.text : rendered.text, voice: style == .short ? nil : prompt.voice,
            audioDuration: heard.duration, timings: timings, ducked: grant.ducked, paused: grant.paused, reason: nil)
    }

    /// What the policy granted a prompt as it came to play, with its audio made in the style granted;
    /// or how the prompt ended before (skipped, stopped, a toneless one given a tone).
    private enum Granting {
        case granted(PromptGrant, AudibleStyle, RenderedPrompt)
        case ended(PromptOutcome)
    }

    /// Asks the policy for `prompt`'s grant once its audio can play: the oracle is consulted just
    /// before the prompt (none → nothing, short → a tone, normal → speech). Speech made at admission
    /// is ready, and the policy is asked once. Else the audio for the style the policy expects is
    /// made first, and made again when the verdict differs.
    private nonisolated(nonsending) func granted(_ prompt: Prompt, timings: inout PromptOutcome.Timings, gate: any PromptGate) async throws(EngineError)
        -> Granting
    {
        let client = prompt.client
        var expected = PromptStyle.normal
        var early = prompt.prepared
        if early == nil {
            expected = await gate.expectedStyle(for: client, purpose: prompt.purpose)
            if expected == .short, prompt.toneless { return .ended(skip(Self.tonelessReason, style: expected, timings: PromptOutcome.Timings())) }
            if let audible = AudibleStyle(expected) { early = try await render(prompt, as: audible) }
        }
        timings.audioReady = (ContinuousClock.now - prompt.receivedAt).milliseconds
        if let stopped = stopped(style: expected, timings: timings) { return .ended(stopped) }

        let (audibility, volume) = (audibility, prompt.prosody.gainDecibels)
        let grant = await gate.promptReady(client, purpose: prompt.purpose, toneless: prompt.toneless) { [early] grant in
            // Its level known with the grant where its audio is made in the style granted.
            guard let early, case .play(let decided) = grant.verdict, early.style == decided else { return nil }
            return PromptLevel(early, grant: grant, audibility: audibility, volume: volume)
        }
        playing?.heldBack = grant.heldBack
        let audible: AudibleStyle
        switch grant.verdict {
        case .play(let decided): audible = decided
        case .skip(let reason): return .ended(skip(reason, style: grant.style, timings: timings))
        case .noSession(let error): throw .invalidSession(error.reason)
        }
        if audible == .short, prompt.toneless {
            _ = await finished(prompt, anotherWaiting: queue.count > 0, gate: gate)
            return .ended(skip(Self.tonelessReason, style: audible.promptStyle, timings: timings))
        }
        if let activatedAt = grant.activatedAt { timings.activated = (activatedAt - prompt.receivedAt).milliseconds }
        if let early, early.style == audible { return .granted(grant, audible, early) }
        do {
            return .granted(grant, audible, try await render(prompt, as: audible))
        } catch {
            // Granted but never played: the session and the prompt in flight end here too.
            _ = await finished(prompt, anotherWaiting: queue.count > 0, gate: gate)
            throw error
        }
    }

    /// A granted prompt stopped before its audio sounded: its session ends, lingering only for what
    /// plays next. Cancelled (its client may be gone): nothing waits for it. Outranked: the more
    /// urgent prompt plays next. Cut: whatever waits.
    private nonisolated(nonsending) func stoppedBeforeSounding(
        _ prompt: Prompt, style: PromptStyle, timings: PromptOutcome.Timings, gate: any PromptGate
    ) async -> PromptOutcome? {
        guard let stopped = stopped(style: style, timings: timings) else { return nil }
        let anotherWaiting =
            switch playing?.stop {
            case .outranked: true
            case .cut: queue.count > 0
            default: false
            }
        _ = await finished(prompt, anotherWaiting: anotherWaiting, gate: gate)
        return stopped
    }

    /// Tells the policy the prompt has ended (`PromptGate.promptFinished`), and whether the next one
    /// is near: one waits, one is being made, or clients' prompts come in a burst. Guidance's own
    /// prompts are no part of a burst: its announcer knows when it speaks next.
    private nonisolated(nonsending) func finished(_ prompt: Prompt, anotherWaiting: Bool, gate: any PromptGate) async -> ContinuousClock.Instant? {
        let burst = prompt.fromGuidance ? false : cadence.ended(at: clock.now())
        // Told first, in the same order: the hold the prompt's end starts is stretched for it.
        if burst || queue.count > 0 || synthesis.count > 0 { await gate.promptComing() }
        return await gate.promptFinished(prompt.client, anotherWaiting: anotherWaiting)
    }

    private nonisolated(nonsending) func render(_ prompt: Prompt, as style: AudibleStyle) async throws(EngineError) -> RenderedPrompt {
        try await renderer.render(
            style, candidates: prompt.candidates, voice: prompt.voice, prosody: prompt.prosody, overBudget: prompt.overBudget,
            within: prompt.wordBudget)
    }

    /// `prompt.started`, as the prompt's first sample goes to the output.
    private func emitStarted(_ prompt: Prompt, text: String, style: PromptStyle, preRoll: Double?, level: PromptLevel) {
        emit(.promptStarted(client: prompt.client.rawValue, prompt: prompt.id.rawValue, text: text, style: style, preRoll: preRoll, level: level.facts))
    }

    /// The prompts' sink, resumed if it was suspended and audio plays; read only for its pre-roll
    /// on the virtual clock, and not at all when no pre-roll rule could apply.
    private static func wakeSink(of output: any PromptOutput, clock: EngineClock, wake: OutputWake) async -> PromptSink {
        guard clock.playsPromptAudio || !wake.rules.isEmpty else { return PromptSink(name: nil, wasSuspended: false) }
        return await output.sink(resume: clock.playsPromptAudio)
    }

    /// Plays a prompt's audio to the end (or its cancellation). On a simulated clock the prompt takes
    /// exactly its length of simulated time; `compressed` also plays it for real, `virtual` does not.
    private nonisolated(nonsending) func play(_ audio: BufferSource, duration: Double) async {
        let start = clock.now()
        if clock.playsPromptAudio, let reason = await output.play(audio, seconds: duration).reason {
            resolve(.outputFailed(reason: reason))
        }
        guard clock.simulated != nil, playing?.cancelled != true else { return }
        playbackTokens += 1
        await clock.sleep(until: start + duration, token: playbackTokens)
    }
}

extension Result<PromptOutcome, any Error> {
    /// Whether the prompt was said to its end (whole or shortened).
    fileprivate var saidToItsEnd: Bool {
        guard case .success(let outcome) = self else { return false }
        return outcome.result == .finished || outcome.result == .shortened
    }
}
