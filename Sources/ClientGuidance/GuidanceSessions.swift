import AudioPolicy
import Guidance

/// Every client's guidance (`GuidanceSession`), and what each request on it decides: the prompts an
/// update plans, what a reroute, a pause, a repeat or the estimates say, what is said again once a
/// moment that held an instruction back has passed, and when a heard arrival ends it. No I/O: the
/// engine queues what is planned and tells back what was queued, skipped or heard.
public struct GuidanceSessions: Sendable {
    var sessions: [ClientID: GuidanceSession] = [:]
    /// Why each connected client's last guidance ended, until it starts another: a guidance request
    /// after the end says why there is none (`GuidanceError.guidanceEnded`).
    private var endings: [ClientID: GuidanceEndReason] = [:]
    /// How many sessions have started: the next one's id.
    private var started: UInt64 = 0

    public init() {}

    /// The key of the "Recalculating route" prompt: a newer one replaces one still waiting.
    public static let rerouteKey = "guidance.reroute"
    /// The key of a pause's words: newer words replace ones still waiting.
    public static let pauseKey = "guidance.pause"
    /// The key of a repeat's prompt: a newer repeat replaces one still waiting.
    public static let repeatKey = "guidance.repeat"
    /// The key of the estimates' prompt: a newer request replaces one still waiting.
    public static let estimatesKey = "guidance.estimates"

    public var count: Int { sessions.count }
    /// The clients that guide now, in order.
    public var clients: [ClientID] { sessions.keys.sorted() }
    public subscript(client: ClientID) -> GuidanceSession? { sessions[client] }

    /// A client's guidance, or why it has none: it never started one, or why the last one ended.
    public func session(of client: ClientID) throws(GuidanceError) -> GuidanceSession {
        guard let session = sessions[client] else { throw endings[client].map(GuidanceError.guidanceEnded) ?? .noGuidance }
        return session
    }

    /// Whether `speech`'s session is still the client's guidance: nothing queued for one that has
    /// ended or started anew may play.
    public func isCurrent(_ speech: GuidanceSession.Speech, of client: ClientID) -> Bool { sessions[client]?.id == speech.id }

    /// What `guidance.start` asks for.
    public struct Start {
        public var pack: PhrasePack
        /// A `VehicleProfile.standard` name; nil: "car".
        public var profile: String?
        /// One the pack words; nil: the pack's own.
        public var units: UnitSystem?
        public var verbosity: Verbosity
        public var roads: RoadMentions
        public var arrivalOnDeparture: Bool
        /// The prompt sink's pre-roll and the gap after which it is idle (the policy's `outputs:`),
        /// counted into the announcer's output latency.
        public var preRoll: Double
        public var idleGap: Double

        public init(
            pack: PhrasePack, profile: String?, units: UnitSystem?, verbosity: Verbosity, roads: RoadMentions, arrivalOnDeparture: Bool,
            preRoll: Double, idleGap: Double
        ) {
            self.pack = pack
            self.profile = profile
            self.units = units
            self.verbosity = verbosity
            self.roads = roads
            self.arrivalOnDeparture = arrivalOnDeparture
            self.preRoll = preRoll
            self.idleGap = idleGap
        }
    }

    /// Starts a client's guidance. One it had ends first (`restarted`): `replaced` says so, and the
    /// engine then ends its prompts as `guidance.end` would. A refusal changes nothing.
    public mutating func start(
        _ client: ClientID, _ request: Start
    ) throws(GuidanceError) -> (session: GuidanceSession, profile: String, replaced: Bool) {
        let profileName = request.profile ?? "car"
        guard let vehicle = VehicleProfile.standard[profileName] else {
            throw .unknownProfile(profileName, available: VehicleProfile.standard.keys.sorted())
        }
        let pack = request.pack
        let system = request.units ?? pack.unitSystem
        guard pack.unitSystems.contains(system) else {
            throw .unitsNotWorded(system.rawValue, language: pack.language, available: pack.unitSystems.map(\.rawValue))
        }
        let replaced = end(client, reason: .restarted)
        endings[client] = nil
        started += 1
        let session = GuidanceSession(
            id: started, pack: pack, profile: vehicle, units: system, verbosity: request.verbosity, roads: request.roads,
            arrivalOnDeparture: request.arrivalOnDeparture, preRoll: request.preRoll, idleGap: request.idleGap)
        sessions[client] = session
        return (session, profileName, replaced)
    }

