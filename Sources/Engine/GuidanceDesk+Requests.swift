import AudioPolicy
import ClientGuidance
import Guidance
import Prompts
import RPC

/// A guidance's reroutes and pauses, and a driver's requests (a repeat, the estimates), as
/// `GuidanceSessions` decides them; refused while the sound server is away.
extension GuidanceDesk {
    /// The guidance engine is recalculating its route (`GuidanceSessions.reroute`): its words queued
    /// unless said within the debounce window, the old route's waiting prompts skipped.
    func reroute(_ client: ClientID, time: Double?, on engine: isolated VoxNavEngine) async throws(EngineError) -> GuidanceReroute.Result {
        try requireSession(of: client, on: engine)
        let words = try Self.guided { () throws(GuidanceError) in try sessions.reroute(client, time: time, now: engine.now()) }
        let cancelled = skip(words, client: client, reason: "rerouted: the route it was for is gone", on: engine)
        let text = words.text ?? ""
        if let notSaid = words.notSaid { return .init(announced: false, text: text, reason: notSaid, cancelled: cancelled) }
        do {
            let ticket = try await queueWords(.text(text), client: client, speech: words.speech, key: words.key, on: engine)
            return .init(announced: true, prompt: ticket.id.rawValue, text: text, cancelled: cancelled)
        } catch {
            // The route has restarted all the same; only the words could not be queued (a full queue).
            return .init(announced: false, text: text, reason: "not queued: \(error)", cancelled: cancelled)
        }
    }

    /// Pauses a client's guidance (`guidance.pause`, `GuidanceSessions.pause`; a pause for a reroute is
    /// `guidance.reroute` too), tells the subscribers (`guidance.paused`), skips its waiting guidance
    /// prompts (the one playing finishes) and queues the reason's words when a driver should hear
    /// them. A maneuver's words said within the window are not said again once it resumes
    /// (`RecentAnnouncements`). A refusal changes nothing.
    func pause(_ client: ClientID, reason: GuidancePauseReason, time: Double?, on engine: isolated VoxNavEngine) async throws(EngineError)
        -> GuidancePause.Result
    {
        try requireSession(of: client, on: engine)
        if reason == .rerouting {
            let rerouted = try await reroute(client, time: time, on: engine)
            if sessions.markPaused(client, reason: reason) { engine.emit(.guidancePaused(client: client.rawValue, reason: reason.rawValue)) }
            return .init(
                paused: reason, announced: rerouted.announced, prompt: rerouted.prompt, text: rerouted.text, reason: rerouted.reason,
                cancelled: rerouted.cancelled)
        }
        let words = try Self.guided { () throws(GuidanceError) in try sessions.pause(client, reason: reason, time: time, now: engine.now()) }
        engine.emit(.guidancePaused(client: client.rawValue, reason: reason.rawValue))
        let cancelled = skip(
            words, client: client, reason: "guidance paused (\(reason.rawValue)): the maneuver is said as it stands once it resumes", on: engine)
        guard let text = words.text, words.notSaid == nil else {
            return .init(paused: reason, announced: false, text: words.text, reason: words.notSaid, cancelled: cancelled)
        }
        do {
            let ticket = try await queueWords(.text(text), client: client, speech: words.speech, key: words.key, on: engine)
            return .init(paused: reason, announced: true, prompt: ticket.id.rawValue, text: text, cancelled: cancelled)
        } catch {
            // Paused all the same; only the words could not be queued (a full queue).
            return .init(paused: reason, announced: false, text: text, reason: "not queued: \(error)", cancelled: cancelled)
        }
    }

    /// A request on a client's guidance: refused when it has none, or while the sound server is away.
    private func requireSession(of client: ClientID, on engine: isolated VoxNavEngine) throws(EngineError) {
        _ = try Self.guided { () throws(GuidanceError) in try sessions.session(of: client) }
        guard engine.supervisor.available else { throw .serverUnavailable }
    }

    /// Skips the waiting prompts a reroute or a pause leaves behind; their words may be said again.
    private func skip(_ words: GuidanceSessions.StatusWords, client: ClientID, reason: String, on engine: isolated VoxNavEngine) -> [String] {
        let cancelled = engine.player.cancelWaiting(client: client, keys: words.skipping, reason: reason).map(\.rawValue)
        sessions.unsaid(prompts: cancelled, client: client)
        return cancelled
    }

    /// Guidance goes on (`guidance.resume`): the next update is announced as it stands then.
    /// Returns what it had been paused for; nil when it was not paused (nothing changes).
    func resume(_ client: ClientID, on engine: isolated VoxNavEngine) throws(EngineError) -> GuidancePauseReason? {
        let reason = try Self.guided { () throws(GuidanceError) in try sessions.resume(client) }
        if let reason { engine.emit(.guidanceResumed(client: client.rawValue, reason: reason.rawValue)) }
        return reason
    }

    /// A driver asks to hear the next maneuver again (`GuidanceSessions.repeatNext`): queued as a
    /// guidance prompt (the prompt style decides how it sounds); a refused repeat changes nothing.
    func repeatNext(_ client: ClientID, time: Double?, on engine: isolated VoxNavEngine) async throws(EngineError) -> GuidanceRepeat.Result {
        try requireSession(of: client, on: engine)
        let decision = try Self.guided { () throws(GuidanceError) in try sessions.repeatNext(client, time: time, now: engine.now()) }
        switch decision {
        case .refused(let result):
            return result
        case .say(let planned, let previous):
            do {
                let ticket = try await queuePrompt(planned.prompt, client: client, speech: planned.speech, on: engine)
                guard let ticket else { return .init(repeated: false, reason: "guidance ended while the repeat was being queued") }
                return .init(repeated: true, prompt: ticket.id.rawValue, planned: PlannedPrompt(planned.prompt))
            } catch {
                // Not said: it does not count against the limit.
                sessions.repeatNotSaid(planned, previous: previous)
                return .init(repeated: false, reason: "not queued: \(error)")
            }
        }
    }

    /// The driver asks when they will arrive (`GuidanceSessions.estimates`): "You'll arrive at 5:42
    /// PM, in 23 minutes. 14 miles to go", queued in the guidance's language.
    func estimates(_ client: ClientID, time: Double?, on engine: isolated VoxNavEngine) async throws(EngineError) -> GuidanceEstimates.Result {
        try requireSession(of: client, on: engine)
        switch try Self.guided({ () throws(GuidanceError) in try sessions.estimates(client, time: time, now: engine.now()) }) {
        case .refused(let reason):
            return .init(announced: false, reason: reason)
        case .say(let speech, let wordings, let trip):
            do {
                let ticket = try await queueWords(
                    .textVariants(wordings), client: client, speech: speech, key: GuidanceSessions.estimatesKey, on: engine)
                return .init(announced: true, prompt: ticket.id.rawValue, text: wordings[0], trip: trip)
            } catch {
                return .init(announced: false, text: wordings[0], trip: trip, reason: "not queued: \(error)")
            }
        }
    }

    /// Queues a guidance's status words or a driver's request (a reroute's, a pause's, the estimates)
    /// under `key`, as a normal prompt of the guidance.
    private func queueWords(
        _ content: PromptRequest.Content, client: ClientID, speech: GuidanceSession.Speech, key: String, on engine: isolated VoxNavEngine
    ) async throws(EngineError) -> PromptTicket {
        let options = PromptOptions.guidance(speech.id, priority: .normal, key: key, announces: nil)
        return try await engine.promptDesk.enqueue(PromptRequest(content: content, language: speech.language), client: client, options: options, on: engine).0
    }
}
