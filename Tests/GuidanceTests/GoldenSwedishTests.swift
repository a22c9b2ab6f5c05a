import Testing

@testable import Guidance

extension GoldenRoute {
    static let sv = Names(
        start: "Drottningg.", first: "Kungsg.", second: "Sveavägen",
        roundaboutExit: "S:t Eriksg.", destination: "Lidingöv.", highway: "E4", exit: "12B")
}

/// Pins how the Swedish pack sounds. Expected strings were written by hand and read as a native
/// speaker would hear them; change them only on purpose.
@Suite struct GoldenSwedishTests {
    let composer: PhraseComposer
    init() throws { composer = try PackFiles.composer("sv") }

    @Test func drive() throws {
        let said =
            GoldenRoute.steps(GoldenRoute.sv).map {
                composer.compose($0.maneuver, state: $0.state, distance: $0.meters, then: $0.next, style: $0.style)
            } + [composer.rerouting]
        let expected = [
            "Kör iväg längs Drottninggatan",
            "Fortsätt i 4 kilometer",
            "Om 800 meter, sväng höger in på Kungsgatan",
            "Sväng höger in på Kungsgatan. Sväng sedan vänster in på Sveavägen",
            "Om 120 meter, sväng vänster in på Sveavägen. Använd vänster körfält",
            "Om 400 meter, ta påfarten till E 4",
            "Om 2 kilometer, ta avfart 12 B till höger in på Kungsgatan. Använd de två högra körfälten",
            "Om 600 meter, ta andra avfarten i rondellen in på Sankt Eriksgatan",
            "Ta andra avfarten i rondellen in på Sankt Eriksgatan",
            "Sväng svagt vänster",
            "Om 250 meter ligger din destination till höger",
            "Din destination ligger till höger",
            "Beräknar ny rutt",
        ]
        #expect(said.count == expected.count)
        for (index, (got, want)) in zip(said, expected).enumerated() { #expect(got == want, "step \(index)") }
    }

    @Test func roundaboutThirdExitAndChainingWithLanes() {
        #expect(
            composer.compose(Maneuver(type: .roundaboutExit3, roadName: "Storg."), state: .initial, distance: 300)
                == "Om 300 meter, ta tredje avfarten i rondellen in på Storgatan")
        let lanes = [Lane(angle: 0, status: .notGood)!, Lane(angle: 90, status: .preferred)!]
        #expect(
            composer.compose(
                Maneuver(type: .rightTurn, lanes: lanes, roadName: "Storgatan"), state: .initial, distance: 300,
                then: Maneuver(type: .roundaboutExit3))
                == "Om 300 meter, sväng höger in på Storgatan. Använd höger körfält. Ta sedan tredje avfarten i rondellen")
        // A chained roundabout exit says the roundabout: "Ta sedan tredje avfarten" alone did not say where.
        #expect(
            composer.compose(
                Maneuver(type: .leftTurn, roadName: "Hornsgatan"), state: .execute, distance: 0,
                then: Maneuver(type: .roundaboutExit2, roadName: "Ringvägen"))
                == "Sväng vänster in på Hornsgatan. Ta sedan andra avfarten i rondellen in på Ringvägen")
        #expect(
            composer.compose(Maneuver(type: .leftTurn), state: .execute, distance: 10, then: Maneuver(type: .arriveAtDestination))
                == "Sväng vänster nu. Sedan är du framme vid din destination")
    }

    @Test func distancesAndRoutes() {
        #expect(composer.distancePhrase(meters: 1000) == "en kilometer")
        #expect(composer.distancePhrase(meters: 1500) == "en och en halv kilometer")
        #expect(composer.distancePhrase(meters: 5000) == "5 kilometer")
        #expect(composer.distancePhrase(meters: 3) == "mindre än 10 meter")
        #expect(
            composer.compose(Maneuver(type: .keepLeft, routeNumber: "E20"), state: .initial, distance: 500)
                == "Om 500 meter, håll vänster in på E 20")
        #expect(
            composer.compose(Maneuver(type: .onRamp, routeNumber: "73"), state: .initial, distance: 1000)
                == "Om en kilometer, ta påfarten till väg 73")
        #expect(
            composer.compose(Maneuver(type: .arriveAtDestinationRight), state: .execute, distance: 5, style: .short)
                == "Destinationen till höger")
    }
}