    /// Ends a client's guidance; false when it had none. A client that disconnected is forgotten,
    /// the reason of its last guidance's end too.
    @discardableResult
    public mutating func end(_ client: ClientID, reason: GuidanceEndReason) -> Bool {
        if reason == .disconnected { endings[client] = nil }
        guard sessions.removeValue(forKey: client) != nil else { return false }
        if reason != .disconnected { endings[client] = reason }
        return true
    }

    /// Changes a client's session in place, if it is still `speech`'s.
    mutating func change(_ client: ClientID, of speech: GuidanceSession.Speech? = nil, _ body: (inout GuidanceSession) -> Void) {
        guard var session = sessions[client], speech == nil || session.id == speech?.id else { return }
        body(&session)
        sessions[client] = session
    }

    /// Stores a session changed from a copy taken of it.
    mutating func store(_ session: GuidanceSession, for client: ClientID) { sessions[client] = session }

    // MARK: what was queued

    /// An announcement was queued as `prompt`: a flapping pause does not say it again within the window.
    public mutating func queued(_ said: RecentAnnouncements.Said, as prompt: String, client: ClientID, of speech: GuidanceSession.Speech) {
        change(client, of: speech) { $0.recent.queued(said, as: prompt) }
    }

    /// An announcement could not be queued: it may be said again.
    public mutating func unsaid(_ said: RecentAnnouncements.Said, client: ClientID, of speech: GuidanceSession.Speech) {
        change(client, of: speech) { $0.recent.unsaid(said) }
    }

    /// Waiting prompts were skipped unheard: their words may be said again.
    public mutating func unsaid(prompts: [String], client: ClientID) {
        change(client) { $0.recent.unsaid(prompts: prompts) }
    }

    // MARK: the end of a guidance prompt

    /// What follows the end of one of a guidance's prompts.
    public enum PromptEndFollowUp: Sendable, Equatable {
        case nothing
        /// The arrival at the destination was heard: the trip is done, and guidance ends (`arrived`).
        case arrived
        /// An instruction was held back: what the moment held may be said now, if it has passed.
        case heldBack
    }

    /// A prompt of `speech`'s guidance ended. The real end replaces the announcer's estimate (only on
    /// the engine's clock); a prompt heard clears what was held back, one held back is remembered
    /// (only the latest, and not while paused). A prompt of a guidance that has ended or started
    /// anew since it was queued tells nothing: the end of the last route's arrival, told after the
    /// next route's `guidance.start`, would end the new guidance as arrived.
    public mutating func promptEnded(
        _ client: ClientID, session id: UInt64, _ ending: GuidancePromptEnding, now: Double
    ) -> PromptEndFollowUp {
        guard var session = sessions[client], session.id == id else { return .nothing }
        var followUp = PromptEndFollowUp.nothing
        switch ending {
        case .heard(let announced):
            session.heldBack.heard()
            if session.saidTheArrival(announced) { followUp = .arrived }
        // Paused, nothing is said again: the maneuver is said as it stands once guidance resumes.
        case .heldBack(let key) where session.paused == nil:
            session.heldBack.holdBack(maneuverID: key, at: now)
            followUp = .heldBack
        case .heldBack: followUp = .heldBack
        case .other: break
        }
        if !session.clientClock { session.announcer.promptDidFinish(at: now) }
        sessions[client] = session
        return followUp
    }
}

extension GuidanceSession {
    /// Whether a prompt heard in full said the arrival at the destination (its execute state):
    /// guidance then ends by itself, as a finished trip does. An arrival the last update listed
    /// maneuvers after is a waypoint's (a via point): the trip goes on.
    func saidTheArrival(_ announced: AnnouncedManeuver?) -> Bool {
        guard let announced, announced.state == .execute, let maneuver = maneuvers[announced.maneuver],
            maneuver.type.family == .arrivals
        else { return false }
        return lastProgress?.maneuvers.last?.id == announced.maneuver
    }
}
