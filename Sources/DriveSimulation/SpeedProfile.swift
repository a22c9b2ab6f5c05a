import RPC

/// How fast the vehicle goes: piecewise-constant segments, each starting at a time or at a
/// distance along the route, or the typical speeds of the route itself (OSRM's step durations).
public enum SpeedProfile: Sendable, Equatable, Codable {
    /// Each segment holds from its start until a later one starts (the one that started last wins).
    case segments([SpeedSegment])
    /// Each stretch between maneuvers at its `distance / duration`; `fallback` (m/s) where the
    /// route gives no duration.
    case route(fallback: Double)

    /// One speed (m/s) for the whole drive.
    public static func constant(_ metersPerSecond: Double) -> SpeedProfile {
        .segments([SpeedSegment(start: .time(0), speed: metersPerSecond)])
    }

    /// The segments for `route`, in the order they were written (for `.route`: by position).
    public func segments(for route: Route) -> [SpeedSegment] {
        switch self {
        case .segments(let segments):
            return segments
        case .route(let fallback):
            // Stretch i runs from maneuver i-1 to maneuver i; its speed holds from maneuver i-1 on.
            var result: [SpeedSegment] = []
            for (previous, next) in zip(route.maneuvers, route.maneuvers.dropFirst()) {
                var speed = fallback
                if let duration = next.durationFromPrevious, duration > 0, next.distanceFromPrevious > 0 {
                    speed = next.distanceFromPrevious / duration
                }
                result.append(SpeedSegment(start: .distance(previous.position), speed: speed))
            }
            if result.isEmpty { result = [SpeedSegment(start: .time(0), speed: fallback)] }
            return result
        }
    }
}

/// From `start` on, drive at `speed` meters per second.
public struct SpeedSegment: Sendable, Equatable, Codable {
    public enum Start: Sendable, Equatable, Codable {
        /// Seconds after the drive starts.
        case time(Double)
        /// Meters along the route.
        case distance(Double)
    }

    public var start: Start
    /// Meters per second, ≥ 0 (0 stands still, e.g. at traffic lights until a time segment).
    public var speed: Double

    public init(start: Start, speed: Double) {
        self.start = start
        self.speed = speed
    }
}

/// Units a speed may be written in.
public enum SpeedUnit: String, CaseIterable, Sendable, Codable {
    case kilometersPerHour = "km/h"
    case milesPerHour = "mph"
    case metersPerSecond = "m/s"

    public func metersPerSecond(_ value: Double) -> Double {
        switch self {
        case .kilometersPerHour: value / 3.6
        case .milesPerHour: value * 1609.344 / 3600
        case .metersPerSecond: value
        }
    }

    /// A speed limit a routing engine posts, in m/s, as far as `guidance.update` takes one
    /// (`speedLimit`, above 0 and up to `GuidanceUpdate.maximumSpeed`): nil past that, which an
    /// import leaves out rather than refusing the route.
    func postedLimit(_ value: Double) -> Double? {
        let limit = metersPerSecond(value)
        return limit.isFinite && limit > 0 && limit <= GuidanceUpdate.maximumSpeed ? limit : nil
    }
}
