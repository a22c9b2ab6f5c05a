import Guidance

/// One progress report from a guidance engine.
public struct GuidanceProgress: Sendable {
    public struct Upcoming: Sendable {
        public var id: String
        /// Meters from the vehicle to the maneuver.
        public var distance: Double
        /// The maneuver itself, when it is new or has changed.
        public var maneuver: Maneuver?

        public init(id: String, distance: Double, maneuver: Maneuver? = nil) {
            self.id = id
            self.distance = distance
            self.maneuver = maneuver
        }
    }

    /// Seconds on the client's own monotonic clock; nil uses the daemon's clock.
    public var time: Double?
    /// Meters per second.
    public var speed: Double
    /// The next maneuvers in route order.
    public var upcoming: [Upcoming]

    public init(time: Double? = nil, speed: Double, upcoming: [Upcoming]) {
        self.time = time
        self.speed = speed
        self.upcoming = upcoming
    }
}
