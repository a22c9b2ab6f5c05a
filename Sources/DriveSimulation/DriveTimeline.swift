/// The progress updates of a whole drive at a fixed tick: at 0, tick, 2·tick, … up to the end
/// (arrival or the duration cap, whichever comes first), plus one at the end itself.
///
/// The updates are made when read, not stored: a 44-hour drive is 160,000 of them, each with its
/// maneuvers ahead, and a drive reads each once.
public struct DriveTimeline: Sendable, Equatable {
    /// How many maneuvers ahead a drive's updates carry: the announcer speaks of the next one and
    /// the one after it. Every maneuver ahead in every update would make a drive's memory (and each
    /// `guidance.update`) grow with the square of the route's length.
    public static let defaultLookahead = 5

    public let updates: Updates
    /// Seconds: arrival, or the cap.
    public let endTime: Double
    public let arrived: Bool
    /// Seconds between updates (the last one may come sooner, at the end).
    public let tick: Double

    public init(kinematics: DriveKinematics, tick: Double = 1, durationCap: Double = 2 * 3600, lookahead: Int = DriveTimeline.defaultLookahead) {
        precondition(tick > 0 && tick.isFinite, "the tick must be a positive number of seconds")
        let end = min(kinematics.arrivalTime ?? durationCap, durationCap)
        self.updates = Updates(kinematics: kinematics, tick: tick, end: end, lookahead: lookahead)
        self.endTime = end
        self.tick = tick
        self.arrived = kinematics.arrivalTime.map { $0 <= durationCap } ?? false
    }

    /// The timeline of a scenario, once the caller has resolved its route.
    public init(scenario: Scenario, route: Route, lookahead: Int = DriveTimeline.defaultLookahead) {
        self.init(
            kinematics: DriveKinematics(route: route, speed: scenario.speed), tick: scenario.options.tick,
            durationCap: scenario.options.durationCap, lookahead: lookahead)
    }

    /// The updates in time order, each computed from the kinematics when it is read.
    public struct Updates: RandomAccessCollection, Sendable, Equatable {
        let kinematics: DriveKinematics
        let tick: Double
        let end: Double
        let lookahead: Int
        /// Tick times 0, tick, … ≤ end (multiplying, not adding, keeps them free of accumulated
        /// rounding), then `end` itself when it falls between ticks.
        private let ticks: Int
        private let endsBetweenTicks: Bool

        init(kinematics: DriveKinematics, tick: Double, end: Double, lookahead: Int) {
            self.kinematics = kinematics
            self.tick = tick
            self.end = end
            self.lookahead = lookahead
            var count = Swift.max(0, Int((end / tick).rounded(.down)) + 1)
            // Division may round across a tick boundary either way: settle it as the loop did.
            while count > 0, Double(count - 1) * tick > end { count -= 1 }
            while Double(count) * tick <= end { count += 1 }
            ticks = count
            endsBetweenTicks = count == 0 || Double(count - 1) * tick < end
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { ticks + (endsBetweenTicks ? 1 : 0) }

        /// The time of update `index`, without computing it.
        public func time(at index: Int) -> Double { index < ticks ? Double(index) * tick : end }

        public subscript(index: Int) -> DriveUpdate {
            precondition(indices.contains(index), "no update \(index) in a timeline of \(count)")
            return kinematics.update(at: time(at: index), lookahead: lookahead)
        }
    }
}
