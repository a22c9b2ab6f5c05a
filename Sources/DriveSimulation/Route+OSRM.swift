import Foundation
import Guidance
import StrictCoding

extension Route {
    /// Imports `routes[0]` of an OSRM v5 route response (requested with `steps=true`): each step's
    /// maneuver becomes a `RouteManeuver` (type by `OSRMManeuverMapping`, `name` → `roadName`, `pronunciation` → `roadNamePronunciation`,
    /// `ref` → `routeNumber`, `exits` → `exitNumber`, `driving_side` → `trafficSide`, the lanes of
    /// its first intersection → `lanes`, ferries by `mode`), placed at the summed `distance`s of the
    /// steps before it. A via point's `arrive` is kept; the `depart` that follows it is dropped.
    public init(osrmJSON data: Data) throws(ScenarioError) {
        if let problem = InputLimits.sizeProblem("the OSRM route", size: data.count, cap: Route.maximumOSRMSize) {
            throw ScenarioError(problems: [ScenarioProblem(path: "", message: problem)])
        }
        let response: OSRMResponse
        do {
            response = try JSONDecoder().decode(OSRMResponse.self, from: data)
        } catch let error as DecodingError {
            throw ScenarioError(problems: [Self.problem(error)])
        } catch {
            throw ScenarioError(problems: [ScenarioProblem(path: "", message: "not an OSRM response: \(InputLimits.echo(parserError: error))")])
        }
        guard response.code == "Ok" else {
            throw ScenarioError(problems: [
                ScenarioProblem(
                    path: "code",
                    message: "OSRM answered '\(InputLimits.echo(response.code))'" + (response.message.map { ": \(InputLimits.echo($0))" } ?? "")
                        + " (expected Ok)")
            ])
        }
        guard let route = response.routes?.first else {
            throw ScenarioError(problems: [ScenarioProblem(path: "routes", message: "the response has no route")])
        }
        var maneuvers: [RouteManeuver] = []
        var pendingDistance = 0.0
        var pendingDuration = 0.0
        var previousMode: String?
        var problems: [ScenarioProblem] = []
        for (legIndex, leg) in route.legs.enumerated() {
            for (stepIndex, step) in leg.steps.enumerated() {
                let path = "routes[0].legs[\(legIndex)].steps[\(stepIndex)]"
                if !step.distance.isFinite || step.distance < 0 || !step.duration.isFinite || step.duration < 0 {
                    problems.append(ScenarioProblem(path: path, message: "distance and duration must be ≥ 0"))
                }
                defer {
                    pendingDistance += step.distance
                    pendingDuration += step.duration
                    previousMode = step.mode
                }
                if legIndex > 0 && stepIndex == 0 && step.maneuver.type == "depart" { continue }
                maneuvers.append(
                    RouteManeuver(
                        id: "m\(maneuvers.count)", maneuver: Self.maneuver(step, previousMode: previousMode),
                        distanceFromPrevious: pendingDistance, durationFromPrevious: pendingDuration))
                pendingDistance = 0
                pendingDuration = 0
            }
        }
        guard problems.isEmpty else { throw ScenarioError(problems: problems) }
        guard !maneuvers.isEmpty else {
            throw ScenarioError(problems: [ScenarioProblem(path: "routes[0].legs", message: "the route has no steps (request it with steps=true)")])
        }
        self.init(maneuvers: maneuvers)
        guard length > 0 else {
            throw ScenarioError(problems: [ScenarioProblem(path: "routes[0].legs", message: "the route has no length")])
        }
    }

    private static func maneuver(_ step: OSRMResponse.Step, previousMode: String?) -> Maneuver {
        var type = OSRMManeuverMapping.type(step.maneuver.type, modifier: step.maneuver.modifier, exit: step.maneuver.exit)
        // Ferries: OSRM says so by the step's mode, not its maneuver type.
        let isArrivalOrStart = type.family == .arrivals || type.family == .starts
        if !isArrivalOrStart {
            switch (previousMode == "ferry", step.mode == "ferry") {
            case (false, true): type = .enterFerry
            case (true, false): type = .exitFerry
            default: break
            }
        }
        var maneuver = Maneuver(type: type, trafficSide: step.driving_side == "left" ? .left : .right)
        let roundaboutTypes = ["roundabout", "rotary", "roundabout turn", "exit roundabout", "exit rotary"]
        if roundaboutTypes.contains(step.maneuver.type) { maneuver.junctionType = .roundabout }
        maneuver.roadName = nonEmpty(step.name)
        if maneuver.roadName != nil { maneuver.roadNamePronunciation = nonEmpty(step.pronunciation) }
        maneuver.routeNumber = first(of: step.ref)
        maneuver.exitNumber = first(of: step.exits)
        maneuver.lanes = lanes(step.intersections?.first?.lanes ?? [], modifier: step.maneuver.modifier)
        return maneuver
    }

    /// A lane's angle is its indication matching the maneuver when it is valid, else its first.
    private static func lanes(_ lanes: [OSRMResponse.Lane], modifier: String?) -> [Lane] {
        let wanted = modifier ?? "straight"
        return lanes.compactMap { lane in
            let indication = lane.valid && lane.indications.contains(wanted) ? wanted : (lane.indications.first ?? "none")
            return Lane(angle: OSRMManeuverMapping.angle(ofIndication: indication), status: lane.valid ? .good : .notGood)
        }
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// OSRM joins several refs or exits with ";": the first is the one signed.
    private static func first(of list: String?) -> String? {
        nonEmpty(list?.split(separator: ";").first.map(String.init))
    }

    private static func problem(_ error: DecodingError) -> ScenarioProblem {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce("") { path, key in
                if let index = key.intValue { return path + "[\(index)]" }
                return path.isEmpty ? key.stringValue : path + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context.codingPath)
            return ScenarioProblem(
                path: parent.isEmpty ? key.stringValue : "\(parent).\(key.stringValue)", message: "missing required key '\(key.stringValue)'")
        case .typeMismatch(let type, let context):
            return ScenarioProblem(path: path(context.codingPath), message: "expected \(type)")
        case .valueNotFound(let type, let context):
            return ScenarioProblem(path: path(context.codingPath), message: "expected \(type), got null")
        case .dataCorrupted(let context):
            return ScenarioProblem(
                path: path(context.codingPath),
                message: "not valid JSON: \(InputLimits.echo(context.debugDescription, limit: InputLimits.echoedParserErrorCharacters))")
        @unknown default:
            return ScenarioProblem(path: "", message: "not an OSRM response: \(InputLimits.echo(parserError: error))")
        }
    }
}
