import Testing

@testable import Guidance

/// Correct but stiff wordings the native review named (issue 52), as the language's apps say them.
@Suite struct PlainerWordingTests {
    @Test func stiffWordingsAreSaidAsAppsSayThem() throws {
        let composers = try PackFiles.composers(["pl", "cs", "en-GB", "fr", "it", "pt-BR"])
        func short(_ language: String, _ maneuver: Maneuver) -> String {
            composers[language]!.compose(maneuver, state: .execute, distance: 0, style: .short)
        }
        #expect(short("pl", Maneuver(type: .arriveAtDestination)) == "Jesteś u celu")
        #expect(short("cs", Maneuver(type: .arriveAtDestination)) == "Jste v cíli")
        #expect(
            composers["en-GB"]!.compose(Maneuver(type: .highwayOffRampLeft, exitNumber: "7", towards: "Gatwick"), state: .prepare, distance: 800)
                == "In half a mile, at junction 7, take the exit on the left towards Gatwick")
        #expect(composers["fr"]!.alert(.speedCamera, distance: 500) == "Zone de contrôle dans 500 mètres")
        #expect(composers["it"]!.compose(Maneuver(type: .startRoute), state: .execute, distance: 0) == "Inizia il percorso")
        #expect(composers["it"]!.compose(Maneuver(type: .startRoute, roadName: "Via Po"), state: .execute, distance: 0) == "Procedi su Via Po")
        #expect(composers["pt-BR"]!.compose(Maneuver(type: .startRoute), state: .execute, distance: 0) == "Inicie o trajeto")
    }
}
