import Testing

@testable import Guidance

extension GoldenRoute {
    static let cs = Names(
        start: "Vinohradská", first: "nám. Míru", second: "Korunní",
        roundaboutExit: "tř. Svobody", destination: "Národní", highway: "D1", exit: "12B")
}

/// Pins how the Czech pack sounds. Expected strings were written by hand and read as a native
/// speaker would hear them; change them only on purpose.
@Suite struct GoldenCzechTests {
    let composer: PhraseComposer
    init() throws { composer = try PackFiles.composer("cs") }

    @Test func drive() throws {
        let said =
            GoldenRoute.steps(GoldenRoute.cs).map {
                composer.compose($0.maneuver, state: $0.state, distance: $0.meters, then: $0.next, style: $0.style)
            } + [composer.rerouting]
        let expected = [
            "Jeďte po Vinohradské",
            "Pokračujte 4 kilometry",
            "Za 800 metrů odbočte vpravo na náměstí Míru",
            "Odbočte vpravo na náměstí Míru, potom odbočte vlevo na Korunní",
            "Za 120 metrů odbočte vlevo na Korunní. Jeďte levým pruhem",
            "Za 400 metrů najeďte na „D 1“",
            "Za 2 kilometry na exitu 12 B sjeďte vpravo na náměstí Míru. Jeďte jedním ze dvou pravých pruhů",
            "Za 600 metrů na kruhovém objezdu vyjeďte druhým výjezdem na třídu Svobody",
            "Na kruhovém objezdu vyjeďte druhým výjezdem na třídu Svobody",
            "Odbočte mírně vlevo",
            "Za 250 metrů bude cíl vpravo",
            "Cíl se nachází vpravo",
            "Přepočítávám trasu",
        ]
        #expect(said.count == expected.count)
        for (index, (got, want)) in zip(said, expected).enumerated() { #expect(got == want, "step \(index)") }
    }

    @Test func roundaboutThirdExitAndChainingWithLanes() {
        #expect(
            composer.compose(Maneuver(type: .roundaboutExit3, roadName: "ul. Dlouhá"), state: .initial, distance: 300)
                == "Za 300 metrů na kruhovém objezdu vyjeďte třetím výjezdem na ulici Dlouhá")
        let lanes = [Lane(angle: 0, status: .notGood)!, Lane(angle: 90, status: .preferred)!]
        #expect(
            composer.compose(
                Maneuver(type: .rightTurn, lanes: lanes, roadName: "Dlouhá"), state: .initial, distance: 300,
                then: Maneuver(type: .roundaboutExit3))
                == "Za 300 metrů odbočte vpravo na Dlouhou. Jeďte pravým pruhem. Potom na kruhovém objezdu vyjeďte třetím výjezdem")
    }

    @Test func distancesUseEveryPluralForm() {
        #expect(composer.distancePhrase(meters: 1000) == "kilometr")
        #expect(composer.distancePhrase(meters: 2000) == "2 kilometry")
        #expect(composer.distancePhrase(meters: 4000) == "4 kilometry")
        #expect(composer.distancePhrase(meters: 5000) == "5 kilometrů")
        #expect(composer.distancePhrase(meters: 22_000) == "22 kilometrů")
        #expect(composer.distancePhrase(meters: 1500) == "jeden a půl kilometru")
        #expect(composer.distancePhrase(meters: 2500) == "dva a půl kilometru")
        #expect(composer.distancePhrase(meters: 300) == "300 metrů")
        #expect(composer.distancePhrase(meters: 3) == "méně než 10 metrů")
        let turn = Maneuver(type: .leftTurn)
        #expect(composer.compose(turn, state: .initial, distance: 1000) == "Za kilometr odbočte vlevo")
        #expect(composer.compose(turn, state: .initial, distance: 3000) == "Za 3 kilometry odbočte vlevo")
        #expect(composer.compose(turn, state: .initial, distance: 5000) == "Za 5 kilometrů odbočte vlevo")
    }

    @Test func namesAndShortForms() {
        #expect(
            composer.compose(Maneuver(type: .keepLeft, roadName: "Brno"), state: .initial, distance: 500)
                == "Za 500 metrů se držte vlevo a pokračujte na Brno")
        #expect(
            composer.compose(Maneuver(type: .followRoad, routeNumber: "I/35"), state: .initial, distance: 2000)
                == "Za 2 kilometry pokračujte po silnici 35")
        #expect(
            composer.compose(Maneuver(type: .arriveAtDestinationRight), state: .execute, distance: 5, style: .short)
                == "Cíl vpravo")
        #expect(
            composer.compose(Maneuver(type: .uTurn), state: .execute, distance: 5)
                == "Nyní se otočte")
        #expect(
            composer.compose(Maneuver(type: .rightTurn), state: .execute, distance: 5, then: Maneuver(type: .uTurnAtRoundabout))
                == "Nyní odbočte vpravo, potom se na kruhovém objezdu otočte")
    }
}
