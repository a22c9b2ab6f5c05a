import AudioPolicy
import Guidance
import PulseAudio
import Speech

extension VoxNavEngine {
    /// Speaks a prompt for `client` and returns once it has finished (or was skipped) and every
    /// source the prompt affected is restored. Prompts play one at a time, in arrival order.
    public func speak(_ request: PromptRequest, client: ClientID = VoxNavEngine.localClient) async throws -> PromptOutcome {
        let previous = promptTail
        pendingPrompts += 1
        let task = Task { () async throws -> PromptOutcome in
            await previous?.value
            await self.promptStarting()
            return try await self.run(request, client: client)
        }
        promptTail = Task { _ = try? await task.value }
        return try await task.value
    }

    private func promptStarting() { pendingPrompts -= 1 }

    private func run(_ request: PromptRequest, client: ClientID) async throws -> PromptOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        func ms() -> Double { (clock.now - start).milliseconds }

        // Everything that can be refused is checked before the policy hears of the prompt.
        let (candidates, voice) = try wordings(for: request)
        if policy.configurations[client] == nil {
            await feed(.configure(client, .voicePrompt, at: now()))
        }
        // The oracle is consulted just before the prompt: none → nothing, short → a tone, normal → speech.
        let expected = policy.promptStyle(for: client)
        var rendered = try await render(expected, candidates: candidates, voice: voice)
        var timings = PromptOutcome.Timings()
        timings.audioReady = ms()

        let wasActive = policy.activeClients.contains(client)
        let (ready, effects) = await feedReporting(.promptReady(client, at: now()))
        let ducked = effects.ducked
        let paused = effects.paused
        var decided: PromptStyle?
        for decision in ready {
            switch decision {
            case .playPrompt(client, let style): decided = style
            case .skipPrompt(client, let why):
                promptsSkipped += 1
                return PromptOutcome(
                    result: .skipped, style: expected == .none ? .none : expected, text: rendered?.text ?? candidates[0],
                    voice: nil, audioDuration: 0, timings: timings, ducked: [], paused: [], reason: why)
            case .configurationRejected(client, let error):
                throw EngineError.invalidSession(error.reason)
            default: break
            }
        }
        guard let style = decided else {
            throw EngineError.activationRejected("the policy neither played nor skipped the prompt")
        }
        if !wasActive { timings.activated = ms() }
        if style != expected || rendered == nil {
            rendered = try await render(style, candidates: candidates, voice: voice)
        }
        let (text, audio) = rendered!

        timings.playbackStarted = ms()
        await promptStream.play(BufferSource(audio.samples))
        timings.drained = ms()
        // Linger only when another prompt is already waiting.
        let finished = await feed(.promptFinished(client, nextDueAt: pendingPrompts > 0 ? now() : nil, at: now()))
        if finished.contains(where: { if case .sessionDeactivated(client, _) = $0 { true } else { false } }) {
            timings.deactivated = ms()
        }
        timings.restored = ms()
        promptsSpoken += 1
        return PromptOutcome(
            result: .finished, style: style, text: style == .short ? "(earcon) " + text : text,
            voice: style == .short ? nil : voice, audioDuration: audio.duration, timings: timings,
            ducked: ducked, paused: paused, reason: nil)
    }

    /// The audio for a style: speech fitted to the time budget, the earcon, or nothing.
    private func render(_ style: PromptStyle, candidates: [String], voice: String) async throws -> (text: String, audio: PCMBuffer)? {
        switch style {
        case .none:
            return nil
        case .short:
            return (candidates.last ?? candidates[0], Earcon.chime(sampleRate: synthesizer.sampleRate))
        case .normal:
            do {
                return try await PromptFitter(maxSeconds: configuration.maxPromptSeconds)
                    .fit(candidates, voice: voice, rate: configuration.speechRate, synthesizer: synthesizer)
            } catch {
                throw EngineError.speech(error.description)
            }
        }
    }

    /// The candidate wordings (richest first) and the eSpeak NG voice for a request. Maneuvers need a
    /// phrase pack; text in a language without one is spoken by the eSpeak NG voice of that name.
    func wordings(for request: PromptRequest) throws -> (candidates: [String], voice: String) {
        let language = request.language.flatMap { $0.isEmpty ? nil : $0 } ?? configuration.defaultLanguage
        let pack = voices.pack(for: language)
        switch request.content {
        case .text(let text):
            return ([text], pack?.espeakVoice ?? language.lowercased().replacingOccurrences(of: "_", with: "-"))
        case .maneuver(let maneuver, let next):
            guard let pack else { throw EngineError.unknownLanguage(language, available: voices.languages) }
            let composer = PhraseComposer(pack: pack)
            let distance = maneuver.distanceRemaining ?? 0
            return (composer.compositions(maneuver, state: maneuver.state, distance: distance, then: next), pack.espeakVoice)
        }
    }
}
