import Guidance
import RPC
import StrictCoding

extension DriveTimeline {
    /// What voxnavd would refuse of this drive's updates, found before the drive starts, against the
    /// daemon's own limits (the constants its methods check, not copies): the speed
    /// (`GuidanceUpdate.maximumSpeed`), the trip's distance and time to go (`TripReport`), and the
    /// distance to the farthest maneuver an update lists (`Maneuver.distanceRange`). A scenario at
    /// 0.001 m/s passed its own checks, then had its trip refused at the first update.
    public func daemonLimitProblems() -> [ScenarioProblem] {
        let kinematics = updates.kinematics
        var problems: [ScenarioProblem] = []
        if let fastest = kinematics.knots.max(by: { $0.speed < $1.speed }), fastest.speed > GuidanceUpdate.maximumSpeed {
            problems.append(
                ScenarioProblem(
                    path: "speed",
                    message: "the vehicle reaches \(Self.figure(fastest.speed * 3.6)) km/h at \(ClockTime.format(fastest.time)); "
                        + "voxnavd takes a speed of at most \(Self.figure(GuidanceUpdate.maximumSpeed * 3.6)) km/h "
                        + "(\(Self.figure(GuidanceUpdate.maximumSpeed)) m/s)"))
        }
        let length = kinematics.route.length
        if length > TripReport.maximumDistance {
            problems.append(
                ScenarioProblem(
                    path: "route",
                    message: "the route is \(Self.figure(length / 1000)) km long; voxnavd takes a trip of at most "
                        + "\(Self.figure(TripReport.maximumDistance / 1000)) km to go"))
        }
        if let arrival = kinematics.arrivalTime, arrival > TripReport.maximumTime {
            problems.append(
                ScenarioProblem(
                    path: "speed",
                    message: "at this speed the route's \(Self.figure(length / 1000)) km take \(Self.days(arrival)) to drive; voxnavd takes a trip "
                        + "of at most \(Self.days(TripReport.maximumTime)) to go (a faster speed, or a shorter route)"))
        }
        // The farthest maneuver an update lists: just past one maneuver, the `lookahead`th after it.
        let positions = kinematics.route.maneuvers.map(\.position)
        let lookahead = max(1, updates.lookahead)
        var farthest = 0.0
        for next in positions.indices {
            let last = min(next + lookahead - 1, positions.count - 1)
            farthest = max(farthest, positions[last] - (next == 0 ? 0 : positions[next - 1]))
        }
        if farthest > Maneuver.distanceRange.upperBound {
            problems.append(
                ScenarioProblem(
                    path: "route",
                    message: "an update would list a maneuver \(Self.figure(farthest / 1000)) km ahead; voxnavd takes maneuvers at most "
                        + "\(Self.figure(Maneuver.distanceRange.upperBound / 1000)) km ahead"))
        }
        problems += kinematics.route.maneuvers.enumerated().compactMap { index, item in Self.problem(of: item, at: index) }
        return problems
    }

    /// The first thing in a route's maneuver that voxnavd's decoder would refuse: a name over
    /// `InputLimits.nameCharacters`, more variants than `Maneuver.maximumVariants` or lanes than
    /// `Maneuver.maximumLanes`.
    private static func problem(of item: RouteManeuver, at index: Int) -> ScenarioProblem? {
        let m = item.maneuver
        let names: [(String, String?)] =
            [
                ("id", item.id), ("roadName", m.roadName), ("roadNamePronunciation", m.roadNamePronunciation), ("routeNumber", m.routeNumber),
                ("exitNumber", m.exitNumber), ("towards", m.towards), ("rotaryName", m.rotaryName), ("currentRoadName", m.currentRoadName),
                ("destinationName", m.destinationName),
            ] + m.instructionVariants.enumerated().map { ("instructionVariants[\($0.offset)]", $0.element) }
        let why: String?
        if let (member, problem) = names.lazy.compactMap({ name, value in
            value.flatMap { InputLimits.lengthProblem($0, limit: InputLimits.nameCharacters) }.map { (name, $0) }
        }).first {
            why = "\(member) \(problem) (voxnavd's bound for a name)"
        } else if m.instructionVariants.count > Maneuver.maximumVariants {
            why = "\(m.instructionVariants.count) instruction variants; voxnavd takes at most \(Maneuver.maximumVariants)"
        } else if m.lanes.count > Maneuver.maximumLanes {
            why = "\(m.lanes.count) lanes; voxnavd takes at most \(Maneuver.maximumLanes)"
        } else {
            why = nil
        }
        return why.map { ScenarioProblem(path: "route.maneuvers[\(index)]", message: $0) }
    }

    /// A number to a tenth, or to a thousandth below one tenth: "0.004", "360", "41.7".
    static func figure(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return ClockTime.formatNumber(tenths != 0 || value == 0 ? tenths : (value * 1000).rounded() / 1000)
    }

    /// "30 days", "1157 days".
    private static func days(_ seconds: Double) -> String { "\(figure(seconds / 86_400)) days" }
}
