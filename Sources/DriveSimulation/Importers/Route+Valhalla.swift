import FoundationEssentials
import Guidance
import StrictCoding

extension Route {
    /// Imports the trip of a Valhalla route response (its native JSON): each maneuver of
    /// `trip.legs[].maneuvers[]` becomes a `RouteManeuver` (type by `ValhallaManeuverMapping`,
    /// `begin_street_names` or `street_names` → `roadName` and `routeNumber`, the maneuver
    /// before's `street_names` → `currentRoadName`, `sign` → `exitNumber`, `routeNumber`,
    /// `towards`, `lanes`, a start's `bearing_after` → `heading`, the last location's `name` →
    /// an arrival's `destinationName`), placed at the summed `length`s (in the trip's `units`)
    /// of the maneuvers before it, `time` → `durationFromPrevious`. Each leg's polyline6 `shape`
    /// is decoded: the maneuvers' `begin_shape_index` must lie on it, and it gives a start's
    /// heading when `bearing_after` is missing. As with OSRM, a via point's arrival is kept and
    /// the next leg's start dropped. Members not read are ignored.
    public init(valhallaJSON data: Data) throws(ScenarioError) {
        let response = try RouteResponseDecoding.decode(ValhallaResponse.self, from: data, engine: "Valhalla", cap: Route.maximumValhallaSize)
        guard let trip = response.trip else {
            let answer = [response.error_code.map { "error \($0)" }, response.error.map { InputLimits.echo($0) }].compactMap { $0 }
            throw ScenarioError(problems: [
                ScenarioProblem(
                    path: "trip",
                    message: answer.isEmpty
                        ? "missing required key 'trip' (expected a Valhalla route response)"
                        : "Valhalla answered \(answer.joined(separator: ": ")) (expected a trip)")
            ])
        }
        let metersPerUnit: Double
        switch trip.units ?? "kilometers" {
        case "kilometers", "km": metersPerUnit = 1000
        case "miles", "mi": metersPerUnit = 1609.344
        case let other:
            throw ScenarioError(problems: [
                ScenarioProblem(path: "trip.units", message: "unknown units '\(InputLimits.echo(other))' (expected kilometers or miles)")
            ])
        }
        var maneuvers: [RouteManeuver] = []
        var pending = (distance: 0.0, duration: 0.0)
        var previousNames: [String] = []
        var problems: [ScenarioProblem] = []
        for (legIndex, leg) in trip.legs.enumerated() {
            let legPath = "trip.legs[\(legIndex)]"
            let shape = Self.shape(leg.shape, at: "\(legPath).shape", problems: &problems)
            for (index, item) in leg.maneuvers.enumerated() {
                let path = "\(legPath).maneuvers[\(index)]"
                defer {
                    pending.distance += item.length * metersPerUnit
                    pending.duration += item.time
                    previousNames = item.street_names ?? []
                }
                if !item.length.isFinite || item.length < 0 {
                    problems.append(ScenarioProblem(path: "\(path).length", message: "expected a length ≥ 0 in \(trip.units ?? "kilometers")"))
                }
                if !item.time.isFinite || item.time < 0 {
                    problems.append(ScenarioProblem(path: "\(path).time", message: "expected seconds ≥ 0"))
                }
                if let begin = item.begin_shape_index, let shape, !shape.points.indices.contains(begin) {
                    problems.append(
                        ScenarioProblem(
                            path: "\(path).begin_shape_index",
                            message: "index \(begin) is not on the leg's shape (expected 0 to \(shape.points.count - 1))"))
                }
                guard let type = ValhallaManeuverMapping.type(item.type, roundaboutExitCount: item.roundabout_exit_count) else {
                    problems.append(
                        ScenarioProblem(
                            path: "\(path).type",
                            message:
                                "unknown maneuver type \(item.type) (expected a Valhalla type code, \(ValhallaManeuverMapping.codes.lowerBound) to \(ValhallaManeuverMapping.codes.upperBound))"
                        ))
                    continue
                }
                if legIndex > 0 && index == 0 && type.family == .starts { continue }
                var maneuver = Self.maneuver(item, type: type, previousNames: previousNames)
                if type.family == .starts {
                    maneuver.heading =
                        Heading.normalized(item.bearing_after) ?? shape.flatMap { $0.heading(at: item.begin_shape_index ?? 0) }
                }
                if type.family == .arrivals, let locations = trip.locations, locations.indices.contains(legIndex + 1) {
                    maneuver.destinationName = Self.nonEmpty(locations[legIndex + 1].name)
                }
                maneuvers.append(
                    RouteManeuver(
                        id: "m\(maneuvers.count)", maneuver: maneuver, distanceFromPrevious: pending.distance, durationFromPrevious: pending.duration))
                pending = (0, 0)
            }
        }
        guard problems.isEmpty else { throw ScenarioError(problems: problems) }
        guard !maneuvers.isEmpty else {
            throw ScenarioError(problems: [ScenarioProblem(path: "trip.legs", message: "the trip has no maneuvers (expected at least a start and an arrival)")])
        }
        self.init(maneuvers: maneuvers)
        guard length > 0 else {
            throw ScenarioError(problems: [ScenarioProblem(path: "trip.legs", message: "the trip has no length")])
        }
    }

    private static func shape(_ encoded: String?, at path: String, problems: inout [ScenarioProblem]) -> RouteShape? {
        guard let encoded else { return nil }
        do {
            return RouteShape(points: try Polyline.decode(encoded, multiplier: 1e6))
        } catch {
            problems.append(ScenarioProblem(path: path, message: "not a polyline6 shape: \(error) (expected an encoded polyline, precision 6)"))
            return nil
        }
    }

    private static func maneuver(_ item: ValhallaResponse.Maneuver, type: ManeuverType, previousNames: [String]) -> Maneuver {
        var maneuver = Maneuver(type: type)
        if item.type == 26 || item.type == 27 { maneuver.junctionType = .roundabout }
        // The names where the maneuver begins, when they differ from those along all of it.
        let names = (item.begin_street_names ?? []).isEmpty ? (item.street_names ?? []) : (item.begin_street_names ?? [])
        maneuver.roadName = RoadNames.road(names)
        let sign = item.sign
        let branch = Self.nonEmpty(sign?.exit_branch_elements?.first?.text)
        maneuver.routeNumber = branch ?? RoadNames.routeNumber(names, besides: maneuver.roadName)
        maneuver.exitNumber = Self.nonEmpty(sign?.exit_number_elements?.first?.text)
        let towards = (sign?.exit_toward_elements ?? []).compactMap { Self.nonEmpty($0.text) }
        maneuver.towards = towards.isEmpty ? nil : towards.joined(separator: ", ")
        maneuver.currentRoadName = RoadNames.road(previousNames)
        maneuver.lanes = (item.lanes ?? []).map(ValhallaManeuverMapping.lane)
        return maneuver
    }
}
