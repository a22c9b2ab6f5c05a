/// One progress update from the guidance engine. Time is injected (monotonic seconds).
public struct RouteProgress: Codable, Sendable, Equatable {
    /// A maneuver still ahead on the route, as seen from the vehicle.
    public struct UpcomingManeuver: Codable, Sendable, Equatable {
        /// Stable across updates; a new id (e.g. after a reroute) is a new maneuver.
        public var id: String
        /// Meters from the vehicle to the maneuver; ≤ 0 means passed.
        public var distance: Double
        /// Meters from this maneuver to the next one; derived from the list when nil.
        public var distanceToNext: Double?
        /// The route's start ("head north on Main Street"): said once, first, when the vehicle is at
        /// it, so it is kept at `distance ≤ 0` until said (any other maneuver there is passed).
        public var isDeparture: Bool
        /// A motorway exit or interchange (`ManeuverType.isExitOrInterchange`): its final
        /// instruction comes early whatever the speed (`VehicleProfile.motorwayFinal`).
        public var isExitOrInterchange: Bool
        /// Seconds the guidance engine expects the vehicle to take to get there, as of this update
        /// (nil: not given). Where it is sooner than the current speed says (a vehicle about to
        /// move off or speed up), the announcer's windows open for the speed it implies.
        public var timeRemaining: Double?
        /// The speed limit, or the speed expected, of the road at the maneuver (m/s; nil: not given):
        /// the vehicle may speed up to it on the way there (`reachedSpeed`: up an on-ramp onto a
        /// motorway whose fork is close).
        public var speedLimit: Double?

        public init(
            id: String, distance: Double, distanceToNext: Double? = nil, isDeparture: Bool = false, isExitOrInterchange: Bool = false,
            timeRemaining: Double? = nil, speedLimit: Double? = nil
        ) {
            self.id = id
            self.distance = distance
            self.distanceToNext = distanceToNext
            self.isDeparture = isDeparture
            self.isExitOrInterchange = isExitOrInterchange
            self.timeRemaining = timeRemaining
            self.speedLimit = speedLimit
        }

        /// `maneuver` at `distance`, as the announcer sees it: a departure when it starts the route,
        /// an exit or interchange as `Maneuver.isExitOrInterchange` says. The one mapping the engine's
        /// guidance and a simulated drive share.
        public init(id: String, distance: Double, maneuver: Maneuver, timeRemaining: Double?, speedLimit: Double? = nil) {
            self.init(
                id: id, distance: distance, isDeparture: maneuver.type.family == .starts, isExitOrInterchange: maneuver.isExitOrInterchange,
                timeRemaining: timeRemaining, speedLimit: speedLimit)
        }

        /// The speed (m/s) the announcer opens this maneuver's windows for, the vehicle going at
        /// `speed`: that speed, or, where the guidance engine expects the vehicle there sooner
        /// (`timeRemaining`: about to move off at a light, speeding up onto a motorway), the mean
        /// speed that implies, at most `maximumExpectedSpeed` (a time of nearly 0 for a maneuver far
        /// ahead opens nothing at once). Never lower than the vehicle's own: a routing engine that
        /// expects the driver to slow down does not make a window open later.
        public func approachSpeed(vehicle speed: Double) -> Double {
            let own = speed.isFinite ? max(speed, 0) : 0
            guard let timeRemaining, timeRemaining > 0, timeRemaining.isFinite, distance > 0, distance.isFinite else { return own }
            return max(own, min(distance / timeRemaining, Self.maximumExpectedSpeed))
        }

        /// The mean speed (m/s) over the stretch from `previous`, `spacing` meters before this maneuver,
        /// to this one, as the guidance engine's times to both (`timeRemaining`) imply, at most
        /// `maximumExpectedSpeed`: the speed this maneuver will be reached at. Nil where the engine's
        /// time for either is missing, or this one's is no later than `previous`'s.
        public func stretchSpeed(after previous: Self, spacing: Double) -> Double? {
            guard let time = timeRemaining, let before = previous.timeRemaining, time.isFinite, before.isFinite, time > before,
                spacing.isFinite, spacing > 0
            else { return nil }
            return min(spacing / (time - before), Self.maximumExpectedSpeed)
        }

        /// The speed (m/s) this maneuver's windows will open for once `previous`, `spacing` meters
        /// before it, is passed, the vehicle passing it at `passing`: `approachSpeed`'s rule at that
        /// moment, that speed or the mean speed over the stretch to this one (`stretchSpeed`) where
        /// higher. A car that leaves a motorway at 120 km/h and reaches a turn and then a ramp at
        /// 50 km/h approaches the ramp at 50 km/h. Where the engine's times do not give the stretch,
        /// `approachSpeed` at `passing`.
        public func approachSpeed(after previous: Self, spacing: Double, passing: Double) -> Double {
            guard let stretch = stretchSpeed(after: previous, spacing: spacing) else { return approachSpeed(vehicle: passing) }
            return max(passing.isFinite ? passing : 0, stretch)
        }

