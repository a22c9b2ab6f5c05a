import AudioPolicy
import Guidance
import PulseAudio
import Speech

/// A prompt's words and audio in one audible style.
struct RenderedPrompt: Sendable {
    let style: AudibleStyle
    let text: String
    let audio: PCMBuffer
}

/// A prompt accepted into the queue: validated, with its wordings and voice.
struct AdmittedPrompt: Sendable {
    let id: PromptID
    let client: ClientID
    let candidates: [String]
    let voice: String
    let options: PromptOptions
    let ticket: PromptTicket
    /// When the request arrived: a prompt's timings count from here.
    let receivedAt: ContinuousClock.Instant
}

extension VoxNavEngine {
    /// The most prompts one client may have waiting; more are refused, so that a flood from one
    /// client cannot starve the others.
    public static let maxWaitingPerClient = 32

    /// Speaks a prompt and returns once it has finished, been skipped or expired, with every source
    /// the prompt affected restored.
    public func speak(_ request: PromptRequest, client: ClientID = VoxNavEngine.localClient, options: PromptOptions = PromptOptions()) async throws
        -> PromptOutcome
    {
        let (ticket, _) = try await enqueue(request, client: client, options: options)
        return try await ticket.outcome()
    }

    /// Queues a prompt and returns at once with its id and its place in the queue (0 = next to play);
    /// events tell the rest.
    public func queue(_ request: PromptRequest, client: ClientID, options: PromptOptions) async throws -> (id: PromptID, position: Int) {
        let (ticket, position) = try await enqueue(request, client: client, options: options)
        return (ticket.id, position)
    }

    /// Queues a prompt and returns at once with its ticket and its place in the queue (0 = next).
    /// Everything that can be refused (language, voice, a full queue) is refused here, changing nothing.
    func enqueue(_ request: PromptRequest, client: ClientID, options: PromptOptions) async throws -> (PromptTicket, Int) {
        let receivedAt = ContinuousClock.now
        // Refused at once rather than queued to wait for a server that may not come back soon.
        guard serverAvailable else { throw EngineError.serverUnavailable }
        let (candidates, voice) = try wordings(for: request)
        guard await synthesizer.hasVoice(voice) else { throw EngineError.speech(SpeechError.unknownVoice(voice).description) }
        guard queue.count(of: client) < Self.maxWaitingPerClient else {
            throw EngineError.queueFull(Self.maxWaitingPerClient)
        }
        promptCounter += 1
        let id = PromptID(rawValue: "p-\(promptCounter)")
        let ticket = PromptTicket(id: id)
        let admitted = AdmittedPrompt(
            id: id, client: client, candidates: candidates, voice: voice, options: options, ticket: ticket, receivedAt: receivedAt)
        admittedPrompts[id] = admitted
        let deadline = options.deadline.map { now() + $0 }
        let superseded = queue.enqueue(id: id, client: client, priority: options.priority, deadline: deadline, key: options.key)
        var event = EngineEvent(type: "prompt.queued", time: now())
        event.client = client.rawValue
        event.prompt = id.rawValue
        event.text = candidates[0]
        event.priority = options.priority
        emit(event)
        for old in superseded { finishUnplayed(old.id, result: .skipped, reason: "superseded by \(id) for the same maneuver") }
        if let deadline {
            clock.spawn {
                await self.clock.sleep(until: deadline + 0.005)
                await self.expireIfWaiting(id)
            }
        }
        startWorkerIfNeeded()
        return (ticket, queue.position(of: id) ?? 0)
    }

    /// Cancels prompts: one by id (whoever queued it: the socket is the user's own), or all of a
    /// client's. Waiting ones are skipped; the one playing stops at once.
    @discardableResult
    public func cancelPrompts(client: ClientID, id: PromptID? = nil, reason: String = "cancelled by the client") -> [PromptID] {
        let matches = { (entry: PromptQueue.Entry) in id.map { entry.id == $0 } ?? (entry.client == client) }
        let removed = queue.remove(where: matches)
        for entry in removed { finishUnplayed(entry.id, result: .skipped, reason: reason) }
        var cancelled = removed.map(\.id)
        if let current = currentPrompt, matches(current) {
            currentCancellation = reason
            if let buffer = currentBuffer { promptStream.cancel(buffer) }
            clock.wake(currentPlaybackToken)
            cancelled.append(current.id)
        }
        return cancelled
    }

