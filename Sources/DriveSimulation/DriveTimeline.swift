/// The progress updates of a whole drive at a fixed tick: at 0, tick, 2·tick, … up to the end
/// (arrival or the duration cap, whichever comes first), plus one at the end itself.
public struct DriveTimeline: Sendable, Equatable {
    /// How many maneuvers ahead a drive's updates carry: the announcer speaks of the next one and
    /// the one after it. Every maneuver ahead in every update would make a drive's memory (and each
    /// `guidance.update`) grow with the square of the route's length.
    public static let defaultLookahead = 5

    public let updates: [DriveUpdate]
    /// Seconds: arrival, or the cap.
    public let endTime: Double
    public let arrived: Bool

    public init(kinematics: DriveKinematics, tick: Double = 1, durationCap: Double = 2 * 3600, lookahead: Int = DriveTimeline.defaultLookahead) {
        precondition(tick > 0 && tick.isFinite, "the tick must be a positive number of seconds")
        let end = min(kinematics.arrivalTime ?? durationCap, durationCap)
        var updates: [DriveUpdate] = []
        var k = 0
        // Multiplying, not adding, keeps tick times free of accumulated rounding.
        while Double(k) * tick <= end {
            updates.append(kinematics.update(at: Double(k) * tick, lookahead: lookahead))
            k += 1
        }
        if let last = updates.last, last.time < end { updates.append(kinematics.update(at: end, lookahead: lookahead)) }
        self.updates = updates
        self.endTime = end
        self.arrived = kinematics.arrivalTime.map { $0 <= durationCap } ?? false
    }

    /// The timeline of a scenario, once the caller has resolved its route.
    public init(scenario: Scenario, route: Route, lookahead: Int = DriveTimeline.defaultLookahead) {
        self.init(
            kinematics: DriveKinematics(route: route, speed: scenario.speed), tick: scenario.options.tick,
            durationCap: scenario.options.durationCap, lookahead: lookahead)
    }
}
