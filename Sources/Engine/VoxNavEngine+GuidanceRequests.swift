import AudioPolicy
import ClientGuidance
import Guidance
import RPC

/// A guidance's reroutes and pauses, and a driver's requests (a repeat, the estimates), as
/// `GuidanceSessions` decides them; refused while the sound server is away.
extension VoxNavEngine {
    /// The guidance engine is recalculating its route (`GuidanceSessions.reroute`): its words queued
    /// unless said within the debounce window, the old route's waiting prompts skipped.
    public func rerouteGuidance(client: ClientID, time: Double?) async throws(EngineError) -> GuidanceReroute.Result {
        _ = try guided { () throws(GuidanceError) in try guidance.session(of: client) }
        guard serverAvailable else { throw .serverUnavailable }
        let words = try guided { () throws(GuidanceError) in try guidance.reroute(client, time: time, now: now()) }
        let cancelled = skip(words, client: client, reason: "rerouted: the route it was for is gone")
        let text = words.text ?? ""
        if let notSaid = words.notSaid { return .init(announced: false, text: text, reason: notSaid, cancelled: cancelled) }
        do {
            let ticket = try await queueGuidanceWords(.text(text), client: client, speech: words.speech, key: words.key)
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
    public func pauseGuidance(client: ClientID, reason: GuidancePauseReason, time: Double?) async throws(EngineError) -> GuidancePause.Result {
        _ = try guided { () throws(GuidanceError) in try guidance.session(of: client) }
        guard serverAvailable else { throw .serverUnavailable }
        if reason == .rerouting {
            let rerouted = try await rerouteGuidance(client: client, time: time)
            if guidance.markPaused(client, reason: reason) { emit(.guidancePaused(client: client.rawValue, reason: reason.rawValue)) }
            return .init(
                paused: reason, announced: rerouted.announced, prompt: rerouted.prompt, text: rerouted.text, reason: rerouted.reason,
                cancelled: rerouted.cancelled)
        }
        let words = try guided { () throws(GuidanceError) in try guidance.pause(client, reason: reason, time: time, now: now()) }
        emit(.guidancePaused(client: client.rawValue, reason: reason.rawValue))
        let cancelled = skip(words, client: client, reason: "guidance paused (\(reason.rawValue)): the maneuver is said as it stands once it resumes")
        guard let text = words.text, words.notSaid == nil else {
            return .init(paused: reason, announced: false, text: words.text, reason: words.notSaid, cancelled: cancelled)
        }
        do {
            let ticket = try await queueGuidanceWords(.text(text), client: client, speech: words.speech, key: words.key)
            return .init(paused: reason, announced: true, prompt: ticket.id.rawValue, text: text, cancelled: cancelled)
        } catch {
            // Paused all the same; only the words could not be queued (a full queue).
            return .init(paused: reason, announced: false, text: text, reason: "not queued: \(error)", cancelled: cancelled)
        }
    }

    /// Skips the waiting prompts a reroute or a pause leaves behind; their words may be said again.
    private func skip(_ words: GuidanceSessions.StatusWords, client: ClientID, reason: String) -> [String] {
        let cancelled = prompts.cancelWaiting(client: client, keys: words.skipping, reason: reason).map(\.rawValue)
        guidance.unsaid(prompts: cancelled, client: client)
        return cancelled
    }

    /// Guidance goes on (`guidance.resume`): the next update is announced as it stands then.
    /// Returns what it had been paused for; nil when it was not paused (nothing changes).
    public func resumeGuidance(client: ClientID) throws(EngineError) -> GuidancePauseReason? {
        let reason = try guided { () throws(GuidanceError) in try guidance.resume(client) }
        if let reason { emit(.guidanceResumed(client: client.rawValue, reason: reason.rawValue)) }
        return reason
    }

    /// A driver asks to hear the next maneuver again (`GuidanceSessions.repeatNext`): queued as a
    /// guidance prompt (the prompt style decides how it sounds); a refused repeat changes nothing.
    public func repeatGuidance(client: ClientID, time: Double?) async throws(EngineError) -> GuidanceRepeat.Result {
        _ = try guided { () throws(GuidanceError) in try guidance.session(of: client) }
        guard serverAvailable else { throw .serverUnavailable }
        let decision = try guided { () throws(GuidanceError) in try guidance.repeatNext(client, time: time, now: now()) }
        switch decision {
        case .refused(let result):
            return result
        case .say(let planned, let previous):
            do {
                let ticket = try await queueGuidancePrompt(planned.prompt, client: client, speech: planned.speech)
                guard let ticket else { return .init(repeated: false, reason: "guidance ended while the repeat was being queued") }
                return .init(repeated: true, prompt: ticket.id.rawValue, planned: PlannedPrompt(planned.prompt))
            } catch {
                // Not said: it does not count against the limit.
                guidance.repeatNotSaid(planned, previous: previous)
                return .init(repeated: false, reason: "not queued: \(error)")
            }
        }
    }

    /// The driver asks when they will arrive (`GuidanceSessions.estimates`): "You'll arrive at 5:42
    /// PM, in 23 minutes. 14 miles to go", queued in the guidance's language.
    public func sayEstimates(client: ClientID, time: Double?) async throws(EngineError) -> GuidanceEstimates.Result {
        _ = try guided { () throws(GuidanceError) in try guidance.session(of: client) }
        guard serverAvailable else { throw .serverUnavailable }
        switch try guided({ () throws(GuidanceError) in try guidance.estimates(client, time: time, now: now()) }) {
        case .refused(let reason):
            return .init(announced: false, reason: reason)
        case .say(let speech, let wordings, let trip):
            do {
                let ticket = try await queueGuidanceWords(
                    .textVariants(wordings), client: client, speech: speech, key: GuidanceSessions.estimatesKey)
                return .init(announced: true, prompt: ticket.id.rawValue, text: wordings[0], trip: trip)
            } catch {
                return .init(announced: false, text: wordings[0], trip: trip, reason: "not queued: \(error)")
            }
        }
    }

    /// For each guidance whose latest instruction the moment held back and whose instructions are
    /// spoken again now: the maneuver ahead as it is now, queued once (`GuidanceSessions.releaseHeldBack`).
    func sayHeldBackGuidance() async {
        let planned = guidance.releaseHeldBack(now: now()) { policy.promptStyle(for: $0, purpose: .instruction) == .normal }
        for item in planned {
            do {
                guard try await queueGuidancePrompt(item.prompt, client: item.client, speech: item.speech) != nil else { continue }
                logger.info(
                    "the maneuver ahead is said again after a held-back prompt",
                    metadata: ["client": "\(item.client.rawValue)", "maneuver": "\(item.prompt.maneuverID)", "distance": "\(Int(item.prompt.distance))"])
            } catch {
                logger.warning("a held-back guidance prompt was not said again", metadata: ["client": "\(item.client.rawValue)", "error": "\(error)"])
            }
        }
    }
}
