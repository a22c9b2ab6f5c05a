/// What the announcer knows it will not do: decide nothing while `maneuverID` stays the next
/// maneuver and its distance stays beyond every bound. A guidance engine that simulates a drive
/// may skip the updates inside it (`guidance.update`'s `quiet`); the prompts stay the same,
/// provided it declares its `interval` (the announcer's windows widen with the time between
/// updates) and still sends an update whenever the maneuvers it lists change.
///
/// Every window start is a maximum of straight lines in the speed (a fixed distance, a lead time,
/// the last chance before the next update), so "no window opens" is exactly "the distance is
/// beyond `meters + seconds × speed` for every bound".
public struct QuietWindow: Codable, Sendable, Equatable {
    public struct Bound: Codable, Sendable, Equatable {
        public var meters: Double
        /// Seconds of travel at the update's speed added to `meters`.
        public var seconds: Double

        public init(meters: Double, seconds: Double) {
            self.meters = meters
            self.seconds = seconds
        }
    }

    public var maneuverID: String
    /// Empty when no state of the maneuver is left to say: quiet until it is passed.
    public var beyond: [Bound]

    public init(maneuverID: String, beyond: [Bound]) {
        self.maneuverID = maneuverID
        self.beyond = beyond
    }

    /// Whether an update with the maneuver at `distance` (and, if given, `timeRemaining` seconds
    /// away) and the vehicle at `speed` (m/s) falls inside the window, at the speed the announcer
    /// opens the maneuver's windows for (`RouteProgress.UpcomingManeuver.approachSpeed`). A
    /// centimetre's margin keeps rounding on the caller's side from skipping an update that the
    /// announcer would act on; an update sent needlessly changes nothing.
    public func holds(distance: Double, speed: Double, timeRemaining: Double? = nil) -> Bool {
        guard distance.isFinite, distance > 0, speed.isFinite else { return false }
        let v = RouteProgress.UpcomingManeuver(id: maneuverID, distance: distance, timeRemaining: timeRemaining).approachSpeed(vehicle: speed)
        return beyond.allSatisfy { distance > $0.meters + $0.seconds * v + Self.margin }
    }

    static let margin = 0.01
}
