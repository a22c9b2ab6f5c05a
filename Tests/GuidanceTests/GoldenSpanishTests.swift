import Testing

@testable import Guidance

/// Pins representative prompts of voices/es.yaml. Expected strings were written by hand and read
/// as a speaker from Spain would hear them; change them only on purpose.
@Suite struct GoldenSpanishTests {
    let composer: PhraseComposer
    init() throws { composer = try PackFiles.composer("es") }

    static let leftLane = [Lane(angle: -90, status: .preferred)!, Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .notGood)!]
    static let rightLane = [Lane(angle: 0, status: .notGood)!, Lane(angle: 90, status: .preferred)!]

    @Test func turnOntoANamedRoad() {
        #expect(
            composer.compose(Maneuver(type: .rightTurn, roadName: "C/Mayor"), state: .initial, distance: 800)
                == "En 800 metros, gira a la derecha hacia la calle Mayor")
    }

    @Test func thirdExitAtTheRoundabout() {
        #expect(
            composer.compose(Maneuver(type: .roundaboutExit3, roadName: "Pza. de España"), state: .initial, distance: 1500)
                == "En un kilómetro y medio, en la rotonda, toma la tercera salida hacia la plaza de España")
    }

    @Test func chainedPair() {
        let next = Maneuver(type: .leftTurn, roadName: "Ctra. de Burgos", distanceRemaining: 90)
        #expect(
            composer.compose(Maneuver(type: .rightTurn, roadName: "Avda. de América"), state: .execute, distance: 20, then: next)
                == "Gira a la derecha hacia la avenida de América y después gira a la izquierda hacia la carretera de Burgos")
    }

    @Test func laneHint() {
        #expect(
            composer.compose(Maneuver(type: .leftTurn, lanes: Self.leftLane, roadName: "C/ de Alcalá"), state: .prepare, distance: 120)
                == "En 120 metros, gira a la izquierda hacia la calle de Alcalá. Usa el carril izquierdo")
        #expect(
            composer.compose(
                Maneuver(type: .rightTurn, lanes: Self.rightLane, roadName: "C/Mayor"), state: .initial, distance: 300,
                then: Maneuver(type: .roundaboutExit3))
                == "En 300 metros, gira a la derecha hacia la calle Mayor. Usa el carril derecho. Después, en la rotonda, toma la tercera salida")
    }

    @Test func arrivalOnTheRight() {
        let arrival = Maneuver(type: .arriveAtDestinationRight)
        #expect(composer.compose(arrival, state: .initial, distance: 250) == "En 250 metros, tu destino estará a la derecha")
        #expect(composer.compose(arrival, state: .execute, distance: 5) == "Tu destino está a la derecha")
    }

    @Test func shortForm() {
        #expect(
            composer.compose(Maneuver(type: .slightLeftTurn, roadName: "Pº de la Castellana"), state: .prepare, distance: 60, style: .short)
                == "Gira ligeramente a la izquierda")
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .continue, distance: 4200, style: .short) == "Continúa")
    }

    @Test func routeNumbersAsDriversSayThem() {
        #expect(
            composer.compose(Maneuver(type: .onRamp, routeNumber: "AP-7"), state: .initial, distance: 430)
                == "En 400 metros, incorpórate a la A P 7")
        #expect(
            composer.compose(Maneuver(type: .keepRight, routeNumber: "N-VI"), state: .initial, distance: 2000)
                == "En 2 kilómetros, mantente a la derecha por la N 6")
        #expect(
            composer.compose(Maneuver(type: .followRoad, routeNumber: "M-30"), state: .initial, distance: 900)
                == "En 900 metros, sigue por la M 30")
    }

    @Test func distancesAndNames() {
        #expect(composer.distancePhrase(meters: 1000) == "un kilómetro")
        #expect(composer.distancePhrase(meters: 2500) == "dos kilómetros y medio")
        #expect(composer.distancePhrase(meters: 4200) == "4 kilómetros")
        #expect(composer.distancePhrase(meters: 3) == "menos de 10 metros")
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .continue, distance: 4200) == "Continúa durante 4 kilómetros")
        let names = composer.pack.names
        #expect(names.road("C/ Mayor") == "Calle Mayor")
        #expect(names.road("Avda. de la Constitución") == "Avenida de la Constitución")
        #expect(names.road("Ctra. de Valencia") == "Carretera de Valencia")
        #expect(names.road("Pza. Mayor") == "Plaza Mayor")
        #expect(composer.rerouting == "Recalculando la ruta")
    }
}