    private func expireIfWaiting(_ id: PromptID) {
        guard !queue.remove(where: { $0.id == id }).isEmpty else { return }
        finishUnplayed(id, result: .expired, reason: "its deadline passed while it waited")
    }

    /// Completes a prompt that never played, with its event.
    private func finishUnplayed(_ id: PromptID, result: PromptOutcome.Result, reason: String) {
        guard let admitted = admittedPrompts.removeValue(forKey: id) else { return }
        if result == .skipped { promptsSkipped += 1 }
        let outcome = PromptOutcome(
            id: id.rawValue, result: result, style: .none, text: admitted.candidates[0], voice: nil, audioDuration: 0,
            timings: PromptOutcome.Timings(), ducked: [], paused: [], reason: reason)
        emitEnd(outcome, client: admitted.client)
        admitted.ticket.complete(.success(outcome))
    }

    private func emitEnd(_ outcome: PromptOutcome, client: ClientID) {
        var event = EngineEvent(type: "prompt.\(outcome.result.rawValue)", time: now())
        event.client = client.rawValue
        event.prompt = outcome.id
        event.text = outcome.text
        event.style = outcome.result == .finished || outcome.result == .shortened ? outcome.style : nil
        event.reason = outcome.reason
        if outcome.result == .finished || outcome.result == .shortened { event.duration = outcome.audioDuration }
        emit(event)
    }

    // MARK: the worker: one prompt at a time

    private func startWorkerIfNeeded() {
        guard promptWorker == nil else { return }
        promptWorker = clock.spawn { await self.work() }
    }

    private func work() async {
        while let entry = queue.next() {
            guard let admitted = admittedPrompts.removeValue(forKey: entry.id) else { continue }
            if let deadline = entry.deadline, now() > deadline {
                admittedPrompts[entry.id] = admitted
                finishUnplayed(entry.id, result: .expired, reason: "its deadline passed before it could start")
                continue
            }
            currentPrompt = entry
            currentCancellation = nil
            let result: Result<PromptOutcome, Error>
            do {
                let outcome = try await run(admitted)
                emitEnd(outcome, client: admitted.client)
                result = .success(outcome)
            } catch {
                var event = EngineEvent(type: "prompt.skipped", time: now())
                event.client = admitted.client.rawValue
                event.prompt = admitted.id.rawValue
                event.reason = "\(error)"
                emit(event)
                promptsSkipped += 1
                result = .failure(error)
            }
            currentPrompt = nil
            admitted.ticket.complete(result)
            if admitted.options.fromGuidance { guidancePromptFinished(client: admitted.client) }
        }
        promptWorker = nil
    }

