import Guidance
import RPC

/// One progress report from a guidance engine.
public struct GuidanceProgress: Sendable {
    /// One maneuver ahead, as `guidance.update` carries it.
    public typealias Upcoming = GuidanceUpdate.Upcoming

    /// Seconds on the client's own monotonic clock; nil uses the daemon's clock.
    public var time: Double?
    /// Meters per second.
    public var speed: Double
    /// The next maneuvers in route order.
    public var upcoming: [Upcoming]
    /// The client's declared seconds between updates (`Announcer.update(_:interval:)`).
    public var interval: Double?
    /// The trip's estimates, when the report carries them.
    public var trip: TripReport?

    public init(time: Double? = nil, speed: Double, upcoming: [Upcoming], interval: Double? = nil, trip: TripReport? = nil) {
        self.trip = trip
        self.time = time
        self.speed = speed
        self.upcoming = upcoming
        self.interval = interval
    }

    /// A `guidance.update`'s report (also what `guidance.start` may carry as the route's first).
    public init(_ update: GuidanceUpdate.Params) {
        self.init(time: update.time, speed: update.speed, upcoming: update.maneuvers, interval: update.interval, trip: update.trip)
    }
}
