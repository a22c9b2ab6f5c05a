/// The speed limits of an OSRM-format leg's segments (its `maxspeed` annotation), placed along the
/// leg by its `distance` annotation: what `speedLimit` a maneuver gets is the limit of the segment
/// that leads into it, as GraphHopper's `max_speed` detail of the stretch into an instruction.
struct SegmentSpeedLimits {
    /// Where each segment ends, in meters from the leg's start.
    private let ends: [Double]
    /// Each segment's limit in m/s; nil where none is known or posted.
    private let limits: [Double?]

    /// The leg's limits; nil when it has no `maxspeed`. A `maxspeed` without a `distance` of the
    /// same length, or a speed in an unknown unit, is a problem: the limits cannot be placed.
    static func read(_ annotation: OSRMResponse.Annotation?, path: String, problems: inout [ScenarioProblem]) -> SegmentSpeedLimits? {
        guard let maxspeed = annotation?.maxspeed else { return nil }
        guard let distance = annotation?.distance, distance.count == maxspeed.count else {
            let given = annotation?.distance.map { "\($0.count) distances" } ?? "no distance annotation"
            problems.append(
                ScenarioProblem(
                    path: "\(path).maxspeed",
                    message:
                        "\(maxspeed.count) speed limits and \(given): the limits are placed by each segment's distance (request annotations=distance,maxspeed)"
                ))
            return nil
        }
        var ends: [Double] = []
        var total = 0.0
        for (index, length) in distance.enumerated() {
            guard length.isFinite, length >= 0 else {
                problems.append(ScenarioProblem(path: "\(path).distance[\(index)]", message: "a segment's distance must be ≥ 0"))
                return nil
            }
            total += length
            ends.append(total)
        }
        var limits: [Double?] = []
        for (index, limit) in maxspeed.enumerated() {
            guard let speed = limit.speed else {
                limits.append(nil)
                continue
            }
            // OSRM-format limits are posted in km/h or mph, nothing else.
            guard let unit = SpeedUnit(rawValue: limit.unit ?? "km/h"), unit != .metersPerSecond else {
                problems.append(
                    ScenarioProblem(path: "\(path).maxspeed[\(index)].unit", message: "'\(limit.unit ?? "")' is not a unit of speed (expected km/h or mph)"))
                return nil
            }
            limits.append(unit.postedLimit(speed))
        }
        return SegmentSpeedLimits(ends: ends, limits: limits)
    }

    /// The limit of the segment that leads to the maneuver `distance` meters into the leg: the one
    /// ending nearest to it, since a maneuver stands where segments meet and the steps' distances
    /// are rounded apart from the segments' (OSRM rounds a step's to a tenth of a meter). The first
    /// of segments ending at one place is the one with a length. None at the leg's start.
    func into(_ distance: Double) -> Double? {
        guard distance >= 0.5, !ends.isEmpty else { return nil }
        // The first segment ending at or past `distance` (the ends never decrease), or the one before.
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] < distance { low = middle + 1 } else { high = middle }
        }
        var nearest = min(low, ends.count - 1)
        if nearest > 0, distance - ends[nearest - 1] <= abs(ends[nearest] - distance) { nearest -= 1 }
        while nearest > 0, ends[nearest - 1] == ends[nearest] { nearest -= 1 }
        return limits[nearest]
    }
}
