import FoundationEssentials
import Glibc
import Guidance
import StrictCoding

extension Route {
    /// Imports `paths[0]` of a GraphHopper route response: each of its `instructions` becomes a
    /// `RouteManeuver` (type by `GraphHopperManeuverMapping`, the first a start, with its
    /// `heading`; `street_name` → `roadName`, the instruction before's → `currentRoadName`,
    /// `street_ref` → `routeNumber`, `street_destination` → `towards`, `exit_number` → the
    /// roundabout's exit), placed at the summed `distance`s of the instructions before it, `time`
    /// (ms) → `durationFromPrevious`. The path's `points` (encoded, precision 1e5 unless
    /// `points_encoded_multiplier` says otherwise, or GeoJSON with `points_encoded: false`) are
    /// decoded: each instruction's `interval` must lie on them, and they give the start's heading
    /// when it has none. A via point (`REACHED_VIA`) is an arrival; the continue after it is
    /// dropped, as OSRM's depart. The path's `max_speed` detail (km/h) of the stretch that leads
    /// into a maneuver's first point → its `speedLimit`. Members not read are ignored.
    public init(graphHopperJSON data: Data) throws(ScenarioError) {
        let response = try RouteResponseDecoding.decode(
            GraphHopperResponse.self, from: data, engine: "GraphHopper", cap: Route.maximumGraphHopperSize)
        guard let path = response.paths?.first else {
            throw ScenarioError(problems: [
                ScenarioProblem(
                    path: "paths",
                    message: response.message.map { "GraphHopper answered '\(InputLimits.echo($0))' (expected a path)" }
                        ?? "the response has no path (expected paths[0])")
            ])
        }
        guard let instructions = path.instructions, !instructions.isEmpty else {
            throw ScenarioError(problems: [
                ScenarioProblem(path: "paths[0].instructions", message: "the path has no instructions (request it with instructions=true)")
            ])
        }
        var problems: [ScenarioProblem] = []
        let shape = Self.shape(of: path, problems: &problems)
        var maneuvers: [RouteManeuver] = []
        var pending = (distance: 0.0, duration: 0.0)
        var previousName: String?
        var afterVia = false
        for (index, item) in instructions.enumerated() {
            let itemPath = "paths[0].instructions[\(index)]"
            defer {
                pending.distance += item.distance
                pending.duration += item.time / 1000
                previousName = Self.nonEmpty(item.street_name)
                afterVia = item.sign == 5
            }
            if !item.distance.isFinite || item.distance < 0 {
                problems.append(ScenarioProblem(path: "\(itemPath).distance", message: "expected meters ≥ 0"))
            }
            if !item.time.isFinite || item.time < 0 {
                problems.append(ScenarioProblem(path: "\(itemPath).time", message: "expected milliseconds ≥ 0"))
            }
            if let interval = item.interval, let shape, let bad = interval.first(where: { !shape.points.indices.contains($0) }) {
                problems.append(
                    ScenarioProblem(
                        path: "\(itemPath).interval", message: "index \(bad) is not on the path's points (expected 0 to \(shape.points.count - 1))"))
            }
            guard var type = GraphHopperManeuverMapping.type(item.sign, exitNumber: item.exit_number, exited: item.exited) else {
                problems.append(
                    ScenarioProblem(
                        path: "\(itemPath).sign",
                        message:
                            "unknown sign \(item.sign) (expected one of GraphHopper's: \(GraphHopperManeuverMapping.signs.map(String.init).joined(separator: ", ")))"
                    ))
                continue
            }
            // The continue after a via point starts the next leg from where the vehicle is.
            if afterVia && item.sign == 0 { continue }
            if index == 0 { type = type.family == .uTurns ? .startRouteWithUTurn : .startRoute }
            var maneuver = Maneuver(type: type)
            if item.sign == 6 || item.sign == -6 { maneuver.junctionType = .roundabout }
            maneuver.roadName = Self.nonEmpty(item.street_name)
            maneuver.routeNumber = Self.nonEmpty(item.street_ref)
            maneuver.towards = Self.nonEmpty(item.street_destination)
            maneuver.currentRoadName = previousName
            if index == 0 {
                maneuver.heading = Heading.normalized(item.heading) ?? shape.flatMap { $0.heading(at: item.interval?.first ?? 0) }
            }
            maneuvers.append(
                RouteManeuver(
                    id: "m\(maneuvers.count)", maneuver: maneuver, distanceFromPrevious: pending.distance, durationFromPrevious: pending.duration,
                    speedLimit: index == 0 ? nil : item.interval?.first.flatMap { Self.speedLimit(into: $0, path.details?.max_speed) }))
            pending = (0, 0)
        }
        guard problems.isEmpty else { throw ScenarioError(problems: problems) }
        self.init(maneuvers: maneuvers)
        guard length > 0 else {
            throw ScenarioError(problems: [ScenarioProblem(path: "paths[0].instructions", message: "the path has no length")])
        }
    }

    /// The `max_speed` (km/h) of the stretch that ends at point `point`, in m/s: nil where the
    /// detail does not say, or says more than `guidance.update` takes (`GuidanceUpdate.maximumSpeed`).
    static func speedLimit(into point: Int, _ spans: [GraphHopperResponse.Span]?) -> Double? {
        guard let span = spans?.first(where: { $0.from < point && point <= $0.to }), let kmh = span.value else { return nil }
        return SpeedUnit.kilometersPerHour.postedLimit(kmh)
    }

    /// Encoded points carry a third value, the elevation, when the route was asked for with
    /// `elevation=true`, and the response does not say so. The last instruction's interval ends
    /// at the last point: three values a point when that fits, else two.
    static func dimensions(_ valueCount: Int, lastIndex: Int?) -> Int {
        if valueCount % 3 == 0, let lastIndex, lastIndex == valueCount / 3 - 1 { return 3 }
        return valueCount % 2 == 0 || valueCount % 3 != 0 ? 2 : 3
    }

    /// 1e5 for 100000.
    static func precision(_ multiplier: Double) -> String {
        let digits = log10(multiplier)
        return digits == digits.rounded() ? "1e\(Int(digits))" : "\(multiplier)"
    }

    private static func shape(of path: GraphHopperResponse.Path, problems: inout [ScenarioProblem]) -> RouteShape? {
        switch path.points {
        case nil:
            return nil
        case .encoded(let text):
            let multiplier = path.points_encoded_multiplier ?? 1e5
            guard multiplier.isFinite, multiplier >= 1 else {
                problems.append(ScenarioProblem(path: "paths[0].points_encoded_multiplier", message: "expected a multiplier ≥ 1 such as 1e5"))
                return nil
            }
            do {
                let values = try Polyline.values(text)
                let last = path.instructions?.last?.interval?.last
                return RouteShape(points: try Polyline.points(values, multiplier: multiplier, dimensions: dimensions(values.count, lastIndex: last)))
            } catch {
                problems.append(
                    ScenarioProblem(path: "paths[0].points", message: "not an encoded polyline: \(error) (expected precision \(Self.precision(multiplier)))"))
                return nil
            }
        case .lineString(let coordinates):
            var points: [GeoPoint] = []
            for (index, pair) in coordinates.enumerated() {
                guard pair.count >= 2, abs(pair[1]) <= 90, abs(pair[0]) <= 180 else {
                    problems.append(
                        ScenarioProblem(path: "paths[0].points.coordinates[\(index)]", message: "expected [longitude, latitude] in degrees"))
                    return nil
                }
                points.append(GeoPoint(latitude: pair[1], longitude: pair[0]))
            }
            return RouteShape(points: points)
        }
    }
}
