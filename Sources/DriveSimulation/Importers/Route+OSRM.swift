import FoundationEssentials
import Guidance
import StrictCoding

extension Route {
    /// Imports `routes[0]` of an OSRM v5 route response (requested with `steps=true`): each step's
    /// maneuver becomes a `RouteManeuver` (type by `OSRMManeuverMapping`, `name` → `roadName`, `pronunciation` → `roadNamePronunciation`,
    /// `ref` → `routeNumber`, `exits` → `exitNumber`, `destinations` → `towards`, `rotary_name` →
    /// `rotaryName`, a depart's `bearing_after` → `heading`, the step before's `name` →
    /// `currentRoadName`, `driving_side` → `trafficSide`, the lanes of its first intersection →
    /// `lanes`, ferries by `mode`), placed at the summed `distance`s of the steps before it. A via
    /// point's `arrive` is kept; the `depart` that follows it is dropped. The leg's `maxspeed`
    /// annotation of the segment that leads into a maneuver → its `speedLimit` (`SegmentSpeedLimits`).
    /// Members not read are ignored.
    public init(osrmJSON data: Data) throws(ScenarioError) {
        let response = try RouteResponseDecoding.decode(OSRMResponse.self, from: data, engine: "OSRM", cap: Route.maximumOSRMSize)
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
        var previousName: String?
        var problems: [ScenarioProblem] = []
        for (legIndex, leg) in route.legs.enumerated() {
            let limits = SegmentSpeedLimits.read(leg.annotation, path: "routes[0].legs[\(legIndex)].annotation", problems: &problems)
            var intoLeg = 0.0
            for (stepIndex, step) in leg.steps.enumerated() {
                let path = "routes[0].legs[\(legIndex)].steps[\(stepIndex)]"
                if !step.distance.isFinite || step.distance < 0 || !step.duration.isFinite || step.duration < 0 {
                    problems.append(ScenarioProblem(path: path, message: "distance and duration must be ≥ 0"))
                }
                defer {
                    pendingDistance += step.distance
                    pendingDuration += step.duration
                    intoLeg += step.distance
                    previousMode = step.mode
                    previousName = Self.nonEmpty(step.name)
                }
                if legIndex > 0 && stepIndex == 0 && step.maneuver.type == "depart" { continue }
                maneuvers.append(
                    RouteManeuver(
                        id: "m\(maneuvers.count)", maneuver: Self.maneuver(step, previousMode: previousMode, previousName: previousName),
                        distanceFromPrevious: pendingDistance, durationFromPrevious: pendingDuration, speedLimit: limits?.into(intoLeg)))
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

    private static func maneuver(_ step: OSRMResponse.Step, previousMode: String?, previousName: String?) -> Maneuver {
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
        maneuver.towards = towards(step.destinations)
        maneuver.rotaryName = nonEmpty(step.rotary_name)
        if type.family == .starts { maneuver.heading = Heading.normalized(step.maneuver.bearing_after) }
        maneuver.currentRoadName = previousName
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

    /// The places of OSRM's `destinations` ("A 7: Hamburg, Kiel" → "Hamburg, Kiel"); the refs
    /// alone when it names no place.
    static func towards(_ destinations: String?) -> String? {
        guard let text = nonEmpty(destinations) else { return nil }
        guard let colon = text.firstIndex(of: ":") else { return text }
        return nonEmpty(String(text[text.index(after: colon)...])) ?? nonEmpty(String(text[..<colon]))
    }

    /// OSRM joins several refs or exits with ";": the first is the one signed.
    private static func first(of list: String?) -> String? {
        nonEmpty(list?.split(separator: ";").first.map(String.init))
    }
}
