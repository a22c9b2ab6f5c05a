import Guidance

/// One progress update of a simulated drive, ready for the daemon's `guidance.update`.
public struct DriveUpdate: Sendable, Equatable, Codable {
    public struct Upcoming: Sendable, Equatable, Codable {
        public var id: String
        /// Meters from the vehicle, > 0; the route's start is listed at ≤ 0 while the vehicle sets off (`DriveKinematics.departureListing`).
        public var distance: Double
        /// Seconds until the vehicle gets there on this drive; nil if it never does.
        public var timeRemaining: Double?
        /// The road's speed limit at the maneuver (m/s), when the route knows it.
        public var speedLimit: Double?
        /// With `distanceRemaining` and `timeRemaining` filled in.
        public var maneuver: Maneuver
    }

    /// Seconds since the drive started.
    public var time: Double
    /// Meters along the route.
    public var position: Double
    /// Meters per second.
    public var speed: Double
    /// The maneuvers still ahead, in route order.
    public var upcoming: [Upcoming]
    /// True once the vehicle is at the end of the route.
    public var arrived: Bool
    /// Meters to the end of the route.
    public var distanceToGo: Double
    /// Seconds until the vehicle is at the end of the route on this drive; nil if it never gets there.
    public var timeToGo: Double?

    /// The update as `Guidance.RouteProgress` (time, speed, ids and distances).
    public var routeProgress: RouteProgress {
        RouteProgress(
            time: time, speed: speed,
            maneuvers: upcoming.map {
                .init(id: $0.id, distance: $0.distance, maneuver: $0.maneuver, timeRemaining: $0.timeRemaining, speedLimit: $0.speedLimit)
            })
    }
}
