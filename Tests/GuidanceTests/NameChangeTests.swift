import Testing

@testable import Guidance

@Suite struct NameChangeTests {
    private func route(_ maneuvers: [Maneuver]) -> [(id: Int, maneuver: Maneuver)] {
        maneuvers.enumerated().map { (id: $0.offset, maneuver: $0.element) }
    }

    @Test func aNameChangeIsLeftOutAndNamesTheRoadOfTheNextManeuver() {
        let folded = NameChange.fold(
            route([
                Maneuver(type: .rightTurn, roadName: "Oak Avenue"),
                Maneuver(type: .followRoad, roadName: "Harbor Boulevard"),
                Maneuver(type: .leftTurn, roadName: "Elm Street"),
            ]))
        #expect(folded.map(\.id) == [0, 2])
        #expect(folded[1].maneuver.currentRoadName == "Harbor Boulevard")
        #expect(folded[0].maneuver.currentRoadName == nil)
    }

    @Test func theNextManeuversOwnCurrentRoadWins() {
        let folded = NameChange.fold(
            route([
                Maneuver(type: .followRoad, roadName: "Harbor Boulevard"),
                Maneuver(type: .leftTurn, roadName: "Elm Street", currentRoadName: "Harbour Blvd"),
            ]))
        #expect(folded.map(\.id) == [1])
        #expect(folded[0].maneuver.currentRoadName == "Harbour Blvd")
    }

    @Test func successiveNameChangesGiveTheLastNameOrTheRouteNumber() {
        let folded = NameChange.fold(
            route([
                Maneuver(type: .rightTurn, routeNumber: "US 101"),
                Maneuver(type: .followRoad, roadName: "A Street"),
                Maneuver(type: .followRoad, routeNumber: "US-101"),
                Maneuver(type: .arriveAtDestination),
            ]))
        #expect(folded.map(\.id) == [0, 3], "the number the vehicle is on already, written otherwise")
        #expect(folded[1].maneuver.currentRoadName == "US-101")
    }

    /// A name change onto a numbered road the vehicle was not on is said (the leading app: "continue
    /// onto UT-201 E" after North Temple); onto the number it is on, or onto a name, it is not.
    @Test func aNameChangeOntoANewRouteNumberIsKept() {
        let folded = NameChange.fold(
            route([
                Maneuver(type: .startRoute, roadName: "West North Temple"),
                Maneuver(type: .followRoad, roadName: "North Temple Street"),
                Maneuver(type: .followRoad, roadName: "West Temple", routeNumber: "UT 201 East"),
                Maneuver(type: .followRoad, roadName: "2100 South", routeNumber: "UT-201 East"),
                Maneuver(type: .followRoad, routeNumber: "I-80"),
                Maneuver(type: .arriveAtDestination),
            ]))
        #expect(folded.map(\.id) == [0, 2, 4, 5])
        #expect(folded[1].maneuver.currentRoadName == "North Temple Street")
        #expect(folded[3].maneuver.currentRoadName == nil, "the number it was kept for is its own road")
    }

    /// A name change whose new road is named only by its route number ("UT 201 East" as the road's
    /// name, no `routeNumber`: as a client or an importer that has no separate number sends it) is
    /// kept as one onto that number; the same number written another way after it ("UT-201 E") is
    /// the road the vehicle is on already. A pack's own route rules name numbers of other shapes.
    @Test func aNameChangeOntoARoadNamedByItsNumberIsKept() {
        let folded = NameChange.fold(
            route([
                Maneuver(type: .startRoute, roadName: "North Temple Street"),
                Maneuver(type: .followRoad, roadName: "Fairview Parkway"),
                Maneuver(type: .followRoad, roadName: "UT 201 East"),
                Maneuver(type: .followRoad, roadName: "UT-201 E"),
                Maneuver(type: .followRoad, roadName: "Harbor Road"),
                Maneuver(type: .arriveAtDestination),
            ]))
        #expect(folded.map(\.id) == [0, 2, 5])
        #expect(folded[1].maneuver.currentRoadName == "Fairview Parkway")
        let czech = route([
            Maneuver(type: .rightTurn, roadName: "Vinohradská"), Maneuver(type: .followRoad, roadName: "I/3"), Maneuver(type: .arriveAtDestination),
        ])
        #expect(NameChange.fold(czech).map(\.id) == [0, 2], "no route number by its shape")
        #expect(NameChange.fold(czech, isRoute: { $0 == "I/3" }).map(\.id) == [0, 1, 2], "a route number by the pack's rule")
        #expect(["B 1", "I-95 North", "A7", "M25", "US 101", "UT 201 East", "N7a"].allSatisfy(NameChange.isRouteNumber))
        #expect(!["Main Street", "1st Avenue", "Harbor Road", "Route 66"].contains(where: NameChange.isRouteNumber))
    }

    @Test func aRouteOfNothingButNameChangesKeepsItsLast() {
        let folded = NameChange.fold(route([Maneuver(type: .followRoad, roadName: "A"), Maneuver(type: .followRoad, roadName: "B")]))
        #expect(folded.map(\.id) == [1])
        #expect(NameChange.fold(route([])).isEmpty)
    }

    @Test func otherManeuversAreKeptInOrder() {
        let types: [ManeuverType] = [.startRoute, .straightAhead, .keepLeft, .roundaboutExit2, .arriveAtDestination]
        let folded = NameChange.fold(route(types.map { Maneuver(type: $0) }))
        #expect(folded.map(\.maneuver.type) == types)
    }
}
