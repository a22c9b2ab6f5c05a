import AudioPolicy
import Guidance
import RPC
import TextFormat

extension VoxNavEngine {
    /// Pauses a client's guidance (`guidance.pause`): nothing is announced until it resumes, its
    /// waiting guidance prompts are skipped (the one playing finishes), and what the moment held back
    /// is forgotten. The reason's words ("Loading route") are queued when a driver should hear them,
    /// at most once per `RerouteDebounce.standardWindow` seconds for each reason. A pause for a reroute
    /// is `guidance.reroute` too: the old route is forgotten. A maneuver's words said within the window
    /// are not said again once it resumes (`RecentAnnouncements`). A refusal changes nothing.
    public func pauseGuidance(client: ClientID, reason: GuidancePauseReason, time: Double?) async throws -> GuidancePause.Result {
        guard guidance[client] != nil else { throw noGuidance(client) }
        guard serverAvailable else { throw EngineError.serverUnavailable }
        if reason == .rerouting {
            let rerouted = try await rerouteGuidance(client: client, time: time)
            markPaused(client: client, reason: reason)
            return .init(
                paused: reason, announced: rerouted.announced, prompt: rerouted.prompt, text: rerouted.text, reason: rerouted.reason,
                cancelled: rerouted.cancelled)
        }
        guard var session = guidance[client] else { throw noGuidance(client) }
        if time != nil { session.clientClock = true }
        let now = time ?? now()
        let text = session.composer.pauseAnnouncement(for: reason)
        let lastAnnounced = session.statuses[reason]?.lastAnnounced
        let announce = text != nil && session.statuses[reason, default: RerouteDebounce()].shouldAnnounce(at: now)
        if announce, let text { session.announcer.reserve(at: now, for: session.speakingTime(of: text)) }
        session.heldBack.forget()
        let waiting = Set(session.maneuvers.keys).union([Self.repeatKey])
        guidance[client] = session
        markPaused(client: client, reason: reason)
        let cancelled = prompts.cancelWaiting(
            client: client, keys: waiting, reason: "guidance paused (\(reason.rawValue)): the maneuver is said as it stands once it resumes"
        ).map(\.rawValue)
        // Skipped unheard: their words may be said once guidance resumes.
        guidance[client]?.recent.unsaid(prompts: cancelled)
        guard let text else {
            return .init(paused: reason, announced: false, reason: "nothing is said for \(reason.rawValue): the arrival prompt said it", cancelled: cancelled)
        }
        guard announce else {
            let ago = lastAnnounced.map { String(cFormat: "%.1f", now - $0) } ?? "?"
            return .init(
                paused: reason, announced: false, text: text,
                reason: "\(reason.rawValue) was announced \(ago) s ago; within \(Int(RerouteDebounce.standardWindow)) s it is not again",
                cancelled: cancelled)
        }
        let options = PromptOptions.guidance(session.id, priority: .normal, key: Self.pauseKey, announces: nil)
        do {
            let (ticket, _) = try await enqueue(PromptRequest(text: text, language: session.language), client: client, options: options)
            return .init(paused: reason, announced: true, prompt: ticket.id.rawValue, text: text, cancelled: cancelled)
        } catch {
            // Paused all the same; only the words could not be queued (a full queue).
            return .init(paused: reason, announced: false, text: text, reason: "not queued: \(error)", cancelled: cancelled)
        }
    }

    /// Guidance goes on (`guidance.resume`): the next update is announced as it stands then.
    /// Returns what it had been paused for; nil when it was not paused (nothing changes).
    public func resumeGuidance(client: ClientID) throws -> GuidancePauseReason? {
        guard var session = guidance[client] else { throw noGuidance(client) }
        guard let reason = session.paused else { return nil }
        session.paused = nil
        session.announcer.resume()
        guidance[client] = session
        emit(.guidanceResumed(client: client.rawValue, reason: reason.rawValue))
        return reason
    }

    /// Records the pause and tells the subscribers (`guidance.paused`, with its reason).
    private func markPaused(client: ClientID, reason: GuidancePauseReason) {
        guard guidance[client] != nil else { return }
        guidance[client]?.paused = reason
        emit(.guidancePaused(client: client.rawValue, reason: reason.rawValue))
    }

    /// The key of a pause's words: newer words replace ones still waiting.
    static let pauseKey = "guidance.pause"

    /// Whether a guidance prompt that was heard in full said the arrival at the destination (its
    /// execute state): guidance then ends by itself (`arrived`), as a finished trip does. An arrival
    /// the last update listed maneuvers after is a waypoint's (a via point): the trip goes on.
    func saidTheArrival(_ client: ClientID, _ announced: AnnouncedManeuver?) -> Bool {
        guard let announced, announced.state == .execute, let session = guidance[client],
            let maneuver = session.maneuvers[announced.maneuver], maneuver.type.family == .arrivals
        else { return false }
        return session.lastProgress?.maneuvers.last?.id == announced.maneuver
    }
}
