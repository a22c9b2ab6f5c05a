import Guidance
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
/// ```
extension Route {
    /// Parses a route file in the own format. Errors name the key path and line.
    public init(yaml text: String) throws(ScenarioError) {
        if let problem = InputLimits.sizeProblem("the route", size: text.utf8.count, cap: Route.maximumFileSize) {
            throw ScenarioError(problems: [ScenarioProblem(path: "", message: problem)])
        }
        var reader = YAMLReader()
        guard let root = reader.compose(text) else { throw ScenarioError(problems: reader.problems) }
        let route = reader.route(root, at: "", extraKeys: [])
        guard let route, reader.problems.isEmpty else { throw ScenarioError(problems: reader.problems) }
        self = route
    }

    static let fileKeys = ["trafficSide", "maneuvers"]
    static let maneuverKeys = [
        "id", "distance", "duration", "type", "junctionType", "trafficSide", "lanes", "instructionVariants",
        "roadName", "routeNumber", "exitNumber", "towards", "rotaryName", "heading", "currentRoadName", "destinationName",
    ]
}

extension YAMLReader {
    /// A route in the own format at `path`. `extraKeys` are other keys the caller allows beside it.
    mutating func route(_ node: YAMLNode, at path: String, extraKeys: [String]) -> Route? {
        let before = problems.count
        let keys = entries(node, at: path, known: Route.fileKeys + extraKeys, required: ["maneuvers"])
        var side = TrafficSide.right
        if let sideNode = keys["trafficSide"] {
            side = choice(sideNode, at: Self.join(path, "trafficSide"), what: "traffic side", allowed: TrafficSide.allCases) ?? side
        }
        guard let list = keys["maneuvers"] else { return nil }
        let listPath = Self.join(path, "maneuvers")
        var maneuvers: [RouteManeuver] = []
        var seen: Set<String> = []
        let listed = items(list, at: listPath)
        if listed.isEmpty && list.sequence != nil { fail(listPath, list, "a route needs at least one maneuver") }
        for (index, (itemPath, item)) in listed.enumerated() {
            guard var maneuver = routeManeuver(item, at: itemPath, index: index, side: side) else { continue }
            if seen.contains(maneuver.id) {
                fail(Self.join(itemPath, "id"), item, "duplicate maneuver id '\(InputLimits.echo(maneuver.id))'")
                maneuver.id += "-\(index)"
            }
            seen.insert(maneuver.id)
            maneuvers.append(maneuver)
        }
        guard problems.count == before else { return nil }
        let route = Route(maneuvers: maneuvers)
        if route.length <= 0 { fail(listPath, list, "the route has no length: give the maneuvers after the first a distance > 0") }
        return problems.count == before ? route : nil
    }

    private mutating func routeManeuver(_ node: YAMLNode, at path: String, index: Int, side: TrafficSide) -> RouteManeuver? {
        let before = problems.count
        let keys = entries(node, at: path, known: Route.maneuverKeys, required: index == 0 ? ["type"] : ["type", "distance"])
        func p(_ key: String) -> String { Self.join(path, key) }
        var id = "m\(index)"
        if let n = keys["id"], let text = string(n, at: p("id")) {
            if text.isEmpty { fail(p("id"), n, "an id must not be empty") } else { id = text }
        }
        let distance = keys["distance"].flatMap { nonNegative($0, at: p("distance"), what: "meters from the previous maneuver") } ?? 0
        let duration = keys["duration"].flatMap { nonNegative($0, at: p("duration"), what: "seconds from the previous maneuver") }
        let type = keys["type"].flatMap { choice($0, at: p("type"), what: "maneuver type", allowed: ManeuverType.allCases) }
        var maneuver = Maneuver(type: type ?? .followRoad, trafficSide: side)
        if let n = keys["junctionType"] {
            maneuver.junctionType = choice(n, at: p("junctionType"), what: "junction type", allowed: JunctionType.allCases)
        } else if type?.roundaboutExitNumber != nil || type == .enterRoundabout || type == .exitRoundabout || type == .uTurnAtRoundabout {
            maneuver.junctionType = .roundabout
        }
        if let n = keys["trafficSide"] {
            maneuver.trafficSide = choice(n, at: p("trafficSide"), what: "traffic side", allowed: TrafficSide.allCases) ?? side
        }
        if let n = keys["lanes"] { maneuver.lanes = lanes(n, at: p("lanes")) }
        if let n = keys["instructionVariants"] {
            maneuver.instructionVariants = items(n, at: p("instructionVariants")).compactMap { string($1, at: $0) }
        }
        if let n = keys["roadName"] { maneuver.roadName = string(n, at: p("roadName")) }
        if let n = keys["routeNumber"] { maneuver.routeNumber = string(n, at: p("routeNumber")) }
        if let n = keys["exitNumber"] { maneuver.exitNumber = string(n, at: p("exitNumber")) }
        if let n = keys["towards"] { maneuver.towards = string(n, at: p("towards")) }
        if let n = keys["rotaryName"] { maneuver.rotaryName = string(n, at: p("rotaryName")) }
        if let n = keys["currentRoadName"] { maneuver.currentRoadName = string(n, at: p("currentRoadName")) }
        if let n = keys["destinationName"] { maneuver.destinationName = string(n, at: p("destinationName")) }
        if let n = keys["heading"], let heading = number(n, at: p("heading"), what: "degrees from north") {
            if heading >= 0 && heading < 360 {
                maneuver.heading = heading
            } else {
                fail(p("heading"), n, "heading \(ClockTime.formatNumber(heading)) is outside 0 ≤ heading < 360 degrees from north")
            }
        }
        guard problems.count == before else { return nil }
        return RouteManeuver(id: id, maneuver: maneuver, distanceFromPrevious: distance, durationFromPrevious: duration)
    }

    private mutating func lanes(_ node: YAMLNode, at path: String) -> [Lane] {
        items(node, at: path).compactMap { lanePath, laneNode in
            let keys = entries(laneNode, at: lanePath, known: ["angle", "status"], required: ["angle", "status"])
            guard let angleNode = keys["angle"], let statusNode = keys["status"],
                let angle = number(angleNode, at: Self.join(lanePath, "angle"), what: "an angle in degrees"),
                let status = choice(statusNode, at: Self.join(lanePath, "status"), what: "lane status", allowed: LaneStatus.allCases)
            else { return nil }
            guard let lane = Lane(angle: angle, status: status) else {
                fail(Self.join(lanePath, "angle"), angleNode, "lane angle \(ClockTime.formatNumber(angle)) is outside -180…180 degrees")
                return nil
            }
            return lane
        }
    }
}
