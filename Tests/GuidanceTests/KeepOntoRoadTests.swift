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

    /// A motorway change is a keep too ("keep right to take the ramp"): with only a road it says the
    /// road it leads onto, in every pack; "toward" stays a signpost's.
    @Test(arguments: PackFiles.languages) func aMotorwayChangeOntoARoadIsNotSaidAsTheDirection(language: String) throws {
        try expectOntoNotToward([.changeHighway, .changeHighwayLeft, .changeHighwayRight], road: "Ridgeline Expressway", language: language)
    }

    @Test func motorwayChangesOntoARoadAsNativeAppsSayThem() throws {
        let composers = try PackFiles.composers(["en-US", "en-GB", "de", "fr", "es", "it", "nl", "pt-BR", "sv", "zh"])
        func say(_ language: String, _ road: String) -> String {
            composers[language]!.compose(Maneuver(type: .changeHighwayRight, roadName: road), state: .execute, distance: 0)
        }
        #expect(say("en-US", "Ridgeline Expressway") == "Keep right to take the ramp onto Ridgeline Expressway")
        #expect(say("en-GB", "Westway") == "Keep right for the slip road onto Westway")
        #expect(say("de", "Frankenschnellweg") == "Rechts halten und auf den Frankenschnellweg wechseln")
        #expect(say("fr", "Rocade Est") == "Serrez à droite pour prendre la rocade Est")
        #expect(say("es", "Autovía del Nordeste") == "Mantente a la derecha y toma el enlace con la autovía del Nordeste")
        #expect(say("it", "Tangenziale Nord") == "Mantieni la destra e prendi lo svincolo per la Tangenziale Nord")
        #expect(say("nl", "Ring Zuid") == "Rechts aanhouden en de verbindingsweg naar de Ring Zuid nemen")
        #expect(say("pt-BR", "Marginal Tietê") == "Mantenha-se à direita e pegue a alça de acesso para a Marginal Tietê")
        #expect(say("sv", "Essingeleden") == "Håll höger och byt till Essingeleden")
        #expect(say("zh", "北四环") == "靠右进入匝道，驶入北四环")
        // A signpost is still said as the direction.
        #expect(
            composers["en-US"]!.compose(Maneuver(type: .changeHighwayRight, towards: "Fairview"), state: .execute, distance: 0)
                == "Keep right to take the ramp toward Fairview")
    }

    /// An on-ramp with only a road says the road it joins, as the English, German, Czech, Polish and
    /// Chinese packs did: es, fr, it, nl, pt-BR and sv said it as the direction.
    @Test(arguments: PackFiles.languages) func anOnRampOntoARoadIsNotSaidAsTheDirection(language: String) throws {
        try expectOntoNotToward([.onRamp], road: "Ridgeline Expressway", language: language, states: [.prepare])
    }

    @Test func onRampsOntoARoadAsNativeAppsSayThem() throws {
        let composers = try PackFiles.composers(["es", "fr", "it", "nl", "pt-BR", "sv"])
        func say(_ language: String, _ road: String) -> String {
            composers[language]!.compose(Maneuver(type: .onRamp, roadName: road), state: .execute, distance: 0)
        }
        #expect(say("es", "Autovía del Nordeste") == "Incorpórate a la autovía del Nordeste")
        #expect(say("fr", "Rocade Est") == "Prenez la bretelle pour rejoindre la rocade Est")
        #expect(say("it", "Tangenziale Nord") == "Immettiti sulla Tangenziale Nord")
        #expect(say("nl", "Ring Zuid") == "De Ring Zuid oprijden")
        #expect(say("pt-BR", "Marginal Tietê") == "Entre na Marginal Tietê")
        #expect(say("sv", "Essingeleden") == "Ta påfarten till Essingeleden")
    }
}

/// An off-ramp with only a road says the road it leads onto, and a ferry with only a road that
/// names a ferry line names the ferry by it, in every pack (issue 52): they said it as the direction,
/// "take the exit toward …", which apps say of a signpost alone (`FerryLineTests`: a road that names
/// no ferry is not the ferry's name).
@Suite struct OffRampAndFerryRoadTests {
    @Test(arguments: PackFiles.languages) func anOffRampOntoARoadIsNotSaidAsTheDirection(language: String) throws {
        try expectOntoNotToward([.offRamp, .highwayOffRampLeft, .highwayOffRampRight], road: "Larkspur Boulevard", language: language)
    }

