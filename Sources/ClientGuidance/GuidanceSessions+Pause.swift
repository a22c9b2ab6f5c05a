import AudioPolicy
import FoundationEssentials
import Guidance
import TextFormat

extension GuidanceSessions {
    /// What a reroute or a pause says, decided before anything is queued.
    public struct StatusWords {
        public let speech: GuidanceSession.Speech
        /// Its words; nil where nothing is said for it (the arrival prompt said it).
        public let text: String?
        /// Why the words are not said (said within the window, or none); nil: they are said.
        public let notSaid: String?
        /// The key the words are queued with: newer words replace ones still waiting.
        public let key: String
        /// The keys of the waiting prompts to skip: the old route's, or all of the guidance's.
        public let skipping: Set<String>
    }

    /// The guidance engine is recalculating its route: the pack's "Recalculating route" unless one was
    /// said within the debounce window; the announcer starts again (the next update describes the
    /// new route's maneuvers; the old ones, and a repeat still waiting, are forgotten).
    public mutating func reroute(_ client: ClientID, time: Double?, now: Double) throws(GuidanceError) -> StatusWords {
        var session = try session(of: client)
        if time != nil { session.clientClock = true }
        let at = time ?? now
        let text = session.composer.rerouting
        let lastAnnounced = session.statuses[.rerouting]?.lastAnnounced
        let announce = session.statuses[.rerouting, default: RerouteDebounce()].shouldAnnounce(at: at)
        session.announcer.restart(at: at, busyFor: announce ? session.speakingTime(of: text) : 0)
        let oldRoute = Set(session.maneuvers.keys).union([Self.repeatKey])
        session.maneuvers = [:]
        session.onRoute = [:]
        session.lastProgress = nil
        session.heldBack.forget()
        store(session, for: client)
        let notSaid =
            announce
            ? nil
            : "a reroute was announced \(Self.ago(lastAnnounced, at: at)) s ago; within \(Int(RerouteDebounce.standardWindow)) s another is not"
        return StatusWords(speech: session.speech, text: text, notSaid: notSaid, key: Self.rerouteKey, skipping: oldRoute)
    }

    /// Pauses a client's guidance for `reason` (not a reroute, which `reroute` does first): nothing is
    /// announced until it resumes, its waiting guidance prompts are skipped, and what the moment held
    /// back is forgotten. The reason's words ("Loading route") are said when a driver should hear
    /// them, at most once per `RerouteDebounce.standardWindow` seconds for each reason.
    public mutating func pause(_ client: ClientID, reason: GuidancePauseReason, time: Double?, now: Double) throws(GuidanceError) -> StatusWords {
        var session = try session(of: client)
        if time != nil { session.clientClock = true }
        let at = time ?? now
        let text = session.composer.pauseAnnouncement(for: reason)
        let lastAnnounced = session.statuses[reason]?.lastAnnounced
        let announce = text != nil && session.statuses[reason, default: RerouteDebounce()].shouldAnnounce(at: at)
        if announce, let text { session.announcer.reserve(at: at, for: session.speakingTime(of: text)) }
        session.heldBack.forget()
        session.paused = reason
        store(session, for: client)
        let notSaid: String? =
            if text == nil {
                "nothing is said for \(reason.rawValue): the arrival prompt said it"
            } else if !announce {
                "\(reason.rawValue) was announced \(Self.ago(lastAnnounced, at: at)) s ago; within \(Int(RerouteDebounce.standardWindow)) s it is not again"
            } else {
                nil
            }
        return StatusWords(
            speech: session.speech, text: text, notSaid: notSaid, key: Self.pauseKey,
            skipping: Set(session.maneuvers.keys).union([Self.repeatKey]))
    }

    /// Marks a client's guidance paused (after a reroute made for a pause); false when it has none.
    public mutating func markPaused(_ client: ClientID, reason: GuidancePauseReason) -> Bool {
        guard sessions[client] != nil else { return false }
        change(client) { $0.paused = reason }
        return true
    }

    /// Guidance goes on: the next update is announced as it stands then. Returns what it had been
    /// paused for; nil when it was not paused (nothing changes).
    public mutating func resume(_ client: ClientID) throws(GuidanceError) -> GuidancePauseReason? {
        var session = try session(of: client)
        guard let reason = session.paused else { return nil }
        session.paused = nil
        session.announcer.resume()
        store(session, for: client)
        return reason
    }

    /// Why a driver's request (a repeat, the estimates) says nothing while guidance is paused.
    static func nothingWhilePaused(_ reason: GuidancePauseReason) -> String {
        "guidance is paused (\(reason.rawValue)): nothing is announced until guidance.resume"
    }

    private static func ago(_ last: Double?, at now: Double) -> String {
        last.map { String(cFormat: "%.1f", now - $0) } ?? "?"
    }
}
