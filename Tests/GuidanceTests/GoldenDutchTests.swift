import Testing

@testable import Guidance

/// Pins representative prompts of voices/nl.yaml. Expected strings were written by hand and read
/// as a Dutch speaker would hear them; change them only on purpose.
@Suite struct GoldenDutchTests {
    let composer: PhraseComposer
    init() throws { composer = try PackFiles.composer("nl") }

    static let leftLane = [Lane(angle: -90, status: .preferred)!, Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .notGood)!]
    static let rightLane = [Lane(angle: 0, status: .notGood)!, Lane(angle: 90, status: .preferred)!]

    @Test func turnOntoANamedRoad() {
        #expect(
            composer.compose(Maneuver(type: .rightTurn, roadName: "Stationsstr."), state: .initial, distance: 800)
                == "Over 800 meter rechtsaf naar de Stationsstraat")
    }

    @Test func thirdExitAtTheRoundabout() {
        #expect(
            composer.compose(Maneuver(type: .roundaboutExit3, roadName: "Dorpswg."), state: .initial, distance: 600)
                == "Over 600 meter op de rotonde de derde afslag nemen naar de Dorpsweg")
    }

    @Test func chainedPair() {
        let next = Maneuver(type: .leftTurn, roadName: "Kerkstr.", distanceRemaining: 90)
        #expect(
            composer.compose(Maneuver(type: .rightTurn, roadName: "Stationsstr."), state: .execute, distance: 20, then: next)
                == "Rechtsaf naar de Stationsstraat, daarna linksaf naar de Kerkstraat")
    }

    @Test func laneHint() {
        #expect(
            composer.compose(Maneuver(type: .leftTurn, lanes: Self.leftLane, roadName: "Kerkstr."), state: .prepare, distance: 120)
                == "Over 120 meter linksaf naar de Kerkstraat. Gebruik de linkerrijstrook")
        #expect(
            composer.compose(
                Maneuver(type: .rightTurn, lanes: Self.rightLane, roadName: "Stationsstr."), state: .initial,
                distance: 300, then: Maneuver(type: .roundaboutExit3))
                == "Over 300 meter rechtsaf naar de Stationsstraat. Gebruik de rechterrijstrook. Daarna op de rotonde de derde afslag nemen")
    }

    @Test func arrivalOnTheRight() {
        let arrival = Maneuver(type: .arriveAtDestinationRight)
        #expect(composer.compose(arrival, state: .initial, distance: 250) == "Over 250 meter ligt uw bestemming rechts")
        #expect(composer.compose(arrival, state: .execute, distance: 5) == "Uw bestemming ligt rechts")
        #expect(
            composer.compose(Maneuver(type: .rightTurn), state: .execute, distance: 10, then: Maneuver(type: .arriveAtDestination))
                == "Nu rechtsaf, daarna bereikt u uw bestemming")
    }

    @Test func shortForm() {
        #expect(
            composer.compose(Maneuver(type: .slightLeftTurn, roadName: "Beukenln."), state: .prepare, distance: 60, style: .short)
                == "Flauw linksaf")
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .continue, distance: 4200, style: .short) == "Volg de weg")
    }

    @Test func routeNumbersAsDriversSayThem() {
        #expect(
            composer.compose(Maneuver(type: .onRamp, routeNumber: "A2"), state: .initial, distance: 430)
                == "Over 400 meter de A 2 oprijden")
        #expect(
            composer.compose(Maneuver(type: .keepLeft, routeNumber: "N201"), state: .initial, distance: 2000)
                == "Over 2 kilometer links aanhouden naar de N 201")
    }

    @Test func distancesAndNames() {
        #expect(composer.distancePhrase(meters: 1000) == "een kilometer")
        #expect(composer.distancePhrase(meters: 1500) == "anderhalve kilometer")
        #expect(composer.distancePhrase(meters: 4200) == "4 kilometer")
        #expect(composer.distancePhrase(meters: 3) == "minder dan 10 meter")
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .continue, distance: 4200) == "Volg de weg 4 kilometer")
        let names = composer.pack.names
        #expect(names.road("Beukenln.") == "Beukenlaan")
        #expect(names.road("Amsterdamsestraatwg.") == "Amsterdamsestraatweg")
        #expect(names.road("Burg. de Vlugtln.") == "Burgemeester de Vlugtlaan")
        #expect(composer.rerouting == "De route wordt herberekend")
    }
}
