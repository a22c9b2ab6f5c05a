import Guidance

/// One maneuver placed on a route.
public struct RouteManeuver: Sendable, Equatable, Codable {
    /// Stable id for `RouteProgress` ("m0", "m1", … unless the route file names them).
    public var id: String
    /// The maneuver as a guidance engine would send it; `distanceRemaining` and `timeRemaining`
    /// are left nil here and filled per `DriveUpdate`.
    public var maneuver: Maneuver
    /// Meters from the previous maneuver (from the start for the first one).
    public var distanceFromPrevious: Double
    /// Seconds from the previous maneuver at the route's typical speed, when the route says
    /// (OSRM's step durations); used by the `route` speed profile.
    public var durationFromPrevious: Double?
    /// The speed limit (or expected speed) of the road at the maneuver, m/s, when the route knows
    /// it: sent with each update as the maneuver's `speedLimit`.
    public var speedLimit: Double?
    /// Meters from the start of the route; set by `Route`.
    public internal(set) var position: Double = 0

    public init(id: String, maneuver: Maneuver, distanceFromPrevious: Double, durationFromPrevious: Double? = nil, speedLimit: Double? = nil) {
        self.id = id
        self.maneuver = maneuver
        self.distanceFromPrevious = distanceFromPrevious
        self.durationFromPrevious = durationFromPrevious
        self.speedLimit = speedLimit
    }
}
