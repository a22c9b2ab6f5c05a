import Guidance
import StrictCoding

/// `guidance.start`: the daemon's announcer speaks this client's maneuvers from its progress reports.
public enum GuidanceStart: RPCMethod {
    public static let name = "guidance.start"

    public struct Params: MethodParams {
        public var language: String?
        /// The vehicle profile (car, bicycle, …), which sets the announcer's distances.
        public var profile: String?
        /// The unit system distances are said in (en-AU in metric); absent: the pack's own.
        public var units: UnitSystem?
        /// How much is said (brief, normal, detailed); absent: normal.
        public var verbosity: Verbosity?
        /// Whether road names are said ("turn right onto Main Street"); absent: true.
        public var roadNames: Bool?
        /// Whether route numbers are said ("onto I-95"), a road named by its number too; absent: true.
        public var roadNumbers: Bool?
        /// The route's first progress report, as `guidance.update` carries it: at least one maneuver
        /// ahead, each described. Absent: the first `guidance.update` brings it.
        public var maneuvers: [GuidanceUpdate.Upcoming]?
        /// With `maneuvers`: meters per second (default 0), and the update's `time` and `interval`.
        public var speed: Double?
        public var time: Double?
        public var interval: Double?
        /// With `maneuvers`: the trip's estimates, as `guidance.update` carries them.
        public var trip: TripReport?
        /// Whether the departure prompt ends with the arrival ("… You'll arrive at 8:41 AM"); absent: false.
        public var arrivalOnDeparture: Bool?
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case language, profile, units, verbosity, roadNames, roadNumbers, maneuvers, speed, time, interval, trip, arrivalOnDeparture
        }

        public init(
            language: String? = nil, profile: String? = nil, units: UnitSystem? = nil, verbosity: Verbosity? = nil, roadNames: Bool? = nil,
            roadNumbers: Bool? = nil, maneuvers: [GuidanceUpdate.Upcoming]? = nil, speed: Double? = nil, time: Double? = nil,
            interval: Double? = nil, trip: TripReport? = nil, arrivalOnDeparture: Bool? = nil
        ) {
            self.trip = trip
            self.arrivalOnDeparture = arrivalOnDeparture
            self.language = language
            self.profile = profile
            self.units = units
            self.verbosity = verbosity
            self.roadNames = roadNames
            self.roadNumbers = roadNumbers
            self.maneuvers = maneuvers
            self.speed = speed
            self.time = time
            self.interval = interval
        }

        /// The first report, when the request carries one.
        public var firstUpdate: GuidanceUpdate.Params? {
            maneuvers.map { GuidanceUpdate.Params(time: time, speed: speed ?? 0, maneuvers: $0, interval: interval, trip: trip) }
        }

        public func validate() throws(RPCError) {
            try checkLength(language, "language", limit: InputLimits.tagCharacters)
            try checkLength(profile, "profile", limit: InputLimits.tagCharacters)
            guard let firstUpdate else {
                if speed != nil || time != nil || interval != nil || trip != nil {
                    throw .invalidParams("'speed', 'time', 'interval' and 'trip' go with 'maneuvers', the route's first report")
                }
                return
            }
            try firstUpdate.validate()
            if let undescribed = firstUpdate.maneuvers.first(where: { $0.maneuver == nil }) {
                throw .invalidParams("maneuver '\(undescribed.id)' has no 'maneuver': guidance.start describes every maneuver it lists")
            }
        }
    }

    public struct Result: Codable, Sendable {
        public var language: String
        public var profile: String
        public var units: UnitSystem
        public var verbosity: Verbosity
        public var roadNames: Bool
        public var roadNumbers: Bool
        public var arrivalOnDeparture: Bool
        /// With `maneuvers` in the request: what the first report decided, as `guidance.update` answers.
        public var prompts: [PlannedPrompt]?
        public var quiet: QuietWindow?
        public var trip: TripEstimates?
        public init(
            language: String, profile: String, units: UnitSystem, verbosity: Verbosity = .normal, roadNames: Bool = true,
            roadNumbers: Bool = true, arrivalOnDeparture: Bool = false, first: GuidanceUpdate.Result? = nil
        ) {
            self.arrivalOnDeparture = arrivalOnDeparture
            trip = first?.trip
            self.language = language
            self.profile = profile
            self.units = units
            self.verbosity = verbosity
            self.roadNames = roadNames
            self.roadNumbers = roadNumbers
            prompts = first?.prompts
            quiet = first?.quiet
        }
    }
}

