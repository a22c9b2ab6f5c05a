import Testing

@testable import Guidance

/// Route numbers said as drivers say them (issue 52): British "the M 6", Czech "na silnici 35" (a
/// rule had left a bare "35"), German and Dutch with a word between the route's number and the
/// distance's ("auf der A 9 für 5 Kilometer", not "A 9 5 Kilometer", heard as "A 95"), French
/// naming the motorway taken ("prenez l'A7").
@Suite struct RouteNumberWordingTests {
    @Test func routeNumbersAreSaidAsDriversSayThem() throws {
        let composers = try PackFiles.composers(["en-GB", "cs", "de", "nl", "fr"])
        func say(_ language: String, _ maneuver: Maneuver, _ state: ManeuverState, _ distance: Double = 200) -> String {
            composers[language]!.compose(maneuver, state: state, distance: distance)
        }
        #expect(say("en-GB", Maneuver(type: .rightTurn, currentRoadName: "M6"), .continue, 8000) == "Continue along the M 6 for 5 miles")
        #expect(say("en-GB", Maneuver(type: .leftTurn, roadName: "A38"), .prepare) == "In 200 yards, turn left onto the A 38")
        #expect(say("en-GB", Maneuver(type: .keepRight, towards: "M5"), .prepare) == "In 200 yards, keep right towards the M 5")
        #expect(say("en-GB", Maneuver(type: .leftTurn, roadName: "Baker Street"), .prepare) == "In 200 yards, turn left onto Baker Street")
        #expect(
            say("cs", Maneuver(type: .changeHighwayLeft, routeNumber: "I/35"), .prepare) == "Za 200 metrů se držte vlevo a přejeďte na silnici 35")
        #expect(say("cs", Maneuver(type: .followRoad, routeNumber: "II/101"), .execute) == "Pokračujte po silnici 101")
        #expect(say("cs", Maneuver(type: .changeHighwayRight, routeNumber: "D1"), .prepare) == "Za 200 metrů se držte vpravo a přejeďte na „D 1“")
        #expect(say("de", Maneuver(type: .rightTurn, currentRoadName: "A9"), .continue, 5000) == "Auf der A 9 für 5 Kilometer weiterfahren")
        #expect(say("nl", Maneuver(type: .rightTurn, currentRoadName: "A2"), .continue, 5000) == "Volg de A 2 gedurende 5 kilometer")
        #expect(
            say("fr", Maneuver(type: .changeHighway, routeNumber: "A7", towards: "Marseille"), .prepare) == "Dans 200 mètres, prenez l'A7, direction Marseille")
        #expect(say("fr", Maneuver(type: .changeHighwayRight, routeNumber: "A7"), .execute) == "Serrez à droite pour prendre l'A7")
    }
}
