import Testing

@testable import Guidance

/// Pins representative prompts of voices/it.yaml. Expected strings were written by hand and read
/// as an Italian speaker would hear them; change them only on purpose.
@Suite struct GoldenItalianTests {
    let composer: PhraseComposer
    init() throws { composer = try PackFiles.composer("it") }

    static let leftLane = [Lane(angle: -90, status: .preferred)!, Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .notGood)!]
    static let rightLane = [Lane(angle: 0, status: .notGood)!, Lane(angle: 90, status: .preferred)!]

    @Test func turnOntoANamedRoad() {
        #expect(
            composer.compose(Maneuver(type: .rightTurn, roadName: "C.so Buenos Aires"), state: .initial, distance: 800)
                == "Tra 800 metri, svolta a destra in Corso Buenos Aires")
    }

    @Test func thirdExitAtTheRoundabout() {
        #expect(
            composer.compose(Maneuver(type: .roundaboutExit3, roadName: "P.za Duomo"), state: .initial, distance: 600)
                == "Tra 600 metri, alla rotonda, prendi la terza uscita e imbocca Piazza Duomo")
    }

    @Test func chainedPair() {
        let next = Maneuver(type: .leftTurn, roadName: "V. Roma", distanceRemaining: 90)
        #expect(
            composer.compose(Maneuver(type: .rightTurn, roadName: "V.le Monza"), state: .execute, distance: 20, then: next)
                == "Svolta a destra in Viale Monza, poi svolta a sinistra in Via Roma")
    }

    @Test func laneHint() {
        #expect(
            composer.compose(Maneuver(type: .leftTurn, lanes: Self.leftLane, roadName: "V. Roma"), state: .prepare, distance: 120)
                == "Tra 120 metri, svolta a sinistra in Via Roma. Usa la corsia di sinistra")
        #expect(
            composer.compose(
                Maneuver(type: .rightTurn, lanes: Self.rightLane, roadName: "C.so Buenos Aires"), state: .initial,
                distance: 300, then: Maneuver(type: .roundaboutExit3))
                == "Tra 300 metri, svolta a destra in Corso Buenos Aires. Usa la corsia di destra. Poi alla rotonda, prendi la terza uscita")
    }

    @Test func arrivalOnTheRight() {
        let arrival = Maneuver(type: .arriveAtDestinationRight)
        #expect(composer.compose(arrival, state: .initial, distance: 250) == "Tra 250 metri, la destinazione sarà sulla destra")
        #expect(composer.compose(arrival, state: .execute, distance: 5) == "La destinazione è sulla destra")
    }

    @Test func shortForm() {
        #expect(
            composer.compose(Maneuver(type: .slightLeftTurn, roadName: "L.go Augusto"), state: .prepare, distance: 60, style: .short)
                == "Svolta leggermente a sinistra")
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .continue, distance: 4200, style: .short) == "Prosegui")
    }

    @Test func routeNumbersAsDriversSayThem() {
        #expect(
            composer.compose(Maneuver(type: .onRamp, routeNumber: "A1"), state: .initial, distance: 430)
                == "Tra 400 metri, immettiti sull'A1")
        #expect(
            composer.compose(Maneuver(type: .keepLeft, routeNumber: "A14"), state: .initial, distance: 2000)
                == "Tra 2 chilometri, mantieni la sinistra sull'A14")
        #expect(
            composer.compose(Maneuver(type: .followRoad, routeNumber: "SS16"), state: .initial, distance: 900)
                == "Tra 900 metri, continua sulla statale 16")
    }

    @Test func distancesAndNames() {
        #expect(composer.distancePhrase(meters: 1000) == "un chilometro")
        #expect(composer.distancePhrase(meters: 1500) == "un chilometro e mezzo")
        #expect(composer.distancePhrase(meters: 4200) == "4 chilometri")
        #expect(composer.distancePhrase(meters: 3) == "meno di 10 metri")
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .continue, distance: 4200) == "Prosegui per 4 chilometri")
        let names = composer.pack.names
        #expect(names.road("V.le Monza") == "Viale Monza")
        #expect(names.road("V. Garibaldi") == "Via Garibaldi")
        #expect(names.road("P.za della Signoria") == "Piazza della Signoria")
        #expect(names.road("C.so Vittorio Emanuele") == "Corso Vittorio Emanuele")
        // An initial inside a name is not the street type (issue 37).
        #expect(names.road("C.so V. Emanuele") == "Corso V. Emanuele")
        #expect(names.road("Corso V. Emanuele") == "Corso V. Emanuele")
        #expect(composer.rerouting == "Ricalcolo del percorso")
    }
}
