import Foundation
import Guidance
import Testing

@testable import DriveSimulation

@Suite struct GraphHopperImportTests {
    /// GraphHopper Maps' route with a via point (Hoyerswerda, 649 m): street names, the start's
    /// heading, the via an arrival, the continue after it dropped; its points carry elevation.
    @Test func theViaRouteImports() throws {
        let route = try RouteResponses.route(.graphhopper("graphhopper-hoyerswerda-via.json"))
        let maneuvers = route.maneuvers.map(\.maneuver)
        #expect(maneuvers.map(\.type) == [.startRoute, .rightTurn, .arriveAtDestination, .leftTurn, .arriveAtDestination])
        #expect(maneuvers.map(\.roadName) == ["Robert-Schumann-Straße", "Franz-Liszt-Straße", nil, "Bautzener Allee", nil])
        #expect(maneuvers.map(\.currentRoadName) == [nil, "Robert-Schumann-Straße", "Franz-Liszt-Straße", "Franz-Liszt-Straße", "Bautzener Allee"])
        #expect(maneuvers[0].heading == 149.83)
        #expect(maneuvers.dropFirst().allSatisfy { $0.heading == nil })
        // Distances in meters, times in milliseconds.
        #expect(route.maneuvers.map(\.position) == [0, 25.313, 25.313 + 212.703, 25.313 + 212.703 + 207.19, 25.313 + 212.703 + 207.19 + 203.766])
        #expect(route.maneuvers[1].durationFromPrevious == 5.695)
        #expect(route.maneuvers[3].durationFromPrevious == 46.618)
        // The max_speed detail of the stretch into each maneuver (30 km/h, then none given).
        let town: Double? = 30 / 3.6
        #expect(route.maneuvers.map(\.speedLimit) == [nil, town, town, town, nil])
    }

    @Test func aUTurnAfterAViaPointIsKept() throws {
        let route = try RouteResponses.route(.graphhopper("graphhopper-hoyerswerda-u-turn.json"))
        #expect(route.maneuvers.map(\.maneuver.type) == [.startRoute, .leftTurn, .arriveAtDestination, .uTurn, .leftTurn, .arriveAtDestination])
        #expect(route.maneuvers[3].maneuver.roadName == "Franz-Liszt-Straße")
        #expect(route.maneuvers[3].position == route.maneuvers[2].position)
    }

    /// GraphHopper's own fixture (2.1 km in Berlin, an older response without street names): the
    /// start's heading comes from its points.
    @Test func theBerlinFixtureImports() throws {
        let route = try RouteResponses.route(.graphhopper("graphhopper-berlin.json"))
        #expect(route.maneuvers.map(\.maneuver.type) == [.startRoute, .followRoad, .followRoad, .leftTurn, .arriveAtDestination])
        #expect(abs(route.length - 2138.3027624572337) < 1e-6)
        #expect(route.maneuvers.allSatisfy { $0.maneuver.roadName == nil })
        // The first points run east along the A 100.
        let heading = try #require(route.maneuvers[0].maneuver.heading)
        #expect(heading > 45 && heading < 135, "\(heading)")
    }

