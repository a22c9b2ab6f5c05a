import Guidance
import RPC
import StrictCoding
import YAMLTree

/// The project's own route format (YAML or JSON, which is YAML too):
///
/// ```yaml
/// trafficSide: right            # optional default for every maneuver
/// maneuvers:
///   - type: startRoute
///     roadName: Main Street
///   - distance: 450             # meters from the previous maneuver
///     type: rightTurn
///     roadName: Solar Circle
///     speedLimit: 50 km/h       # optional: the road's speed limit at the maneuver
/// ```
extension Route {
    /// Parses a route file in the own format. Errors name the key path and line.
    public init(yaml text: String) throws(ScenarioError) {
        if let problem = InputLimits.sizeProblem("the route", size: text.utf8.count, cap: Route.maximumFileSize) {
            throw ScenarioError(problems: [ScenarioProblem(kind: .invalidYAML, document: "route", path: "", message: problem)])
        }
        var reader = YAMLReader()
        guard let root = reader.root(text, document: "route") else { throw ScenarioError(problems: reader.problems) }
        let route = reader.route(root, extraKeys: [])
        guard let route, reader.problems.isEmpty else { throw ScenarioError(problems: reader.problems) }
        self = route
    }

    static let fileKeys = ["trafficSide", "maneuvers"]
    static let maneuverKeys = [
        "id", "distance", "duration", "type", "junctionType", "trafficSide", "lanes", "instructionVariants",
        "roadName", "routeNumber", "exitNumber", "towards", "rotaryName", "heading", "currentRoadName", "destinationName", "speedLimit",
    ]
}

extension YAMLReader {
    /// A route in the own format at `path`. `extraKeys` are other keys the caller allows beside it.
    mutating func route(_ node: YAMLCursor, extraKeys: [String]) -> Route? {
        let before = problems.count
        let keys = entries(node, known: Route.fileKeys + extraKeys, required: ["maneuvers"])
        var side = TrafficSide.right
        if let sideNode = keys["trafficSide"] {
            side = value(sideNode, "traffic side", among: TrafficSide.allCases) ?? side
        }
        guard let list = keys["maneuvers"] else { return nil }
        var maneuvers: [RouteManeuver] = []
        var seen: Set<String> = []
        let listed = items(list)
        if listed.isEmpty && list.isSequence { fail(list, "a route needs at least one maneuver") }
        for (index, item) in listed.enumerated() {
            guard var maneuver = routeManeuver(item, index: index, side: side) else { continue }
            if seen.contains(maneuver.id) {
                fail(item, "duplicate maneuver id '\(InputLimits.echo(maneuver.id))'", key: "id")
                maneuver.id += "-\(index)"
            }
            seen.insert(maneuver.id)
            maneuvers.append(maneuver)
        }
        guard problems.count == before else { return nil }
        let route = Route(maneuvers: maneuvers)
        if route.length <= 0 { fail(list, "the route has no length: give the maneuvers after the first a distance > 0") }
        return problems.count == before ? route : nil
    }

    private mutating func routeManeuver(_ node: YAMLCursor, index: Int, side: TrafficSide) -> RouteManeuver? {
        let before = problems.count
        let keys = entries(node, known: Route.maneuverKeys, required: index == 0 ? ["type"] : ["type", "distance"])
        var id = "m\(index)"
        if let n = keys["id"], let text = string(n) {
            if text.isEmpty { fail(n, "an id must not be empty") } else { id = text }
        }
        let distance = keys["distance"].flatMap { nonNegative($0, what: "meters from the previous maneuver") } ?? 0
        let duration = keys["duration"].flatMap { nonNegative($0, what: "seconds from the previous maneuver") }
        let type = value(keys["type"], "maneuver type", among: ManeuverType.allCases)
        var maneuver = Maneuver(type: type ?? .followRoad, trafficSide: side)
        if let n = keys["junctionType"] {
            maneuver.junctionType = value(n, "junction type", among: JunctionType.allCases)
        } else if type?.roundaboutExitNumber != nil || type == .enterRoundabout || type == .exitRoundabout || type == .uTurnAtRoundabout {
            maneuver.junctionType = .roundabout
        }
        if let n = keys["trafficSide"] {
            maneuver.trafficSide = value(n, "traffic side", among: TrafficSide.allCases) ?? side
        }
        if let n = keys["lanes"] { maneuver.lanes = lanes(n) }
        if let n = keys["instructionVariants"] {
            maneuver.instructionVariants = items(n).compactMap { string($0) }
        }
        if let n = keys["roadName"] { maneuver.roadName = string(n) }
        if let n = keys["routeNumber"] { maneuver.routeNumber = string(n) }
        if let n = keys["exitNumber"] { maneuver.exitNumber = string(n) }
        if let n = keys["towards"] { maneuver.towards = string(n) }
        if let n = keys["rotaryName"] { maneuver.rotaryName = string(n) }
        if let n = keys["currentRoadName"] { maneuver.currentRoadName = string(n) }
        if let n = keys["destinationName"] { maneuver.destinationName = string(n) }
        if let n = keys["heading"], let heading = double(n, "degrees from north") {
            if heading >= 0 && heading < 360 {
                maneuver.heading = heading
            } else {
                fail(n, "heading \(ClockTime.formatNumber(heading)) is outside 0 ≤ heading < 360 degrees from north")
            }
        }
        var speedLimit: Double?
        if let n = keys["speedLimit"], let limit = speed(n, unit: nil) {
            // As far as `guidance.update` takes it (`speedLimit`, up to `GuidanceUpdate.maximumSpeed`).
            if limit <= GuidanceUpdate.maximumSpeed {
                speedLimit = limit
            } else {
                let most = GuidanceUpdate.maximumSpeed
                fail(n, "a speed limit must be at most \(DriveTimeline.figure(most * 3.6)) km/h (\(DriveTimeline.figure(most)) m/s), as voxnavd takes it")
            }
        }
        guard problems.count == before else { return nil }
        return RouteManeuver(id: id, maneuver: maneuver, distanceFromPrevious: distance, durationFromPrevious: duration, speedLimit: speedLimit)
    }

    private mutating func lanes(_ node: YAMLCursor) -> [Lane] {
        items(node).compactMap { laneNode in
            let keys = entries(laneNode, known: ["angle", "status"], required: ["angle", "status"])
            guard let angleNode = keys["angle"], let statusNode = keys["status"],
                let angle = double(angleNode, "an angle in degrees"),
                let status = value(statusNode, "lane status", among: LaneStatus.allCases)
            else { return nil }
            guard let lane = Lane(angle: angle, status: status) else {
                fail(angleNode, "lane angle \(ClockTime.formatNumber(angle)) is outside -180…180 degrees")
                return nil
            }
            return lane
        }
    }
}