    @Test func offRampsOntoARoadAsNativeAppsSayThem() throws {
        let composers = try PackFiles.composers(["en-US", "en-GB", "de", "fr", "es", "it", "nl", "pt-BR", "sv", "zh"])
        func say(_ language: String, _ road: String, exit: String? = nil) -> String {
            composers[language]!.compose(
                Maneuver(type: .highwayOffRampRight, roadName: road, exitNumber: exit), state: .execute, distance: 0)
        }
        #expect(say("en-US", "Larkspur Boulevard", exit: "31") == "Take exit 31 on the right onto Larkspur Boulevard")
        #expect(say("en-GB", "Portway") == "Take the exit on the right onto Portway")
        #expect(say("de", "Ruhrschnellweg") == "Die Ausfahrt rechts nehmen und auf den Ruhrschnellweg fahren")
        #expect(say("fr", "Avenue de Lattre") == "Prenez la sortie à droite pour rejoindre l'avenue de Lattre")
        #expect(say("es", "Ronda de Dalt") == "Toma la salida por la derecha para incorporarte a la Ronda de Dalt")
        #expect(say("it", "Tangenziale Ovest") == "Prendi l'uscita a destra e immettiti sulla Tangenziale Ovest")
        #expect(say("nl", "Velperweg") == "De afrit rechts nemen naar de Velperweg")
        #expect(say("pt-BR", "Marginal Pinheiros") == "Pegue a saída à direita para a Marginal Pinheiros")
        #expect(say("sv", "Södra länken") == "Ta avfarten till höger in på Södra länken")
        #expect(say("zh", "京藏高速") == "从右侧出口驶出，进入京藏高速")
        // A signpost is still said as the direction.
        #expect(
            composers["en-US"]!.compose(Maneuver(type: .offRamp, towards: "Millbrae"), state: .execute, distance: 0)
                == "Take the exit toward Millbrae")
    }

    @Test(arguments: PackFiles.languages) func aFerryIsNamedByItsRoadNotHeadedFor(language: String) throws {
        try expectOntoNotToward([.enterFerry, .changeFerry], road: "Lindau – Bregenz", language: language)
    }

    @Test func ferriesAsNativeAppsNameThem() throws {
        let composers = try PackFiles.composers(["en-US", "de", "fr", "pl", "zh"])
        func say(_ language: String, _ road: String, _ type: ManeuverType = .enterFerry) -> String {
            composers[language]!.compose(Maneuver(type: type, roadName: road), state: .execute, distance: 0)
        }
        // The name's own "Ferry" or "Fähre" is not said twice.
        #expect(say("en-US", "Bainbridge Island Ferry") == "Take the Bainbridge Island Ferry")
        #expect(say("en-US", "Cape May – Lewes", .changeFerry) == "Change to the Cape May – Lewes ferry")
        #expect(say("de", "Fähre Glückstadt–Wischhafen") == "Auf die Fähre Glückstadt–Wischhafen fahren")
        #expect(say("fr", "Matane–Godbout") == "Prenez le ferry Matane–Godbout")
        #expect(say("pl", "Karsibór – Świnoujście") == "Wjedź na prom Karsibór – Świnoujście")
        #expect(say("zh", "烟大轮渡") == "乘坐烟大轮渡")
        #expect(
            composers["de"]!.compose(Maneuver(type: .enterFerry, towards: "Wischhafen"), state: .execute, distance: 0)
                == "Auf die Fähre fahren Richtung Wischhafen")
    }
}

/// For each of `types` in each of `states`: with only `road`, the pack says the road, and not as it
/// says a signpost of that name ("toward …").
func expectOntoNotToward(
    _ types: [ManeuverType], road: String, language: String, states: [ManeuverState] = [.prepare, .execute]
) throws {
    let composer = try PackFiles.composer(language)
    for type in types {
        for state in states {
            let onto = composer.compose(Maneuver(type: type, roadName: road), state: state, distance: 200)
            let toward = composer.compose(Maneuver(type: type, towards: road), state: state, distance: 200)
            #expect(onto.contains(road) && onto != toward, "\(language) \(type) \(state): '\(onto)'")
        }
    }
}