    /// `points_encoded: false` (GeoJSON), another multiplier, street refs, destinations and a
    /// roundabout's exit.
    @Test func geoJSONPointsRefsDestinationsAndRoundabouts() throws {
        let text = try RouteResponses.edited("graphhopper-hoyerswerda-via.json") { json in
            json["paths", 0, "points_encoded"] = false
            json["paths", 0, "points"] = [
                "type": "LineString",
                "coordinates": [
                    [14.272708, 51.436269], [14.2728, 51.436], [14.27, 51.4351], [14.269, 51.434], [14.268, 51.433], [14.26725, 51.43253], [14.2672, 51.4325],
                    [14.2671, 51.4324], [14.267, 51.4323], [14.2669, 51.4322], [14.2668, 51.4321, 118.5],
                ],
            ]
            json["paths", 0, "instructions", 0, "heading"] = nil
            json["paths", 0, "instructions", 1, "street_ref"] = "S 95"
            json["paths", 0, "instructions", 1, "street_destination"] = "Bautzen"
            json["paths", 0, "instructions", 4, "sign"] = 6
            json["paths", 0, "instructions", 4, "exit_number"] = 2
            json["paths", 0, "instructions", 4, "exited"] = true
        }
        let route = try RouteResponses.route(.graphhopper("x.json"), text: text)
        let turn = route.maneuvers[1].maneuver
        #expect(turn.routeNumber == "S 95" && turn.towards == "Bautzen")
        #expect(route.maneuvers[3].maneuver.type == .roundaboutExit2 && route.maneuvers[3].maneuver.junctionType == .roundabout)
        // From the first two GeoJSON points: a little east of south.
        #expect(abs((route.maneuvers[0].maneuver.heading ?? 0) - 168) < 5, "\(route.maneuvers[0].maneuver.heading ?? -1)")

        let sixDigits = try RouteResponses.edited("graphhopper-berlin.json") { json in
            json["paths", 0, "points"] = "_~vacBcirnXg@oK"
            json["paths", 0, "points_encoded_multiplier"] = 1e6
            json["paths", 0, "instructions", 0, "interval"] = [0, 1]
            for index in 1..<5 { json["paths", 0, "instructions", index, "interval"] = [1, 1] }
        }
        let six = try RouteResponses.route(.graphhopper("x.json"), text: sixDigits)
        #expect(six.maneuvers[0].maneuver.heading != nil)
    }

    /// Every sign code of GraphHopper's `Instruction` (docs/DRIVES.md has this table).
    static let table: [(Int, ManeuverType)] = [
        (-99, .straightAhead), (-98, .uTurn), (-8, .uTurn), (-7, .keepLeft), (-6, .exitRoundabout), (-3, .sharpLeftTurn),
        (-2, .leftTurn), (-1, .slightLeftTurn), (0, .followRoad), (1, .slightRightTurn), (2, .rightTurn),
        (3, .sharpRightTurn), (4, .arriveAtDestination), (5, .arriveAtDestination), (6, .enterRoundabout), (7, .keepRight),
        (8, .uTurn), (9, .enterFerry), (101, .followRoad), (102, .followRoad), (103, .arriveAtDestination),
    ]

    @Test func everySignMaps() {
        #expect(Self.table.map(\.0) == GraphHopperManeuverMapping.signs)
        for (sign, expected) in Self.table { #expect(GraphHopperManeuverMapping.type(sign) == expected, "sign \(sign)") }
        for unknown in [-100, -9, 10, 100, Int.min] { #expect(GraphHopperManeuverMapping.type(unknown) == nil, "sign \(unknown)") }
        #expect(GraphHopperManeuverMapping.type(6, exitNumber: 3) == .roundaboutExit3)
        #expect(GraphHopperManeuverMapping.type(6, exitNumber: 3, exited: true) == .roundaboutExit3)
        // The route ends inside the roundabout: no exit to name.
        #expect(GraphHopperManeuverMapping.type(6, exitNumber: 3, exited: false) == .enterRoundabout)
        #expect(GraphHopperManeuverMapping.type(6, exitNumber: 25) == .enterRoundabout)
        for (sign, type) in Self.table where type.side != nil {
            #expect((sign > 0 && sign < 4 || sign == 7) == (type.side == .right), "sign \(sign) → \(type)")
        }
    }

    @Test func elevationIsToldByTheLastInterval() {
        #expect(Route.dimensions(33, lastIndex: 10) == 3)
        #expect(Route.dimensions(36, lastIndex: 11) == 3)
        #expect(Route.dimensions(36, lastIndex: 17) == 2)
        #expect(Route.dimensions(34, lastIndex: 12) == 2)
        #expect(Route.dimensions(34, lastIndex: nil) == 2)
        #expect(Route.dimensions(33, lastIndex: nil) == 3)
    }
}