        /// The speed (m/s) the vehicle will have when it gets here, the vehicle going at `speed`: where
        /// the guidance engine expects it sooner than that speed says (`approachSpeed`: up an on-ramp
        /// onto a motorway), the least speed it reaches speeding up at `acceleration` (m/s²) from now
        /// and then holding it, to cover the distance in `timeRemaining`, by a quarter over the mean
        /// speed at most (`Announcer.plannedSpeedGain`, as towards any final instruction: a car
        /// stopped at a light with its turn close, whose time the engine reckons at the road's
        /// speed, will not reach twice that speed). Never below `approachSpeed`: a car at 50 km/h
        /// on a ramp whose fork the engine expects in 13 s, 280 m away, has a mean speed of 76 km/h
        /// and will be at 81 km/h there at 2 m/s² (at 120 km/h in the drive that showed it).
        ///
        /// Where the client gives the road's `speedLimit`, the vehicle is taken to reach the speed it
        /// can speeding up at `acceleration` from now over the whole distance, at most that limit,
        /// when that is higher: the time says only the least it must reach, and a car that keeps
        /// its ramp speed until late and then speeds up hard gets there faster. The same car, its
        /// fork 340 m ahead on a 120 km/h road, will be at 120 km/h there. A limit lower than the
        /// speed the time implies changes nothing.
        public func reachedSpeed(vehicle speed: Double, acceleration: Double) -> Double {
            let own = speed.isFinite ? max(speed, 0) : 0
            let implied = leastReachedSpeed(own: own, mean: approachSpeed(vehicle: speed), acceleration: acceleration)
            guard let limit = speedLimit, limit.isFinite, limit > implied, acceleration.isFinite, acceleration > 0, distance > 0, distance.isFinite
            else { return implied }
            let reachable = (own * own + 2 * acceleration * distance).squareRoot()
            return max(implied, min(reachable, limit, Self.maximumExpectedSpeed))
        }

        /// `reachedSpeed` from the time alone: the least speed the vehicle, at `own` now, reaches
        /// speeding up at `acceleration` and then holding it to cover the distance at `mean`.
        private func leastReachedSpeed(own: Double, mean: Double, acceleration: Double) -> Double {
            guard mean > own, acceleration.isFinite, acceleration > 0 else { return mean }
            // Speeding up from `own` by `u` at `acceleration`, then holding `own + u` for the rest of
            // the time: distance = (own + u)·T − u²/(2a). The smaller root; where there is none (the
            // engine expects harder speeding up than planned), speeding up the whole time.
            let time = distance / mean
            let excess = distance - own * time
            let discriminant = time * time - 2 * excess / acceleration
            let gain = discriminant >= 0 ? acceleration * (time - discriminant.squareRoot()) : 2 * excess / time
            return max(mean, min(own + gain, mean * Announcer.plannedSpeedGain, Self.maximumExpectedSpeed))
        }

        /// Whether the road's `speedLimit` lets the vehicle reach `speed` (m/s) before this maneuver,
        /// wherever it is now: the rule of that speed (`VehicleProfile.motorwayFinal`) may then apply
        /// at any approach speed, as before an exit.
        public func limitReaches(_ speed: Double) -> Bool {
            guard let speedLimit, speedLimit.isFinite else { return false }
            return speedLimit >= speed
        }

        /// 250 km/h: past any road vehicle's speed on a route.
        public static let maximumExpectedSpeed = 250 / 3.6

        private enum CodingKeys: String, CodingKey { case id, distance, distanceToNext, isDeparture, isExitOrInterchange, timeRemaining, speedLimit }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            distance = try c.decode(Double.self, forKey: .distance)
            distanceToNext = try c.decodeIfPresent(Double.self, forKey: .distanceToNext)
            isDeparture = try c.decodeIfPresent(Bool.self, forKey: .isDeparture) ?? false
            isExitOrInterchange = try c.decodeIfPresent(Bool.self, forKey: .isExitOrInterchange) ?? false
            timeRemaining = try c.decodeIfPresent(Double.self, forKey: .timeRemaining)
            speedLimit = try c.decodeIfPresent(Double.self, forKey: .speedLimit)
        }
    }

    /// Seconds on a monotonic clock chosen by the caller.
    public var time: Double
    /// Meters per second; negative or non-finite values are read as 0.
    public var speed: Double
    /// Upcoming maneuvers in route order.
    public var maneuvers: [UpcomingManeuver]

    public init(time: Double, speed: Double, maneuvers: [UpcomingManeuver]) {
        self.time = time
        self.speed = speed
        self.maneuvers = maneuvers
    }
}
