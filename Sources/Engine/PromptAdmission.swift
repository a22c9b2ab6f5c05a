import AudioPolicy
import EngineTime
import Guidance
import Prompts
import Speech

/// The way into the queue for a request: its text and voice checked, a turn to synthesise it taken
/// (`SynthesisSlots`), its speech made and measured, then admitted (`WaitingPrompts.admit`) or
/// refused. It also keeps the requests' cadence (`PromptCadence`): with the turns in flight it says
/// whether another prompt is near as one ends. A part of `PromptPlayer`, in its owner's isolation.
final class PromptAdmission {
    private let clock: EngineClock
    private let renderer: any PromptRenderer
    /// How long a prompt and a message may speak, how long a text may be, and how many requests of
    /// a client may wait (the policy's `prompts:`).
    private let limits: PromptLimits
    private let waiting: WaitingPrompts
    private let stage: PromptStage
    /// Whether prompts come in a burst, so that the next is known to be near when one ends.
    private var cadence: PromptCadence
    /// Turns to synthesise a prompt being admitted, a few at a time across every connection.
    private var synthesis = SynthesisSlots()

    init(
        clock: EngineClock, renderer: any PromptRenderer, limits: PromptLimits, cadence: PromptCadence, waiting: WaitingPrompts,
        stage: PromptStage
    ) {
        self.clock = clock
        self.renderer = renderer
        self.limits = limits
        self.cadence = cadence
        self.waiting = waiting
        self.stage = stage
    }

    /// Queues a prompt and returns at once with its ticket and its place in the queue (0 = next).
    /// Its speech is made first, so that its length is known: a text too long to speak within
    /// `limits.maxSeconds` is refused with that length, and the queue's seconds are what will play.
    /// A full queue, an unknown voice or too long a text is refused here, changing nothing.
    nonisolated(nonsending) func enqueue(
        client: ClientID, candidates: [Wording], voice: String, kind: Prompt.Kind, options: PromptOptions,
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
            var prompt = Prompt(id: waiting.nextID, client: client, kind: kind, options: options, now: now)
            prompt.candidates = sayable
            prompt.voice = voice
            prompt.receivedAt = receivedAt
            prompt.seconds = seconds
            return prompt
        }
        let trial = prompt(seconds: min(Self.shortestSpeech(of: sayable.last!.text), limits.maxSeconds))
        if let refusal = waiting.refusal(of: trial) { throw .queueFull(refusal) }
        let speech = try await renderer.render(
            .normal, candidates: sayable, voice: voice, prosody: options.prosody, overBudget: trial.overBudget, within: trial.wordBudget)
        let admitted = prompt(seconds: speech.audio.duration)
        switch waiting.admit(admitted) {
        case .success(let position):
            // The speech is kept only for the prompt that plays next; one further back is made again
            // when its turn comes, so that a full queue holds seconds, not samples.
            if position == 0 { waiting.keep(speech, for: admitted.id) }
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
            var prompt = Prompt(id: waiting.nextID, client: client, kind: .text, options: options, now: now)
            prompt.candidates = [Wording(text: text)]
            prompt.voice = voice
            prompt.receivedAt = receivedAt
            prompt.seconds = speech.audio.duration
            prompt.message = first ?? prompt.id
            switch waiting.admit(prompt, continuing: first != nil) {
            case .success(let position):
                if position == 0 { waiting.keep(speech, for: prompt.id) }
                first = first ?? prompt.id
                admitted.append((prompt.ticket, position))
            case .failure(let refusal):
                // The parts already in go too (none, if it was the first: then nothing else may match).
                if let first {
                    _ = waiting.skipWaiting(reason: "the rest of its text could not be queued: \(EngineError.queueFull(refusal))") { $0.message == first }
                }
                throw .queueFull(refusal)
            }
        }
        return (admitted.map(\.ticket), admitted.first?.position ?? 0)
    }

    /// Whether eSpeak NG has a voice of this name.
    nonisolated(nonsending) func hasVoice(_ voice: String) async -> Bool { await renderer.hasVoice(voice) }

    /// Whether another prompt is near as `prompt` ends: one waits, one is being made, or clients'
    /// prompts come in a burst. Guidance's own prompts are no part of a burst: its announcer knows
    /// when it speaks next.
    func nextIsNear(asEnds prompt: Prompt) -> Bool {
        let burst = prompt.fromGuidance ? false : cadence.ended(at: clock.now())
        return burst || waiting.count > 0 || synthesis.count > 0
    }

    /// A prompt is asked for: a client's counts towards a burst (guidance's does not), and while
    /// nothing plays, the hold on the music after the last prompt waits for it.
    private nonisolated(nonsending) func asked(fromGuidance: Bool, gate: any PromptGate) async {
        if !fromGuidance { cadence.asked(at: clock.now(), pending: stage.playing != nil || waiting.count > 0 || synthesis.count > 0) }
        if stage.playing == nil { await gate.promptComing() }
    }

    /// Why a request of `client` may not even wait to be synthesised: counting its requests in line
    /// as already waiting, it would pass its own bound; or the line holds as many requests as the
    /// queue may hold prompts while this client already has one waiting or in line. A client with
    /// nothing waiting and nothing in line always gets in line (fair admission), so a flood costs
    /// the daemon a line of about `maxWaiting` requests plus one per connection, not every request.
    private func lineRefusal(for client: ClientID) -> QueueBound? {
        let holds = waiting.count(of: client) + synthesis.count(of: client)
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

    /// A lower bound of how long `text` speaks: eSpeak NG at its fastest (450 words a minute) says a
    /// word in 0.13 s, so no words speak shorter than 0.1 s each.
    static func shortestSpeech(of text: String) -> Double {
        Double(text.split(whereSeparator: \.isWhitespace).count) * 0.1
    }
}