/// `guidance.update`: one progress report (speed, the next maneuvers and their distances).
public enum GuidanceUpdate: RPCMethod {
    public static let name = "guidance.update"
    /// The fastest a vehicle may report, in meters per second (360 km/h).
    public static let maximumSpeed = 100.0
    /// The most maneuvers one report may list ahead.
    public static let maximumManeuvers = 1000

    public struct Params: MethodParams {
        /// Seconds on the client's own monotonic clock; absent: the daemon's clock.
        public var time: Double?
        /// Meters per second.
        public var speed: Double
        /// The next maneuvers in route order.
        public var maneuvers: [Upcoming]
        /// Seconds between this client's updates (its tick); absent: the daemon measures it. A
        /// client that skips the updates a `quiet` reply allows declares it (see `Result.quiet`).
        public var interval: Double?
        /// The trip's estimates: distance and time to the destination, and the arrival if known.
        public var trip: TripReport?
        public enum CodingKeys: String, CodingKey, CaseIterable { case time, speed, maneuvers, interval, trip }

        public init(time: Double? = nil, speed: Double, maneuvers: [Upcoming], interval: Double? = nil, trip: TripReport? = nil) {
            self.trip = trip
            self.time = time
            self.speed = speed
            self.maneuvers = maneuvers
            self.interval = interval
        }

        public func validate() throws(RPCError) {
            guard !maneuvers.isEmpty else {
                throw .invalidParams(
                    "'maneuvers' must list at least one upcoming maneuver: a guidance always has one ahead (the destination last); "
                        + "once it is reached, guidance ends by itself, or call guidance.end")
            }
            guard speed >= 0, speed <= GuidanceUpdate.maximumSpeed else { throw .invalidParams("'speed' must be between 0 and 100 m/s") }
            if let interval, !(interval > 0 && interval <= 10) {
                throw .invalidParams("'interval' must be seconds between updates, more than 0 and at most 10")
            }
            try GuidanceTimeParams(time: time).validate()
            if maneuvers.count > GuidanceUpdate.maximumManeuvers {
                throw .invalidParams("'maneuvers' must list at most \(GuidanceUpdate.maximumManeuvers) maneuvers ahead, not \(maneuvers.count)")
            }
        }
    }

    /// One maneuver ahead: its id, its distance, and the maneuver itself when it is new or changed.
    public struct Upcoming: Codable, Sendable {
        public var id: String
        /// Meters from the vehicle to the maneuver.
        public var distance: Double
        /// Seconds the guidance engine expects the vehicle to take to the maneuver, as of this
        /// report (its routing knows the speeds ahead; the announcer's windows use it where it is
        /// sooner than the current speed says). A described maneuver's own `timeRemaining` counts
        /// for the report that describes it.
        public var timeRemaining: Double?
        /// The speed limit, or the speed the guidance engine expects, of the road at the maneuver, in
        /// meters per second as `speed` (0…100), as of this report: the announcer takes the vehicle to
        /// reach it there where it can at its planned acceleration and the time says less (up an
        /// on-ramp to a fork on the motorway: `RouteProgress.UpcomingManeuver.reachedSpeed`).
        public var speedLimit: Double?
        public var maneuver: Maneuver?

        public init(id: String, distance: Double, timeRemaining: Double? = nil, speedLimit: Double? = nil, maneuver: Maneuver? = nil) {
            self.id = id
            self.distance = distance
            self.timeRemaining = timeRemaining
            self.speedLimit = speedLimit
            self.maneuver = maneuver
        }

        /// The time to the maneuver this report gives: its own, else its description's.
        public var reportedTimeRemaining: Double? { timeRemaining ?? maneuver?.timeRemaining }

        private enum CodingKeys: String, CodingKey, CaseIterable { case id, distance, timeRemaining, speedLimit, maneuver }

