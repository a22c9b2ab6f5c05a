import Testing

@testable import Guidance

/// "Keep right" with only a road name says where it leads onto, not a direction (issue 52): "keep
/// right onto Lake Shore Drive", as apps say it; "toward" is a signpost's alone.
@Suite struct KeepOntoRoadTests {
    /// In every pack, a keep onto a road is not worded as a keep toward a signpost of the same name.
    @Test(arguments: PackFiles.languages) func aRoadIsNotSaidAsTheDirection(language: String) throws {
        let composer = try PackFiles.composer(language)
        for type in [ManeuverType.keepLeft, .keepRight] {
            for state in [ManeuverState.prepare, .execute] {
                let onto = composer.compose(Maneuver(type: type, roadName: "Oak Avenue"), state: state, distance: 200)
                let toward = composer.compose(Maneuver(type: type, towards: "Oak Avenue"), state: state, distance: 200)
                #expect(onto.contains("Oak Avenue") && onto != toward, "\(language) \(type) \(state): '\(onto)'")
                let route = composer.compose(Maneuver(type: type, routeNumber: "A7"), state: state, distance: 200)
                let signed = composer.compose(Maneuver(type: type, towards: "A7"), state: state, distance: 200)
                #expect(route != signed, "\(language) \(type) \(state): '\(route)'")
            }
        }
    }

    @Test func keepsOntoARoadAsNativeAppsSayThem() throws {
        let composers = try PackFiles.composers(["en-US", "de", "fr", "es", "it", "pl", "zh", "sv"])
        func say(_ language: String, _ road: String) -> String {
            composers[language]!.compose(Maneuver(type: .keepRight, roadName: road), state: .prepare, distance: 200)
        }
        #expect(say("en-US", "Lake Shore Drive") == "In 700 feet, keep right onto Lake Shore Drive")
        #expect(say("de", "Königsallee") == "In 200 Metern rechts halten und auf die Königsallee fahren")
        #expect(say("fr", "Rue de la République") == "Dans 200 mètres, serrez à droite sur la rue de la République")
        #expect(say("es", "Paseo de Gracia") == "En 200 metros, mantente a la derecha por el paseo de Gracia")
        #expect(say("it", "Corso Vittorio Emanuele II") == "Tra 200 metri, mantieni la destra su Corso Vittorio Emanuele II")
        #expect(say("pl", "Puławska") == "Za 200 metrów trzymaj się prawej strony i wjedź na Puławską")
        #expect(say("zh", "中山路") == "前方两百米靠右行驶，进入中山路")
        #expect(say("sv", "Sveavägen") == "Om 200 meter, håll höger in på Sveavägen")
    }
}
