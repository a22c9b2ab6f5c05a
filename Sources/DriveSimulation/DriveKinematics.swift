import Guidance

/// Where the vehicle is at any time: a piecewise-linear position from a route and a speed
/// profile. Deterministic, no clock: the same route and profile always give the same knots.
public struct DriveKinematics: Sendable, Equatable {
    /// From `time` on the vehicle is at `position + speed × (t − time)` until the next knot.
    public struct Knot: Sendable, Equatable, Codable {
        public var time: Double
        /// Meters along the route.
        public var position: Double
        /// Meters per second.
        public var speed: Double
    }

    public let route: Route
    /// In time order; the first at 0 s, the last at arrival (speed 0) or where the vehicle stands still for good.
    public let knots: [Knot]
    /// When the vehicle reaches the end of the route; nil when the profile leaves it standing still for good.
    public let arrivalTime: Double?

    public init(route: Route, speed profile: SpeedProfile) {
        self.route = route
        let length = route.length
        let triggers = profile.segments(for: route).map { segment in (start: segment.start, speed: max(0, segment.speed.isFinite ? segment.speed : 0)) }
        // Pending triggers in two queues, each in the order they can fire: time triggers by start,
        // distance triggers by position (a trigger's fire time never decreases with its start), so
        // the next one is always at a queue's head and building the knots is linear, not quadratic.
        var byTime = triggers.indices.filter { if case .time = triggers[$0].start { true } else { false } }
            .sorted { (Self.start(triggers[$0].start), $0) < (Self.start(triggers[$1].start), $1) }[...]
        var byDistance = triggers.indices.filter { if case .distance = triggers[$0].start { true } else { false } }
            .sorted { (Self.start(triggers[$0].start), $0) < (Self.start(triggers[$1].start), $1) }[...]
        var t = 0.0
        var x = 0.0
        var v = 0.0
        var knots: [Knot] = []
        var arrival: Double?

        /// When trigger `i` fires, seen from (t, x, v).
        func fireTime(_ i: Int) -> Double {
            switch triggers[i].start {
            case .time(let start): return max(start, t)
            case .distance(let start):
                if start <= x { return t }
                return v > 0 ? t + (start - x) / v : .infinity
            }
        }
        // Fire triggers due now, in the written order: the last one written wins.
        func fireDue() {
            var due: [Int] = []
            while let i = byTime.first, fireTime(i) <= t {
                due.append(i)
                byTime.removeFirst()
            }
            while let i = byDistance.first, fireTime(i) <= t {
                due.append(i)
                byDistance.removeFirst()
            }
            for i in due.sorted() { v = triggers[i].speed }
        }

        fireDue()
        knots.append(Knot(time: 0, position: 0, speed: v))
        while length > 0 {
            let next = min(byTime.first.map(fireTime) ?? .infinity, byDistance.first.map(fireTime) ?? .infinity)
            let arrive = v > 0 ? t + (length - x) / v : Double.infinity
            if arrive <= next {
                if arrive.isFinite {
                    arrival = arrive
                    knots.append(Knot(time: arrive, position: length, speed: 0))
                }
                break
            }
            // A distance trigger fires exactly at its position (no rounding drift).
            var distanceStart: Double?
            if let i = byDistance.first, fireTime(i) == next { distanceStart = Self.start(triggers[i].start) }
            x = distanceStart.map { max(x, $0) } ?? min(length, x + v * (next - t))
            t = next
            fireDue()
            if knots.last?.time == t { knots.removeLast() }
            knots.append(Knot(time: t, position: x, speed: v))
        }
        if length <= 0 {
            arrival = 0
            knots = [Knot(time: 0, position: 0, speed: 0)]
        }
        self.knots = knots
        self.arrivalTime = arrival
    }

    /// The knot in force at `time`.
    private func knot(at time: Double) -> Knot {
        var low = 0
        var high = knots.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if knots[mid].time <= time { low = mid } else { high = mid - 1 }
        }
        return knots[low]
    }

    /// Meters along the route at `time` (0 before the start, the route's length after arrival).
    public func position(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        let k = knot(at: time)
        return min(route.length, k.position + k.speed * (time - k.time))
    }

    /// Meters per second at `time` (0 after arrival).
    public func speed(at time: Double) -> Double {
        if let arrivalTime, time >= arrivalTime { return 0 }
        return knot(at: max(0, time)).speed
    }

    /// The first time the vehicle is at `position`; nil if it never gets there. Knots' positions
    /// never decrease, so the knot is found by bisection.
    public func time(atPosition position: Double) -> Double? {
        guard position > 0 else { return 0 }
        // The first knot after the first one whose position reaches `position`.
        var low = 1
        var high = knots.count
        while low < high {
            let mid = (low + high) / 2
            if knots[mid].position >= position { high = mid } else { low = mid + 1 }
        }
        guard low < knots.count else { return nil }
        let k = knots[low - 1]
        if k.position >= position { return k.time }
        return k.speed > 0 ? k.time + (position - k.position) / k.speed : knots[low].time
    }

    /// The seconds or meters a segment starts at.
    private static func start(_ start: SpeedSegment.Start) -> Double {
        switch start {
        case .time(let t): t
        case .distance(let d): d
        }
    }

    /// The maneuvers strictly ahead of `position`, and the route's start (a `starts` maneuver) while
    /// the vehicle sets off from it (until the maneuver after it, up to `departureListing` meters past
    /// it): a guidance engine lists its departure then, so that "head north on Main Street" is said
    /// when the announcer first has room for it, not only in the first 100 m (at 50 km/h, 7 s).
    private func ahead(of position: Double) -> ArraySlice<RouteManeuver> {
        let ahead = route.maneuvers(after: position)
        let start = route.maneuvers[0]
        guard ahead.startIndex == 1, start.maneuver.type.family == .starts, position - start.position <= Self.departureListing
        else { return ahead }
        return route.maneuvers[0...]
    }

    /// Meters past the start within which it is still listed: as far as the daemon takes a distance
    /// (`Maneuver.distanceRange`, down to -1000 m).
    public static let departureListing = -Maneuver.distanceRange.lowerBound

    /// The progress update at `time`: position, speed and the maneuvers still ahead (at most
    /// `lookahead` of them), each with its distance and the time the vehicle will take to get there,
    /// and the distance and time to the route's end. The simulation knows the drive's future, so its
    /// estimates are exact.
    public func update(at time: Double, lookahead: Int = .max) -> DriveUpdate {
        let position = position(at: time)
        let speed = speed(at: time)
        let upcoming = ahead(of: position).prefix(lookahead).map { item in
            let distance = item.position - position
            let timeRemaining = self.time(atPosition: item.position).map { max(0, $0 - time) }
            var maneuver = item.maneuver
            maneuver.distanceRemaining = distance
            maneuver.timeRemaining = timeRemaining
            return DriveUpdate.Upcoming(
                id: item.id, distance: distance, timeRemaining: timeRemaining, speedLimit: item.speedLimit, maneuver: maneuver)
        }
        let arrived = arrivalTime.map { time >= $0 } ?? false
        return DriveUpdate(
            time: time, position: position, speed: speed, upcoming: Array(upcoming), arrived: arrived, distanceToGo: route.length - position,
            timeToGo: arrivalTime.map { max(0, $0 - time) })
    }
}