        public init(from decoder: any Decoder) throws {
            try rejectUnknownKeys(CodingKeys.self, in: decoder, of: "upcoming maneuver")
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let id = try container.decodeName(.id) else {
                throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: container.codingPath, debugDescription: "'id' is required"))
            }
            self.id = id
            distance = try container.decode(Double.self, forKey: .distance)
            maneuver = try container.decodeIfPresent(Maneuver.self, forKey: .maneuver)
            timeRemaining = try Maneuver.decodeTimeRemaining(forKey: .timeRemaining, in: container)
            speedLimit = try container.decodeIfPresent(Double.self, forKey: .speedLimit)
            if let speedLimit, !(0...GuidanceUpdate.maximumSpeed).contains(speedLimit) {
                throw DecodingError.dataCorruptedError(
                    forKey: .speedLimit, in: container,
                    debugDescription: "speedLimit must be meters per second, from 0 to 100 (360 km/h) (got \(speedLimit))")
            }
            guard Maneuver.distanceRange.contains(distance) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .distance, in: container, debugDescription: "distance must be meters, from -1000 to 5000000")
            }
        }
    }

    public struct Result: Codable, Sendable {
        /// The prompts the announcer decided on for this report (queued already).
        public var prompts: [PlannedPrompt]
        /// Only when the update declared its `interval`: the announcer decides nothing on later
        /// updates while `maneuverID` stays ahead beyond every bound (`meters + seconds × speed`)
        /// and the maneuvers listed stay the same. A simulation may skip those updates; the prompts
        /// stay the same. Absent: the next update may matter.
        public var quiet: QuietWindow?
        /// Set while guidance is paused (`guidance.pause`): the report was taken, nothing announced.
        public var paused: GuidancePauseReason?
        /// When the report carried `trip`: the estimates as kept, the arrival worked out if not given.
        public var trip: TripEstimates?
        public init(prompts: [PlannedPrompt], quiet: QuietWindow? = nil, paused: GuidancePauseReason? = nil, trip: TripEstimates? = nil) {
            self.trip = trip
            self.prompts = prompts
            self.quiet = quiet
            self.paused = paused
        }
    }
}

/// `guidance.end`: this client's guidance stops. `finished` (the trip is done): the prompt playing
/// is said to its end, the waiting ones are skipped; `cancelled`, or no reason: every prompt of the
/// guidance stops.
public enum GuidanceEnd: RPCMethod {
    public static let name = "guidance.end"

    /// Why the client ends its guidance (CarPlay's finished and cancelled trips).
    public enum Reason: String, Codable, Sendable, CaseIterable {
        case finished
        case cancelled
    }

    /// The `guidance.ended` reason of a guidance that ended by itself once its arrival was said; a
    /// guidance request after it is -32000 with `data` `{"guidanceEnded": "arrived"}`.
    public static let arrived = "arrived"

    public struct Params: MethodParams {
        /// Absent: the guidance's prompts stop as for `cancelled`; the event's reason is `clientRequest`.
        public var reason: Reason?
        public enum CodingKeys: String, CodingKey, CaseIterable { case reason }
        public init(reason: Reason? = nil) { self.reason = reason }
    }

    public struct Result: Codable, Sendable {
        public var ended: Bool
        public init(ended: Bool) { self.ended = ended }
    }
}

/// The params of a guidance request that says only when it was made (`guidance.reroute`,
/// `guidance.repeat`).
public struct GuidanceTimeParams: MethodParams {
    /// Seconds on the client's own monotonic clock, as in `guidance.update`; absent: the daemon's clock.
    public var time: Double?
    public enum CodingKeys: String, CodingKey, CaseIterable { case time }

    public init(time: Double? = nil) { self.time = time }

    /// The latest a client's monotonic clock may read (about 31 years, as `clock.advance`'s): a
    /// later one would move a derived arrival past the years an ISO 8601 date can write (a `time` of
    /// 1e19 killed voxnavd converting the arrival).
    public static let maximumTime = ClockAdvance.maximumTime

    public func validate() throws(RPCError) {
        if let time, !(time >= 0 && time <= Self.maximumTime) {
            throw .invalidParams("'time' must be seconds on the client's clock, from 0 to 1000000000 (got \(time))")
        }
    }
}

/// `guidance.reroute`: the guidance engine left the route and is recalculating. The pack's
/// "Recalculating route" is spoken (at most once per `RerouteDebounce.standardWindow` seconds) and
/// the announcer starts again: the next `guidance.update` describes the new route's maneuvers.
public enum GuidanceReroute: RPCMethod {
    public static let name = "guidance.reroute"

    public typealias Params = GuidanceTimeParams

    public struct Result: Codable, Sendable {
        /// True when "Recalculating route" was queued; false within the window of the last one.
        public var announced: Bool
        /// The queued prompt's id (its events tell the rest), when announced.
        public var prompt: String?
        /// The pack's words for it.
        public var text: String
        /// Why it was not announced.
        public var reason: String?
        /// The ids of the old route's guidance prompts that were still waiting, now skipped.
        public var cancelled: [String]

