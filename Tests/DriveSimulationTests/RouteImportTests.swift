import Foundation
import Guidance
import Testing

@testable import DriveSimulation

@Suite struct RouteImportTests {
    @Test func osrmCityRouteImports() throws {
        let route = try Route(osrmJSON: Examples.data("routes/osrm-city.json"))
        let types = route.maneuvers.map(\.maneuver.type)
        #expect(
            types == [
                .startRoute, .rightTurn, .leftTurn, .slightRightTurn, .rightTurn, .followRoad, .leftTurn,
                .sharpRightTurn, .leftTurnAtEnd, .rightTurn, .keepLeft, .arriveAtDestinationRight,
            ])
        #expect(route.maneuvers.map(\.id) == (0..<12).map { "m\($0)" })
        #expect(route.maneuvers[1].maneuver.roadName == "16th Street")
        #expect(route.maneuvers[6].maneuver.routeNumber == "US 101")
        #expect(route.maneuvers.allSatisfy { $0.maneuver.trafficSide == .right })
        // Positions are the summed step distances; the first step's distance leads to the second maneuver.
        #expect(route.maneuvers[0].position == 0)
        #expect(route.maneuvers[1].distanceFromPrevious == 501.6)
        #expect(abs(route.length - 4688.9) < 0.01)
        #expect(route.maneuvers[1].durationFromPrevious != nil)
        // Lanes of the first intersection: only the right lane is valid for the right turn.
        #expect(route.maneuvers[1].maneuver.lanes.map(\.status) == [.notGood, .notGood, .good])
        #expect(route.maneuvers[1].maneuver.lanes.map(\.angle) == [-90, 0, 90])
        #expect(route.maneuvers[6].maneuver.lanes.map(\.status) == [.good, .good, .notGood, .notGood])
    }

    private func step(
        _ type: String, modifier: String? = nil, exit: Int? = nil, distance: Double = 100, mode: String = "driving", name: String = "", extra: String = ""
    ) -> String {
        var maneuver = "\"type\": \"\(type)\", \"location\": [13.4, 52.5], \"bearing_before\": 0, \"bearing_after\": 90"
        if let modifier { maneuver += ", \"modifier\": \"\(modifier)\"" }
        if let exit { maneuver += ", \"exit\": \(exit)" }
        return
            "{\"maneuver\": {\(maneuver)}, \"name\": \"\(name)\", \"distance\": \(distance), \"duration\": 10, \"mode\": \"\(mode)\", \"driving_side\": \"left\"\(extra)}"
    }

    private func response(_ legs: [[String]]) -> Data {
        let legText = legs.map { "{\"steps\": [\($0.joined(separator: ","))], \"distance\": 0, \"duration\": 0, \"summary\": \"\"}" }
        return Data("{\"code\": \"Ok\", \"routes\": [{\"legs\": [\(legText.joined(separator: ","))], \"distance\": 0, \"duration\": 0}]}".utf8)
    }

    @Test func namesRefsExitsFerriesAndViaPoints() throws {
        let route = try Route(
            osrmJSON: response([
                [
                    step("depart", distance: 200),
                    step("off ramp", modifier: "slight left", distance: 300, name: " ", extra: ", \"ref\": \"M4; E30\", \"exits\": \"4B;4\""),
                    step("turn", modifier: "right", distance: 2000, mode: "ferry"),
                    step("notification", modifier: "straight", distance: 500, name: "Dock Road"),
                    step("arrive", modifier: "left", distance: 0),
                ],
                [step("depart", distance: 400), step("roundabout", modifier: "right", exit: 2, distance: 50), step("arrive", distance: 0)],
            ]))
        #expect(
            route.maneuvers.map(\.maneuver.type) == [
                .startRoute, .highwayOffRampLeft, .enterFerry, .exitFerry, .arriveAtDestinationLeft, .roundaboutExit2, .arriveAtDestination,
            ])
        let ramp = route.maneuvers[1].maneuver
        #expect(ramp.routeNumber == "M4" && ramp.exitNumber == "4B" && ramp.roadName == nil && ramp.trafficSide == .left)
        #expect(route.maneuvers[3].maneuver.roadName == "Dock Road")
        // The second leg's depart is dropped; its distance still counts.
        #expect(route.maneuvers[5].position == 200 + 300 + 2000 + 500 + 400)
        #expect(route.maneuvers[5].maneuver.junctionType == .roundabout)
        #expect(route.length == 3450)
    }

    /// OSRM's and Mapbox's step `pronunciation` is carried as the maneuver's `roadNamePronunciation`
    /// (said in place of the name, never shown); a step without a name keeps none.
    @Test func aStepsPronunciationIsCarried() throws {
        let route = try Route(
            osrmJSON: response([
                [
                    step("depart", distance: 200),
                    step("turn", modifier: "right", distance: 300, name: "Houston Street", extra: ", \"pronunciation\": \"[[h'aUst@n str'i:t]]\""),
                    step("turn", modifier: "left", distance: 300, name: "", extra: ", \"pronunciation\": \"nothing\""),
                    step("turn", modifier: "left", distance: 300, name: "Main Street", extra: ", \"pronunciation\": \" \""),
                    step("arrive", distance: 0),
                ]
            ]))
        #expect(route.maneuvers[1].maneuver.roadName == "Houston Street")
        #expect(route.maneuvers[1].maneuver.roadNamePronunciation == "[[h'aUst@n str'i:t]]")
        #expect(route.maneuvers[2].maneuver.roadNamePronunciation == nil)
        #expect(route.maneuvers[3].maneuver.roadNamePronunciation == nil)
    }

    @Test func osrmErrorsAreClear() {
        func problem(_ json: String) -> ScenarioProblem? {
            do {
                _ = try Route(osrmJSON: Data(json.utf8))
                return nil
            } catch {
                return error.problems.first
            }
        }
        #expect(
            problem("{\"code\": \"NoRoute\", \"message\": \"Impossible route between points\"}")?.description
                == "code: OSRM answered 'NoRoute': Impossible route between points (expected Ok)")
        #expect(problem("{\"code\": \"Ok\", \"routes\": []}")?.path == "routes")
        let missing = problem("{\"code\": \"Ok\", \"routes\": [{\"legs\": [{\"steps\": [{\"maneuver\": {}, \"distance\": 1, \"duration\": 1}]}]}]}")
        #expect(missing?.path == "routes[0].legs[0].steps[0].maneuver.type")
        #expect(missing?.message == "missing required key 'type'")
        #expect(problem("not json")?.message.hasPrefix("not valid JSON") == true)
        #expect(problem("{\"code\": \"Ok\", \"routes\": [{\"legs\": [{\"steps\": []}]}]}")?.message.contains("steps=true") == true)
    }

    /// The whole table of docs/DRIVES.md.
    static let table: [(String, String?, Int?, ManeuverType)] = [
        ("depart", nil, nil, .startRoute), ("depart", "left", nil, .startRoute), ("depart", "uturn", nil, .startRouteWithUTurn),
        ("arrive", nil, nil, .arriveAtDestination), ("arrive", "straight", nil, .arriveAtDestination),
        ("arrive", "left", nil, .arriveAtDestinationLeft), ("arrive", "slight left", nil, .arriveAtDestinationLeft),
        ("arrive", "sharp right", nil, .arriveAtDestinationRight), ("arrive", "right", nil, .arriveAtDestinationRight),
        ("turn", "uturn", nil, .uTurn), ("turn", "sharp right", nil, .sharpRightTurn), ("turn", "right", nil, .rightTurn),
        ("turn", "slight right", nil, .slightRightTurn), ("turn", "straight", nil, .straightAhead),
        ("turn", "slight left", nil, .slightLeftTurn), ("turn", "left", nil, .leftTurn), ("turn", "sharp left", nil, .sharpLeftTurn),
        ("turn", nil, nil, .straightAhead),
        ("new name", "straight", nil, .followRoad), ("new name", nil, nil, .followRoad), ("new name", "slight left", nil, .slightLeftTurn),
        ("new name", "right", nil, .rightTurn),
        ("continue", "straight", nil, .straightAhead), ("continue", "slight right", nil, .slightRightTurn),
        ("continue", "left", nil, .leftTurn), ("continue", "uturn", nil, .uTurn),
        ("merge", "slight left", nil, .keepLeft), ("merge", "right", nil, .keepRight), ("merge", "straight", nil, .followRoad),
        ("on ramp", "slight right", nil, .onRamp), ("on ramp", "left", nil, .onRamp), ("on ramp", nil, nil, .onRamp),
        ("off ramp", "slight right", nil, .highwayOffRampRight), ("off ramp", "left", nil, .highwayOffRampLeft),
        ("off ramp", "straight", nil, .offRamp), ("off ramp", nil, nil, .offRamp), ("ramp", "right", nil, .highwayOffRampRight),
        ("fork", "slight left", nil, .keepLeft), ("fork", "sharp right", nil, .keepRight), ("fork", "straight", nil, .followRoad),
        ("end of road", "left", nil, .leftTurnAtEnd), ("end of road", "right", nil, .rightTurnAtEnd),
        ("end of road", "straight", nil, .straightAhead), ("end of road", "uturn", nil, .uTurn),
        ("use lane", "slight right", nil, .keepRight), ("use lane", "straight", nil, .straightAhead),
        ("roundabout", "right", 3, .roundaboutExit3), ("roundabout", "left", 1, .roundaboutExit1), ("rotary", "straight", 19, .roundaboutExit19),
        ("roundabout", "straight", nil, .enterRoundabout), ("rotary", "left", 20, .enterRoundabout), ("roundabout", "uturn", nil, .uTurnAtRoundabout),
        ("roundabout", "uturn", 4, .roundaboutExit4),
        ("roundabout turn", "right", nil, .rightTurn), ("roundabout turn", "uturn", nil, .uTurnAtRoundabout),
        ("exit roundabout", "right", nil, .exitRoundabout), ("exit rotary", nil, nil, .exitRoundabout),
        ("notification", "straight", nil, .followRoad),
        ("something new", "slight left", nil, .slightLeftTurn), ("something new", nil, nil, .straightAhead),
    ]

    @Test(arguments: 0..<table.count)
    func mappingTable(index: Int) {
        let (type, modifier, exit, expected) = Self.table[index]
        #expect(OSRMManeuverMapping.type(type, modifier: modifier, exit: exit) == expected, "\(type) \(modifier ?? "-") \(exit ?? 0)")
    }

    @Test func everyTypeAndModifierMapsToATypeOfTheRightSide() {
        for type in OSRMManeuverMapping.types {
            for modifier in OSRMManeuverMapping.modifiers + [nil, "bogus"] {
                let mapped = OSRMManeuverMapping.type(type, modifier: modifier, exit: nil)
                // A sided result never contradicts the modifier.
                if let side = mapped.side, let modifier, modifier.contains("left") || modifier.contains("right") {
                    #expect(modifier.contains(side.rawValue), "\(type) \(modifier) → \(mapped)")
                }
            }
        }
    }

    @Test func ownFormatRoundTripsFields() throws {
        let route = try Route(
            yaml: """
                trafficSide: left
                maneuvers:
                  - {type: startRoute, roadName: High St}
                  - distance: 120
                    duration: 15
                    id: turn-1
                    type: roundaboutExit2
                    trafficSide: right
                    routeNumber: A4
                    exitNumber: 12B
                    instructionVariants: [Take the 2nd exit onto A4, 2nd exit]
                    lanes: [{angle: -90, status: notGood}, {angle: 45, status: preferred}]
                    speedLimit: 120 km/h
                """)
        let turn = route.maneuvers[1]
        #expect(route.maneuvers[0].maneuver.trafficSide == .left)
        #expect(turn.id == "turn-1" && turn.position == 120 && turn.durationFromPrevious == 15)
        #expect(turn.maneuver.trafficSide == .right && turn.maneuver.junctionType == .roundabout)
        #expect(turn.maneuver.exitNumber == "12B" && turn.maneuver.routeNumber == "A4")
        #expect(turn.maneuver.instructionVariants.count == 2)
        #expect(turn.maneuver.lanes == [Lane(angle: -90, status: .notGood)!, Lane(angle: 45, status: .preferred)!])
        #expect(turn.speedLimit == 120 / 3.6 && route.maneuvers[0].speedLimit == nil)
        // The drive sends it with each update, as the maneuver's speedLimit.
        let update = DriveKinematics(route: route, speed: .constant(10)).update(at: 1)
        let motorway: Double? = 120 / 3.6
        #expect(update.upcoming.map(\.speedLimit) == [nil, motorway], "the start, listed while setting off, and the turn")
        #expect(update.routeProgress.maneuvers.map(\.speedLimit) == [nil, motorway])
        // JSON is YAML too.
        let json = try Route(yaml: "{\"maneuvers\": [{\"type\": \"startRoute\"}, {\"distance\": 50, \"type\": \"arriveAtDestination\"}]}")
        #expect(json.length == 50)
    }

    @Test func ownFormatErrors() {
        func problems(_ yaml: String) -> [String] {
            do {
                _ = try Route(yaml: yaml)
                return []
            } catch {
                return error.problems.map(\.description)
            }
        }
        #expect(problems("maneuvers: []") == ["maneuvers (line 1): a route needs at least one maneuver"])
        #expect(
            problems("maneuvers:\n  - {type: startRoute}\n  - {type: leftTurn, distance: 0}") == [
                "maneuvers (line 2): the route has no length: give the maneuvers after the first a distance > 0"
            ])
        #expect(
            problems("maneuvers:\n  - {type: startRoute, id: a}\n  - {type: leftTurn, distance: 5, id: a}") == [
                "maneuvers[1].id (line 3): duplicate maneuver id 'a'"
            ])
        #expect(
            problems("maneuvers:\n  - {type: startRoute, lanes: [{angle: 200, status: good}], state: execute}") == [
                "maneuvers[0].state (line 2): unknown key 'state' (expected one of: \(Route.maneuverKeys.joined(separator: ", ")))",
                "maneuvers[0].lanes[0].angle (line 2): lane angle 200 is outside -180…180 degrees",
            ])
        #expect(
            problems("maneuvers:\n  - {type: startRoute}\n  - {type: leftTurn, distance: 5, speedLimit: 400 km/h}") == [
                "maneuvers[1].speedLimit (line 3): a speed limit must be at most 360 km/h (100 m/s), as voxnavd takes it"
            ])
        #expect(problems("maneuvers:\n  - {type: startRoute}\n  - {type: leftTurn, distance: 5, speedLimit: fast}").count == 1)
    }
}