    private func run(_ prompt: AdmittedPrompt) async throws -> PromptOutcome {
        let clock = ContinuousClock()
        let start = prompt.receivedAt
        func ms() -> Double { (clock.now - start).milliseconds }
        let client = prompt.client
        func skipped(_ reason: String, style: PromptStyle, timings: PromptOutcome.Timings) -> PromptOutcome {
            promptsSkipped += 1
            return PromptOutcome(
                id: prompt.id.rawValue, result: .skipped, style: style, text: prompt.candidates[0], voice: nil,
                audioDuration: 0, timings: timings, ducked: [], paused: [], reason: reason)
        }

        if policy.configurations[client] == nil {
            await feed(.configure(client, .voicePrompt, at: now()))
        }
        // The oracle is consulted just before the prompt: none → nothing, short → a tone, normal → speech.
        // The audio for the style it expects is made first; the policy's verdict below may change it.
        let expected = policy.promptStyle(for: client)
        var early: RenderedPrompt?
        if let audible = AudibleStyle(expected) { early = try await render(audible, candidates: prompt.candidates, voice: prompt.voice) }
        var timings = PromptOutcome.Timings()
        timings.audioReady = ms()
        if let reason = currentCancellation { return skipped(reason, style: expected, timings: timings) }

        let wasActive = policy.activeClients.contains(client)
        let (verdict, activatedAt, effects) = await promptReady(client)
        let audible: AudibleStyle
        switch verdict {
        case .play(let decided): audible = decided
        case .skip(let reason): return skipped(reason, style: expected, timings: timings)
        case .noSession(let error): throw EngineError.invalidSession(error.reason)
        }
        let style = audible.promptStyle
        if !wasActive { timings.activated = (activatedAt - start).milliseconds }
        let rendered: RenderedPrompt
        if let early, early.style == audible {
            rendered = early
        } else {
            rendered = try await render(audible, candidates: prompt.candidates, voice: prompt.voice)
        }
        let (text, audio) = (rendered.text, rendered.audio)

        if let reason = currentCancellation {
            // Cancelled while it was being prepared (its client may be gone): nothing plays.
            await feed(.promptFinished(client, nextDueAt: nil, at: now()))
            return skipped(reason, style: style, timings: timings)
        }
        let buffer = BufferSource(audio.samples)
        currentBuffer = buffer
        defer { currentBuffer = nil }
        timings.playbackStarted = ms()
        var started = EngineEvent(type: "prompt.started", time: now())
        started.client = client.rawValue
        started.prompt = prompt.id.rawValue
        started.text = text
        started.style = style
        emit(started)
        await play(buffer, duration: audio.duration)
        timings.drained = ms()
        // Linger only when another prompt is already waiting.
        let (finished, deactivatedAt, _) = await feedReporting(.promptFinished(client, nextDueAt: queue.count > 0 ? now() : nil, at: now()))
        if finished.contains(where: { if case .sessionDeactivated(client, _) = $0 { true } else { false } }) {
            timings.deactivated = (deactivatedAt - start).milliseconds
        }
        timings.restored = ms()
        if let reason = currentCancellation {
            var outcome = skipped(reason, style: style, timings: timings)
            outcome.ducked = effects.ducked
            outcome.paused = effects.paused
            return outcome
        }
        promptsSpoken += 1
        let shortened = style == .normal && text != prompt.candidates[0]
        return PromptOutcome(
            id: prompt.id.rawValue, result: shortened ? .shortened : .finished, style: style,
            text: style == .short ? "(earcon) " + text : text, voice: style == .short ? nil : prompt.voice,
            audioDuration: audio.duration, timings: timings, ducked: effects.ducked, paused: effects.paused, reason: nil)
    }

    /// Plays a prompt's audio to the end (or its cancellation). On a simulated clock the prompt takes
    /// exactly its length of simulated time; `compressed` also plays it for real, `virtual` does not.
    private func play(_ buffer: BufferSource, duration: Double) async {
        let start = now()
        if clock.playsPromptAudio {
            // Where the server ducks by role, the stream exists only while it plays (`ServerRolePolicy`);
            // failing to open it is the server gone, seen just below.
            let openForThisPrompt = !rolePolicy.keepsPromptStreamOpen
            if openForThisPrompt { try? await promptStream.reopen(properties: rolePolicy.promptStreamProperties) }
            await promptStream.play(buffer)
            // Returned early because the server went away (before the engine heard of it): not finished.
            if !promptStream.isConnected { currentCancellation = currentCancellation ?? EngineError.serverUnavailableReason }
            if openForThisPrompt { promptStream.close() }
        }
        guard clock.simulated != nil, currentCancellation == nil else { return }
        playbackTokens += 1
        currentPlaybackToken = playbackTokens
        await clock.sleep(until: start + duration, token: currentPlaybackToken)
    }

    /// The audio for an audible style: speech fitted to the time budget, or the earcon.
    private func render(_ style: AudibleStyle, candidates: [String], voice: String) async throws -> RenderedPrompt {
        switch style {
        case .short:
            return RenderedPrompt(style: style, text: candidates.last ?? candidates[0], audio: Earcon.navigationTone(sampleRate: synthesizer.sampleRate))
        case .normal:
            do {
                let (text, audio) = try await PromptFitter(maxSeconds: configuration.maxPromptSeconds)
                    .fit(candidates, voice: voice, rate: configuration.speechRate, synthesizer: synthesizer)
                return RenderedPrompt(style: style, text: text, audio: audio)
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