        public init(announced: Bool, prompt: String? = nil, text: String, reason: String? = nil, cancelled: [String] = []) {
            self.announced = announced
            self.prompt = prompt
            self.text = text
            self.reason = reason
            self.cancelled = cancelled
        }
    }
}

/// `guidance.pause`: the guidance engine cannot guide for a while (loading, finding the position,
/// recalculating, the vehicle not yet on the route). Nothing is announced until `guidance.resume`;
/// the guidance's waiting prompts are skipped, and the reason is said when a driver should hear it,
/// at most once per `RerouteDebounce.standardWindow` seconds for each reason.
public enum GuidancePause: RPCMethod {
    public static let name = "guidance.pause"

    public struct Params: MethodParams {
        public var reason: GuidancePauseReason
        /// Seconds on the client's own monotonic clock, as in `guidance.update`; absent: the daemon's clock.
        public var time: Double?
        public enum CodingKeys: String, CodingKey, CaseIterable { case reason, time }

        public init(reason: GuidancePauseReason, time: Double? = nil) {
            self.reason = reason
            self.time = time
        }

        public func validate() throws(RPCError) { try GuidanceTimeParams(time: time).validate() }
    }

    public struct Result: Codable, Sendable {
        /// The reason now in force.
        public var paused: GuidancePauseReason
        /// True when the reason's words were queued.
        public var announced: Bool
        /// The queued prompt's id, when announced.
        public var prompt: String?
        /// The pack's words for the reason; absent for one that is not said (arrived).
        public var text: String?
        /// Why the words were not said.
        public var reason: String?
        /// The ids of the guidance's waiting prompts, now skipped.
        public var cancelled: [String]

        public init(
            paused: GuidancePauseReason, announced: Bool, prompt: String? = nil, text: String? = nil, reason: String? = nil, cancelled: [String] = []
        ) {
            self.paused = paused
            self.announced = announced
            self.prompt = prompt
            self.text = text
            self.reason = reason
            self.cancelled = cancelled
        }
    }
}

/// `guidance.resume`: guidance goes on after `guidance.pause`; the next `guidance.update` is
/// announced as it stands then (a maneuver passed meanwhile gets nothing).
public enum GuidanceResume: RPCMethod {
    public static let name = "guidance.resume"

    public typealias Params = GuidanceTimeParams

    public struct Result: Codable, Sendable {
        /// False when guidance was not paused (nothing changed).
        public var resumed: Bool
        /// What it had been paused for.
        public var from: GuidancePauseReason?
        public init(resumed: Bool, from: GuidancePauseReason? = nil) {
            self.resumed = resumed
            self.from = from
        }
    }
}

/// `guidance.repeat`: the driver asks to hear the next maneuver again (a steering-wheel button, a
/// voice assistant). Its prompt is queued now, at the current distance, at most once per
/// `RepeatLimiter.standardWindow` seconds.
public enum GuidanceRepeat: RPCMethod {
    public static let name = "guidance.repeat"

    public typealias Params = GuidanceTimeParams

    public struct Result: Codable, Sendable {
        /// True when the prompt was queued.
        public var repeated: Bool
        /// The queued prompt's id (its events tell the rest), when repeated.
        public var prompt: String?
        /// The maneuver, state, words and distance (meters, as heard) of the prompt, when repeated.
        public var maneuverID: String?
        public var state: ManeuverState?
        public var text: String?
        public var distance: Double?
        /// Why it was not repeated.
        public var reason: String?
        /// Seconds until a repeat is allowed again, when refused by the rate limit.
        public var retryAfter: Double?

        public init(repeated: Bool, prompt: String? = nil, planned: PlannedPrompt? = nil, reason: String? = nil, retryAfter: Double? = nil) {
            self.repeated = repeated
            self.prompt = prompt
            maneuverID = planned?.maneuverID
            state = planned?.state
            text = planned?.text
            distance = planned?.distance
            self.reason = reason
            self.retryAfter = retryAfter
        }
    }
}

extension Methods {
    /// The methods of this file, listed in `Methods.all`.
    static let guidance: [any RPCMethod.Type] = [
        GuidanceStart.self, GuidanceUpdate.self, GuidanceReroute.self, GuidancePause.self, GuidanceResume.self, GuidanceRepeat.self,
        GuidanceEstimates.self, GuidanceEnd.self,
    ]
}
