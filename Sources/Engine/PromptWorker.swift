import AudioPolicy
import ClientGuidance
import EngineTime
import Prompts
import PulseAudio
import RPC

/// Plays the prompts one at a time, in the shape of speech-dispatcher's `speaking.c`: each one
/// taken from the queue (`WaitingPrompts`), its grant asked of the policy (`PromptGate`), its audio
/// made in the style granted (`PromptRenderer`), brought to its level and played
/// (`PromptStage`, `PromptOutput`), then its outcome told and given to its ticket. A prompt
/// outranked is queued again, an alert the moment cut held for later. A part of `PromptPlayer`, in
/// its owner's isolation.
final class PromptWorker {
    private let clock: EngineClock
    private let renderer: any PromptRenderer
    private let output: any PromptOutput
    /// How long outputs need to wake before the first word (the policy's `outputs:`).
    private let wake: OutputWake
    /// How far a prompt must stand out of what plays under it (the policy's `audibility:`).
    private let audibility: Audibility
    /// Rung when a prompt is queued while the worker is idle (`WaitingPrompts`).
    private let wakeups: AsyncStream<Void>
    private let waiting: WaitingPrompts
    private let admission: PromptAdmission
    private let stage: PromptStage
    private let reporter: PromptReporter
    /// When the last prompt's audio ended (clock seconds): the output is idle `wake.idleGap` after it.
    private var lastAudioEnd: Double?

    init(
        clock: EngineClock, renderer: any PromptRenderer, output: any PromptOutput, wake: OutputWake, audibility: Audibility,
        wakeups: AsyncStream<Void>, waiting: WaitingPrompts, admission: PromptAdmission, stage: PromptStage, reporter: PromptReporter
    ) {
        self.clock = clock
        self.renderer = renderer
        self.output = output
        self.wake = wake
        self.audibility = audibility
        self.wakeups = wakeups
        self.waiting = waiting
        self.admission = admission
        self.stage = stage
        self.reporter = reporter
    }

    /// Plays the prompts until the wake-ups end (`PromptPlayer.finish()`): woken when a prompt is
    /// queued while it is idle, it plays whatever waits.
    nonisolated(nonsending) func run(gate: any PromptGate) async {
        for await _ in wakeups { await work(gate) }
    }

    private nonisolated(nonsending) func work(_ gate: any PromptGate) async {
        while let prompt = waiting.next() {
            if let deadline = prompt.deadline, clock.now() > deadline {
                waiting.finishUnplayed(prompt, result: .expired, reason: "its deadline passed before it could start")
                continue
            }
            stage.begin(prompt)
            let result: Result<PromptOutcome, any Error>
            do {
                var outcome = try await play(prompt, gate: gate)
                // Queued again (outranked) or held for later (cut): not done with yet.
                var goesOn = false
                if outcome.result == .interrupted, case .outranked = stage.playing?.stop {
                    let requeued: Result<PromptID, WaitingPrompts.RequeueRefusal> =
                        if !prompt.saidAgainWhenOutranked {
                            .failure(.init("its client does not want it said again"))
                        } else if let why = stage.playing?.saidNoMore {
                            .failure(.init(why))
                        } else {
                            waiting.requeue(prompt)
                        }
                    switch requeued {
                    case .success(let again):
                        outcome.reason = (outcome.reason ?? "interrupted") + "; queued again as \(again)"
                        goesOn = true
                    case .failure(let refusal): outcome.reason = (outcome.reason ?? "interrupted") + "; not queued again: \(refusal.why)"
                    }
                }
                if outcome.result == .interrupted, case .cut(let cut, _) = stage.playing?.stop {
                    outcome.cut = cut.rule
                    let after = afterCut(prompt, cut)
                    outcome.reason = (outcome.reason ?? "interrupted") + after.words
                    goesOn = after.held
                }
                reporter.ended(outcome, client: prompt.client)
                if !goesOn { reporter.dismiss(prompt, ended: outcome.result.eventType) }
                result = .success(outcome)
            } catch {
                reporter.failed(prompt, error: error)
                result = .failure(error)
            }
            let ending = guidanceEnding(of: result)
            if let message = prompt.message, !result.saidToItsEnd {
                _ = waiting.skipWaiting(reason: "an earlier part of its text was not said") { $0.message == message }
            }
            stage.end()
            prompt.ticket.complete(result)
            if let session = prompt.guidance { await gate.guidancePromptEnded(prompt.client, session: session, ending) }
        }
        waiting.workerIdle()
    }

    /// What becomes of a prompt the moment cut, in words for its end reason, and whether it is held:
    /// an alert is held for later (`WaitingPrompts.hold`).
    private func afterCut(_ prompt: Prompt, _ cut: PromptCut) -> (words: String, held: Bool) {
        guard cut.momentary, stage.playing?.stop?.owesNothing != true else { return ("; not said again", false) }
        if prompt.fromGuidance && prompt.isManeuver { return ("; the maneuver is said again, as it is then, once that ends", false) }
        guard prompt.kind == .alert else { return ("; not said again", false) }
        waiting.hold(prompt)
        return (prompt.deadline == nil ? "; said again once that ends" : "; said again once that ends, if before its deadline", true)
    }

