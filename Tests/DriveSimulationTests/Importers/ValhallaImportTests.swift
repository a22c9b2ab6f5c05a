import Foundation
import Guidance
import Testing

@testable import DriveSimulation

@Suite struct ValhallaImportTests {
    /// Valhalla's documented trace_route trip (Berlin, 291 m): four maneuvers with their names,
    /// placed at the summed lengths, which the decoded shape confirms.
    @Test func theDocumentedTripImports() throws {
        let route = try RouteResponses.route(.valhalla("valhalla-berlin-trace-route.json"))
        let maneuvers = route.maneuvers.map(\.maneuver)
        #expect(maneuvers.map(\.type) == [.startRoute, .rightTurn, .rightTurn, .arriveAtDestination])
        #expect(maneuvers.map(\.roadName) == ["Karl-Marx-Allee", "Lebuser Straße", "Palisadenstraße", nil])
        #expect(maneuvers.map(\.currentRoadName) == [nil, "Karl-Marx-Allee", "Lebuser Straße", "Palisadenstraße"])
        // "B 1" of ["Karl-Marx-Allee", "B 1", "B 5"] is a route number.
        #expect(maneuvers[0].routeNumber == "B 1")
        #expect(maneuvers[0].heading == 279)
        #expect(maneuvers.dropFirst().allSatisfy { $0.heading == nil })
        // Lengths are in kilometers (the trip's units); times are seconds.
        #expect(zip(route.maneuvers.map(\.position), [0, 24, 228, 290]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(route.maneuvers.map(\.position))")
        #expect(route.maneuvers[1].durationFromPrevious == 3.468)
        #expect(route.maneuvers[3].durationFromPrevious == 17.856)
        // The shape puts each maneuver (its begin_shape_index) within 2 m of the summed lengths.
        let json = try #require(try JSONSerialization.jsonObject(with: Examples.data("routes/valhalla-berlin-trace-route.json")) as? [String: Any])
        let shape = RouteShape(points: try Polyline.decode(try #require(json["trip", "legs", 0, "shape"] as? String), multiplier: 1e6))
        for (index, item) in route.maneuvers.enumerated() {
            let begin = try #require(json["trip", "legs", 0, "maneuvers", index, "begin_shape_index"] as? Int)
            #expect(abs(shape.distances[begin] - item.position) < 2, "m\(index): shape \(shape.distances[begin]) m, lengths \(item.position) m")
        }
    }

    /// The /route example of the docs lacks the maneuver onto Palisadenstraße: its lengths end at
    /// 229 m, and its shape says the arrival is 291 m along.
    @Test func theDocumentedRouteExampleImportsAsItIs() throws {
        let route = try RouteResponses.route(.valhalla("valhalla-berlin-route.json"))
        #expect(route.maneuvers.map(\.maneuver.type) == [.startRoute, .rightTurn, .arriveAtDestination])
        #expect(abs(route.length - 229) < 1e-9)
        let json = try #require(try JSONSerialization.jsonObject(with: Examples.data("routes/valhalla-berlin-route.json")) as? [String: Any])
        let shape = RouteShape(points: try Polyline.decode(try #require(json["trip", "legs", 0, "shape"] as? String), multiplier: 1e6))
        #expect(abs(shape.distances[26] - 291.5) < 1)
    }

    /// Signs, lanes, roundabouts, miles, a missing bearing (taken from the shape), a via point,
    /// the destination's name: the real trip with members set as Valhalla sends them.
    @Test func signsLanesRoundaboutsMilesAndVias() throws {
        let text = try RouteResponses.edited("valhalla-berlin-trace-route.json") { json in
            json["trip", "units"] = "miles"
            json["trip", "locations", 1, "name"] = "Palisadenhof"
            json["trip", "legs", 0, "maneuvers", 0, "bearing_after"] = nil
            json["trip", "legs", 0, "maneuvers", 1, "type"] = 20
            json["trip", "legs", 0, "maneuvers", 1, "begin_street_names"] = ["Lebuser Str."]
            json["trip", "legs", 0, "maneuvers", 1, "sign"] = [
                "exit_number_elements": [["text": "12B"]], "exit_branch_elements": [["text": "A 100"]],
                "exit_toward_elements": [["text": "Neukölln"], ["text": "Flughafen BER", "consecutive_count": 2]],
            ]
            json["trip", "legs", 0, "maneuvers", 1, "lanes"] = [["directions": 2], ["directions": 66, "valid": 64], ["directions": 64, "active": 64]]
            json["trip", "legs", 0, "maneuvers", 2, "type"] = 26
            json["trip", "legs", 0, "maneuvers", 2, "roundabout_exit_count"] = 3
        }
        let route = try RouteResponses.route(.valhalla("x.json"), text: text)
        let (start, exit, roundabout, arrival) = (route.maneuvers[0], route.maneuvers[1], route.maneuvers[2], route.maneuvers[3])
        #expect(exit.position == 0.024 * 1609.344)
        #expect(abs(route.length - 0.290 * 1609.344) < 1e-9)
        // From the shape's first two points: west-north-west, as Valhalla's own 279.
        #expect(abs((start.maneuver.heading ?? 0) - 279) < 5, "\(start.maneuver.heading ?? -1)")
        #expect(exit.maneuver.type == .highwayOffRampRight)
        #expect(exit.maneuver.roadName == "Lebuser Str." && exit.maneuver.exitNumber == "12B" && exit.maneuver.routeNumber == "A 100")
        #expect(exit.maneuver.towards == "Neukölln, Flughafen BER")
        #expect(exit.maneuver.lanes == [Lane(angle: 0, status: .notGood)!, Lane(angle: 90, status: .good)!, Lane(angle: 90, status: .preferred)!])
        #expect(roundabout.maneuver.type == .roundaboutExit3 && roundabout.maneuver.junctionType == .roundabout)
        #expect(arrival.maneuver.destinationName == "Palisadenhof")
    }

    @Test func aViaPointsArrivalIsKeptAndTheNextStartDropped() throws {
        let text = try RouteResponses.edited("valhalla-berlin-trace-route.json") { json in
            let leg = json["trip", "legs", 0]!
            json["trip", "legs"] = [leg, leg]
            json["trip", "locations"] = nil
        }
        let route = try RouteResponses.route(.valhalla("x.json"), text: text)
        #expect(
            route.maneuvers.map(\.maneuver.type) == [
                .startRoute, .rightTurn, .rightTurn, .arriveAtDestination, .rightTurn, .rightTurn, .arriveAtDestination,
            ])
        // The second leg's start is dropped; its length still counts.
        #expect(abs(route.maneuvers[4].position - (290 + 24)) < 1e-9)
        #expect(route.maneuvers[4].maneuver.currentRoadName == "Karl-Marx-Allee")
        #expect(route.maneuvers.map(\.id) == (0..<7).map { "m\($0)" })
    }

    /// Every code of Valhalla's documented list (docs/DRIVES.md has this table).
    static let table: [(Int, ManeuverType)] = [
        (0, .straightAhead), (1, .startRoute), (2, .startRoute), (3, .startRoute), (4, .arriveAtDestination),
        (5, .arriveAtDestinationRight), (6, .arriveAtDestinationLeft), (7, .followRoad), (8, .straightAhead),
        (9, .slightRightTurn), (10, .rightTurn), (11, .sharpRightTurn), (12, .uTurn), (13, .uTurn), (14, .sharpLeftTurn),
        (15, .leftTurn), (16, .slightLeftTurn), (17, .onRamp), (18, .onRamp), (19, .onRamp), (20, .highwayOffRampRight),
        (21, .highwayOffRampLeft), (22, .followRoad), (23, .keepRight), (24, .keepLeft), (25, .followRoad),
        (26, .enterRoundabout), (27, .exitRoundabout), (28, .enterFerry), (29, .exitFerry), (30, .followRoad),
        (31, .followRoad), (32, .followRoad), (33, .followRoad), (34, .followRoad), (35, .followRoad), (36, .followRoad),
        (37, .keepRight), (38, .keepLeft), (39, .straightAhead), (40, .straightAhead), (41, .straightAhead),
        (42, .straightAhead), (43, .straightAhead),
    ]

    @Test func everyTypeCodeMaps() {
        #expect(Self.table.map(\.0) == Array(ValhallaManeuverMapping.codes))
        for (code, expected) in Self.table {
            #expect(ValhallaManeuverMapping.type(code) == expected, "code \(code)")
        }
        for unknown in [-1, 44, 99] { #expect(ValhallaManeuverMapping.type(unknown) == nil) }
        #expect(ValhallaManeuverMapping.type(26, roundaboutExitCount: 1) == .roundaboutExit1)
        #expect(ValhallaManeuverMapping.type(26, roundaboutExitCount: 19) == .roundaboutExit19)
        #expect(ValhallaManeuverMapping.type(26, roundaboutExitCount: 20) == .enterRoundabout)
        #expect(ValhallaManeuverMapping.type(26, roundaboutExitCount: 0) == .enterRoundabout)
        // A sided type never contradicts its code's side.
        for (code, type) in Self.table where type.side != nil {
            #expect([5, 9, 10, 11, 20, 23, 37].contains(code) == (type.side == .right), "code \(code) → \(type)")
        }
    }

    @Test func everyLaneDirectionBitHasItsAngle() {
        let angles: [(Int, Double)] = [
            (1, 0), (2, 0), (4, -135), (8, -90), (16, -45), (32, 45), (64, 90), (128, 135), (256, -180), (512, -45), (1024, 45), (0, 0),
        ]
        for (bit, angle) in angles {
            #expect(ValhallaManeuverMapping.lane(.init(directions: bit)) == Lane(angle: angle, status: .notGood)!, "bit \(bit)")
        }
        // Through and right, valid for the right turn: the lane's angle is the valid direction's.
        #expect(ValhallaManeuverMapping.lane(.init(directions: 66, valid: 64)) == Lane(angle: 90, status: .good)!)
        #expect(ValhallaManeuverMapping.lane(.init(directions: 10, valid: 8, active: 8)) == Lane(angle: -90, status: .preferred)!)
    }

    @Test func routeNumbersAreToldFromNames() {
        for number in ["B 1", "I 95 North", "A7", "M25", "US 101", "E 30", "N7a", "BU-30", "AP-1"] { #expect(NameChange.isRouteNumber(number), "\(number)") }
        for name in ["Karl-Marx-Allee", "Lebuser Straße", "Main Street", "A Street", "Route", ""] { #expect(!NameChange.isRouteNumber(name), "\(name)") }
        #expect(RoadNames.road(["I 95 North"]) == "I 95 North")
        #expect(RoadNames.routeNumber(["I 95 North"], besides: "I 95 North") == nil)
    }
}
