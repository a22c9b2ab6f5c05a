import Testing

@testable import Guidance

/// Pins representative prompts of voices/pt-BR.yaml. Expected strings were written by hand and
/// read as a Brazilian speaker would hear them; change them only on purpose.
@Suite struct GoldenBrazilianPortugueseTests {
    let composer: PhraseComposer
    init() throws { composer = try PackFiles.composer("pt-BR") }

    static let leftLane = [Lane(angle: -90, status: .preferred)!, Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .notGood)!]
    static let rightLane = [Lane(angle: 0, status: .notGood)!, Lane(angle: 90, status: .preferred)!]
    static let rightTwoLanes = [
        Lane(angle: 0, status: .notGood)!, Lane(angle: 0, status: .notGood)!,
        Lane(angle: 30, status: .good)!, Lane(angle: 30, status: .good)!,
    ]

    @Test func turnOntoANamedRoad() {
        #expect(
            composer.compose(Maneuver(type: .rightTurn, roadName: "R. Augusta"), state: .initial, distance: 800)
                == "Em 800 metros, vire à direita na Rua Augusta")
    }

    @Test func thirdExitAtTheRoundabout() {
        #expect(
            composer.compose(Maneuver(type: .roundaboutExit3, roadName: "Pç. da Sé"), state: .initial, distance: 600)
                == "Em 600 metros, na rotatória, pegue a terceira saída para a Praça da Sé")
    }

    @Test func chainedPair() {
        let next = Maneuver(type: .leftTurn, roadName: "Av. Paulista", distanceRemaining: 90)
        #expect(
            composer.compose(Maneuver(type: .rightTurn, roadName: "R. Augusta"), state: .execute, distance: 20, then: next)
                == "Vire à direita na Rua Augusta e depois vire à esquerda na Avenida Paulista")
    }

    @Test func laneHint() {
        #expect(
            composer.compose(Maneuver(type: .leftTurn, lanes: Self.leftLane, roadName: "Av. Paulista"), state: .prepare, distance: 120)
                == "Em 120 metros, vire à esquerda na Avenida Paulista. Use a faixa da esquerda")
        #expect(
            composer.compose(
                Maneuver(type: .rightTurn, lanes: Self.rightLane, roadName: "R. Augusta"), state: .initial,
                distance: 300, then: Maneuver(type: .roundaboutExit3))
                == "Em 300 metros, vire à direita na Rua Augusta. Use a faixa da direita. Depois, na rotatória, pegue a terceira saída")
        #expect(
            composer.compose(
                Maneuver(type: .highwayOffRampRight, lanes: Self.rightTwoLanes, roadName: "Rodovia Anhanguera", exitNumber: "12B"),
                state: .initial, distance: 1900)
                == "Em 2 quilômetros, pegue a saída 12 B à direita para a Rodovia Anhanguera. Use as duas faixas da direita")
    }

    @Test func arrivalOnTheRight() {
        let arrival = Maneuver(type: .arriveAtDestinationRight)
        #expect(composer.compose(arrival, state: .initial, distance: 250) == "Em 250 metros, seu destino estará à direita")
        #expect(composer.compose(arrival, state: .execute, distance: 5) == "Seu destino está à direita")
    }

    @Test func shortForm() {
        #expect(
            composer.compose(Maneuver(type: .slightLeftTurn, roadName: "Al. Santos"), state: .prepare, distance: 60, style: .short)
                == "Vire levemente à esquerda")
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .continue, distance: 4200, style: .short) == "Continue")
    }

    @Test func routeNumbersAsDriversSayThem() {
        #expect(
            composer.compose(Maneuver(type: .onRamp, routeNumber: "BR-116"), state: .initial, distance: 430)
                == "Em 400 metros, entre na BR 116")
        #expect(
            composer.compose(Maneuver(type: .keepRight, routeNumber: "SP-280"), state: .initial, distance: 2000)
                == "Em 2 quilômetros, mantenha-se à direita na SP 280")
    }

    @Test func distancesAndNames() {
        #expect(composer.distancePhrase(meters: 1000) == "um quilômetro")
        #expect(composer.distancePhrase(meters: 1500) == "um quilômetro e meio")
        #expect(composer.distancePhrase(meters: 4200) == "4 quilômetros")
        #expect(composer.distancePhrase(meters: 3) == "menos de 10 metros")
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .continue, distance: 4200) == "Siga por 4 quilômetros")
        let names = composer.pack.names
        #expect(names.road("Av. Brig. Faria Lima") == "Avenida Brigadeiro Faria Lima")
        #expect(names.road("Rod. dos Bandeirantes") == "Rodovia dos Bandeirantes")
        #expect(names.road("Pç. da República") == "Praça da República")
        #expect(names.road("R. da Consolação") == "Rua da Consolação")
        #expect(composer.rerouting == "Recalculando a rota")
    }
}
