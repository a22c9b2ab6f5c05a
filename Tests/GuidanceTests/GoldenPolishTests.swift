import Testing

@testable import Guidance

extension GoldenRoute {
    static let pl = Names(
        start: "ul. Marszałkowska", first: "al. Niepodległości", second: "ul. Puławska",
        roundaboutExit: "pl. Zbawiciela", destination: "ul. Mokotowska", highway: "S8", exit: "12B")
}

/// Pins how the Polish pack sounds. Expected strings were written by hand and read as a native
/// speaker would hear them; change them only on purpose.
@Suite struct GoldenPolishTests {
    let composer: PhraseComposer
    init() throws { composer = try PackFiles.composer("pl") }

    @Test func drive() throws {
        let said =
            GoldenRoute.steps(GoldenRoute.pl).map {
                composer.compose($0.maneuver, state: $0.state, distance: $0.meters, then: $0.next, style: $0.style)
            } + [composer.rerouting]
        let expected = [
            "Jedź ulicą Marszałkowską",
            "Jedź dalej przez 4 kilometry",
            "Za 800 metrów skręć w prawo w aleję Niepodległości",
            "Skręć w prawo w aleję Niepodległości, a następnie skręć w lewo w ulicę Puławską",
            "Za 120 metrów skręć w lewo w ulicę Puławską. Jedź lewym pasem",
            "Za 400 metrów wjedź na S 8",
            "Za 2 kilometry zjedź w prawo zjazdem numer 12 B na aleję Niepodległości. Jedź jednym z dwóch prawych pasów",
            "Za 600 metrów na rondzie zjedź drugim zjazdem na plac Zbawiciela",
            "Na rondzie zjedź drugim zjazdem na plac Zbawiciela",
            "Skręć lekko w lewo",
            "Za 250 metrów cel podróży będzie po prawej stronie",
            "Cel podróży znajduje się po prawej stronie",
            "Wyznaczam nową trasę",
        ]
        #expect(said.count == expected.count)
        for (index, (got, want)) in zip(said, expected).enumerated() { #expect(got == want, "step \(index)") }
    }

    @Test func roundaboutThirdExitAndChainingWithLanes() {
        #expect(
            composer.compose(Maneuver(type: .roundaboutExit3, roadName: "pl. Grunwaldzki"), state: .initial, distance: 300)
                == "Za 300 metrów na rondzie zjedź trzecim zjazdem na plac Grunwaldzki")
        let lanes = [Lane(angle: 0, status: .notGood)!, Lane(angle: 90, status: .preferred)!]
        #expect(
            composer.compose(
                Maneuver(type: .rightTurn, lanes: lanes, roadName: "ul. Długa"), state: .initial, distance: 300,
                then: Maneuver(type: .roundaboutExit3))
                == "Za 300 metrów skręć w prawo w ulicę Długą. Jedź prawym pasem. Następnie na rondzie zjedź trzecim zjazdem")
    }

    @Test func distancesUseEveryPluralForm() {
        #expect(composer.distancePhrase(meters: 1000) == "kilometr")
        #expect(composer.distancePhrase(meters: 2000) == "2 kilometry")
        #expect(composer.distancePhrase(meters: 4000) == "4 kilometry")
        #expect(composer.distancePhrase(meters: 5000) == "5 kilometrów")
        #expect(composer.distancePhrase(meters: 12_000) == "12 kilometrów")
        #expect(composer.distancePhrase(meters: 22_000) == "22 kilometry")
        #expect(composer.distancePhrase(meters: 1500) == "półtora kilometra")
        #expect(composer.distancePhrase(meters: 2500) == "dwa i pół kilometra")
        #expect(composer.distancePhrase(meters: 300) == "300 metrów")
        #expect(composer.distancePhrase(meters: 3) == "mniej niż 10 metrów")
        let turn = Maneuver(type: .leftTurn)
        #expect(composer.compose(turn, state: .initial, distance: 1000) == "Za kilometr skręć w lewo")
        #expect(composer.compose(turn, state: .initial, distance: 2000) == "Za 2 kilometry skręć w lewo")
        #expect(composer.compose(turn, state: .initial, distance: 5000) == "Za 5 kilometrów skręć w lewo")
        #expect(composer.compose(turn, state: .continue, distance: 1000) == "Jedź dalej przez kilometr")
    }

    @Test func namesAndShortForms() {
        #expect(
            composer.compose(Maneuver(type: .keepRight, roadName: "Al. Jerozolimskie"), state: .initial, distance: 500)
                == "Za 500 metrów trzymaj się prawej strony i wjedź na Aleje Jerozolimskie")
        #expect(
            composer.compose(Maneuver(type: .onRamp, routeNumber: "A-2"), state: .prepare, distance: 170)
                == "Za 150 metrów wjedź na A 2")
        #expect(
            composer.compose(Maneuver(type: .arriveAtDestinationLeft), state: .execute, distance: 5, style: .short)
                == "Cel po lewej stronie")
    }
}
