import Guidance

/// One client's guidance: the maneuvers it described, when to speak (the announcer) and in which words.
public struct GuidanceSession: Sendable {
    /// Told apart from a later session of the same client (a prompt queued for this one must not outlive it).
    public let id: UInt64
    public let language: String
    /// The unit system its distances are said in.
    public let units: UnitSystem
    let composer: PhraseComposer
    /// Whether road names and route numbers are said.
    let roads: RoadMentions
    var announcer: Announcer
    var maneuvers: [String: Maneuver] = [:]
    /// The maneuvers of the last update as they are spoken: lane-only ones folded into the one before
    /// (`LanePattern`), without the road names or numbers `roads` turns off.
    var onRoute: [String: Maneuver] = [:]
    /// When each spoken status may be said again: "Recalculating route" (a reroute, or a pause for
    /// one), "Loading route", …, at most once per window each.
    var statuses: [GuidancePauseReason: RerouteDebounce] = [:]
    /// The announcements said lately: a pause that flaps does not say one again within the window.
    var recent = RecentAnnouncements()
    /// Why guidance is paused (`guidance.pause`): nothing is announced until it resumes. Nil: guiding.
    public internal(set) var paused: GuidancePauseReason?
    /// The last update as the announcer read it (lane-only maneuvers folded), and when it came on the
    /// engine's clock: a repeat moves its distances on from there.
    var lastProgress: RouteProgress?
    var lastProgressReceived = 0.0
    /// When a driver's repeat may be said again.
    var repeats = RepeatLimiter()
    /// The latest prompt the moment held back (a call, the assistant), said once as it is now when that ends.
    var heldBack = HeldBackPrompt()
    /// True when the client supplies its own clock (a simulation); the engine's clock otherwise.
    var clientClock = false
    /// The trip's last estimates (`guidance.update`'s `trip`), when the client reports them.
    public internal(set) var trip: TripState?
    /// The maneuvers at a roundabout the client described without a traffic side: right-hand
    /// traffic is assumed for them (the way round and the exits would be wrong where it keeps left).
    public internal(set) var trafficSideAssumed: Set<String> = []
    /// Whether a departure prompt ends with the arrival (`guidance.start`'s `arrivalOnDeparture`).
    let arrivalOnDeparture: Bool
    /// The wall clock at one moment of the client's own clock: an arrival worked out for a client on
    /// its own clock (a simulation runs faster than the wall) moves with that clock, not the wall's.
    var wallAnchor: (client: Double, wall: Double)?

    init(
        id: UInt64, pack: PhrasePack, profile: VehicleProfile, units: UnitSystem, verbosity: Verbosity = .normal, roads: RoadMentions = .all,
        arrivalOnDeparture: Bool = false, preRoll: Double = 0, idleGap: Double = 5
    ) {
        self.arrivalOnDeparture = arrivalOnDeparture
        self.roads = roads
        self.id = id
        language = pack.language
        self.units = units
        composer = PhraseComposer(pack: pack, units: units)
        var configuration = AnnouncerConfiguration(profile: profile, verbosity: verbosity)
        configuration.preRoll = preRoll
        configuration.idleGap = idleGap
        announcer = Announcer(configuration: configuration)
    }

    /// The arrival said after a prompt about a maneuver: a departure's, when the client asked for it
    /// and has reported its trip. A closure over the two values it reads, not over the session: a
    /// closure kept past the update (the speaker's, the announcer's `spokenDuration`) must not hold the session, whose announcer holds
    /// the closure before it, and so on back to the session's first update.
    private var arrivalSaid: @Sendable (Maneuver) -> LocalTime? {
        let (onDeparture, arrival) = (arrivalOnDeparture, trip?.estimate.arrival)
        return { maneuver in onDeparture && maneuver.type.family == .starts ? arrival : nil }
    }

    /// Which session a prompt it queues belongs to, and what it is said in.
    public struct Speech: Sendable, Equatable {
        public let id: UInt64
        public let language: String
        public let units: UnitSystem
    }

    public var speech: Speech { Speech(id: id, language: language, units: units) }

    /// How much it says (`Verbosity`).
    var verbosity: Verbosity { announcer.configuration.verbosity }

    /// Its words now: the maneuvers on the route, said by its pack as much as `verbosity` asks.
    var speaker: GuidancePrompt.Speaker {
        GuidancePrompt.Speaker(onRoute: onRoute, composer: composer, verbosity: verbosity, arrival: arrivalSaid)
    }

    /// How long an announcement of the maneuvers now on the route speaks (the announcer's
    /// `wordsDuration`): its words at the voice's rate, or the announcer's table where that says
    /// longer. A wording longer than the table (a road name, a signpost, a language's longer phrase)
    /// would otherwise end after the announcer planned, and could push the maneuver's "turn now"
    /// past its lead time. A departure's arrival (`arrivalOnDeparture`) is not counted: the announcer
    /// gives a departure before a maneuver all the time it has as its word budget, and the arrival,
    /// the first words it sheds, is said only where they leave it that time. Counted, a close first
    /// turn's departure was dropped for the arrival's sake.
    var spokenDuration: Announcer.DurationEstimator {
        let speaker = GuidancePrompt.Speaker(onRoute: onRoute, composer: composer, verbosity: verbosity)
        let (composer, durations) = (composer, announcer.configuration.durations)
        return { announcement in
            guard let prompt = GuidancePrompt(announcement, by: speaker) else { return announcement.estimatedDuration }
            let said = composer.speakingTime(ofDeparture: prompt.text, arrival: nil, durations: durations)
            return max(announcement.estimatedDuration, said)
        }
    }

    /// How long `prompt` speaks, its words at the voice's rate.
    func speakingTime(of prompt: GuidancePrompt) -> Double { speakingTime(of: prompt.text) }

    /// How long `text` speaks in this guidance's language (its pack's calibration).
    func speakingTime(of text: String) -> Double {
        announcer.configuration.durations.speakingTime(of: text, length: composer.pack.speechLength)
    }
}