    /// Heard in full, held back by the moment (an instruction only), or neither.
    private func guidanceEnding(of result: Result<PromptOutcome, any Error>) -> GuidancePromptEnding {
        guard case .success(let outcome) = result, let playing = stage.playing, playing.stop?.owesNothing != true else { return .other }
        if outcome.style == .normal, outcome.result == .finished || outcome.result == .shortened { return .heard(playing.prompt.announces) }
        if case .outranked = playing.stop { return .other }
        return playing.heldBack && playing.prompt.isManeuver ? .heldBack(key: playing.prompt.key) : .other
    }

    /// The one checkpoint: the playing prompt's outcome if something has stopped it
    /// (`PlayingPrompt.stop`), nil while it goes on. `heard`: the grant it played under, once its
    /// audio has played; before that, what ducked or paused for it is not told.
    private func stopped(style: PromptStyle, timings: PromptOutcome.Timings, heard grant: PromptGrant? = nil) -> PromptOutcome? {
        guard let playing = stage.playing, let stop = playing.stop else { return nil }
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
        reporter.countSkipped()
        let prompt = stage.playing!.prompt
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
        stage.sounds(audio)
        defer { stage.sounds(nil) }
        let handed = ContinuousClock.now
        timings.playbackStarted = (handed - start).milliseconds
        reporter.started(
            prompt, text: rendered.text, style: style, preRoll: silence > 0 ? Double(silence) / Double(heard.sampleRate) : nil, level: level,
            after: grant.afterDucks)
        await stage.play(audio, duration: heard.duration, after: grant.afterDucks)
        // Its first sample went to the stream once the ducks' last steps were sent, if that was later.
        if let sent = grant.afterDucks.sentAt, sent > handed { timings.playbackStarted = (sent - start).milliseconds }
        _ = await woken
        lastAudioEnd = clock.now()
        timings.drained = ms()
        // Linger only when another prompt is already waiting.
        if let deactivatedAt = await finished(prompt, anotherWaiting: waiting.count > 0, gate: gate) {
            timings.deactivated = (deactivatedAt - start).milliseconds
        }
        timings.restored = ms()
        if let stopped = stopped(style: style, timings: timings, heard: grant) { return stopped }
        reporter.countSpoken()
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
            if expected == .short, prompt.toneless {
                return .ended(skip(PromptPlayer.tonelessReason, style: expected, timings: PromptOutcome.Timings()))
            }
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
        stage.holdBack(grant.heldBack)
        let audible: AudibleStyle
        switch grant.verdict {
        case .play(let decided): audible = decided
        case .skip(let reason): return .ended(skip(reason, style: grant.style, timings: timings))
        case .noSession(let error): throw .invalidSession(error.reason)
        }
        if audible == .short, prompt.toneless {
            _ = await finished(prompt, anotherWaiting: waiting.count > 0, gate: gate)
            return .ended(skip(PromptPlayer.tonelessReason, style: audible.promptStyle, timings: timings))
        }
        if let activatedAt = grant.activatedAt { timings.activated = (activatedAt - prompt.receivedAt).milliseconds }
        if let early, early.style == audible { return .granted(grant, audible, early) }
        do {
            return .granted(grant, audible, try await render(prompt, as: audible))
        } catch {
            // Granted but never played: the session and the prompt in flight end here too.
            _ = await finished(prompt, anotherWaiting: waiting.count > 0, gate: gate)
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
            switch stage.playing?.stop {
            case .outranked: true
            case .cut: waiting.count > 0
            default: false
            }
        _ = await finished(prompt, anotherWaiting: anotherWaiting, gate: gate)
        return stopped
    }

    /// Tells the policy the prompt has ended (`PromptGate.promptFinished`), and first whether the
    /// next one is near (`PromptAdmission.nextIsNear(asEnds:)`).
    private nonisolated(nonsending) func finished(_ prompt: Prompt, anotherWaiting: Bool, gate: any PromptGate) async -> ContinuousClock.Instant? {
        // Told first, in the same order: the hold the prompt's end starts is stretched for it.
        if admission.nextIsNear(asEnds: prompt) { await gate.promptComing() }
        return await gate.promptFinished(prompt.client, anotherWaiting: anotherWaiting)
    }

    private nonisolated(nonsending) func render(_ prompt: Prompt, as style: AudibleStyle) async throws(EngineError) -> RenderedPrompt {
        try await renderer.render(
            style, candidates: prompt.candidates, voice: prompt.voice, prosody: prompt.prosody, overBudget: prompt.overBudget,
            within: prompt.wordBudget)
    }

    /// The prompts' sink, resumed if it was suspended and audio plays; read only for its pre-roll
    /// on the virtual clock, and not at all when no pre-roll rule could apply.
    private static func wakeSink(of output: any PromptOutput, clock: EngineClock, wake: OutputWake) async -> PromptSink {
        guard clock.playsPromptAudio || !wake.rules.isEmpty else { return PromptSink(name: nil, wasSuspended: false) }
        return await output.sink(resume: clock.playsPromptAudio)
    }
}

extension Result<PromptOutcome, any Error> {
    /// Whether the prompt was said to its end (whole or shortened).
    fileprivate var saidToItsEnd: Bool {
        guard case .success(let outcome) = self else { return false }
        return outcome.result == .finished || outcome.result == .shortened
    }
}
