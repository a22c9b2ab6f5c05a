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
