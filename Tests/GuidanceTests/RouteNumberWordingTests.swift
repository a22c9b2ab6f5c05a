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

    /// A road whose name ends in a number keeps it from the distance in every pack that says the road
    /// right before it, not only a bare route number: German "Bundesstraße 5" (with its article),
    /// "Route 66", Dutch "Rijksweg 12", Czech "„D 8“" and class roads ("silnice 35") were said "… 5 5
    /// Kilometer", "… 12 5 kilometer", "po „D 8“ 5 kilometrů", heard as one number.
    @Test func aRoadNamedWithANumberIsKeptFromTheDistance() throws {
        let composers = try PackFiles.composers(["de", "nl", "cs"])
        func along(_ language: String, _ road: String) -> String {
            composers[language]!.compose(Maneuver(type: .rightTurn, currentRoadName: road), state: .continue, distance: 5000)
        }
        #expect(along("de", "Bundesstraße 96") == "Auf der Bundesstraße 96 für 5 Kilometer weiterfahren")
        #expect(along("de", "Staatsstraße 2063") == "Auf der Staatsstraße 2063 für 5 Kilometer weiterfahren")
        #expect(along("de", "Route 66") == "Auf Route 66 für 5 Kilometer weiterfahren")
        #expect(along("de", "Reeperbahn") == "Auf der Reeperbahn 5 Kilometer weiterfahren")
        #expect(
            composers["de"]!.compose(Maneuver(type: .leftTurn, roadName: "Bundesstraße 96"), state: .prepare, distance: 200)
                == "In 200 Metern links auf die Bundesstraße 96 abbiegen")
        #expect(along("nl", "Rijksweg 12") == "Volg Rijksweg 12 gedurende 5 kilometer")
        #expect(along("nl", "Plein 1944") == "Volg het Plein 1944 gedurende 5 kilometer")
        #expect(along("nl", "Coolsingel") == "Volg de Coolsingel 5 kilometer")
        #expect(along("cs", "D8") == "Pokračujte po „D 8“ v délce 5 kilometrů")
        #expect(along("cs", "I/38") == "Pokračujte po silnici 38 v délce 5 kilometrů")
        #expect(along("cs", "Dálnice D11") == "Pokračujte po Dálnici D11 v délce 5 kilometrů")
        #expect(along("cs", "Plzeňská") == "Pokračujte po Plzeňské 5 kilometrů")
        // Where no distance follows, no word is added.
        #expect(
            composers["cs"]!.compose(Maneuver(type: .straightAhead, roadName: "D8"), state: .execute, distance: 0)
                == "Pokračujte rovně po „D 8“")
    }
}
