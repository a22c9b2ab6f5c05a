import Testing

@testable import Guidance

/// A ferry maneuver's `roadName` (issue 52) is the ferry's own name, its line, only when it names
/// one: it says a ferry word of the pack's `names.ferries` ("Ferry", "Fähre", "prom", "轮渡") or
/// joins two places by a dash. A road that does not (a client sending the road beyond the ferry) is
/// not said as the ferry's name: boarding is "take the ferry"; leaving says the road it leads onto,
/// and a line's name there is not said as a road. The same rule for every pack, through
/// `PhraseComposer` and `NameExpander.isFerryLine`.
@Suite struct FerryLineTests {
    static let states: [ManeuverState] = [.initial, .prepare, .execute]

    @Test(arguments: PackFiles.languages) func aRoadThatNamesNoFerryIsNotTheFerrysName(language: String) throws {
        let composer = try PackFiles.composer(language)
        for type in [ManeuverType.enterFerry, .changeFerry] {
            for state in Self.states {
                let road = composer.compose(Maneuver(type: type, roadName: "Quayside Rd."), state: state, distance: 600)
                let bare = composer.compose(Maneuver(type: type), state: state, distance: 600)
                #expect(road == bare, "\(language) \(type) \(state): '\(road)'")
                // With a signpost, the signpost alone is said.
                let both = composer.compose(Maneuver(type: type, roadName: "Quayside Rd.", towards: "Kingsport"), state: state, distance: 600)
                let signpost = composer.compose(Maneuver(type: type, towards: "Kingsport"), state: state, distance: 600)
                #expect(both == signpost && both.contains("Kingsport"), "\(language) \(type) \(state): '\(both)'")
            }
        }
    }

    @Test(arguments: PackFiles.languages) func aLineJoiningTwoPlacesByADashIsTheFerrysName(language: String) throws {
        let composer = try PackFiles.composer(language)
        for type in [ManeuverType.enterFerry, .changeFerry] {
            for state in Self.states {
                for line in ["Fauntleroy – Southworth", "Fauntleroy—Southworth"] {
                    let said = composer.compose(Maneuver(type: type, roadName: line), state: state, distance: 600)
                    #expect(said.contains(line), "\(language) \(type) \(state): '\(said)'")
                }
            }
        }
    }

    /// Each pack's own ferry word in a line's name, said once.
    @Test func aLineNamedWithThePacksFerryWordIsTheFerrysName() throws {
        func board(_ language: String, _ line: String) throws -> String {
            try PackFiles.composer(language).compose(Maneuver(type: .enterFerry, roadName: line), state: .execute, distance: 0)
        }
        #expect(try board("en-US", "Port Townsend Ferry") == "Take the Port Townsend Ferry")
        #expect(try board("en-GB", "Woolwich Ferry") == "Board the Woolwich Ferry")
        #expect(try board("de", "Fähre Ketzin") == "Auf die Fähre Ketzin fahren")
        #expect(try board("fr", "Ferry de Sète") == "Prenez le ferry de Sète")
        #expect(try board("it", "Traghetto Bellagio") == "Prendi il traghetto Bellagio")
        #expect(try board("nl", "Veerpont Kampen") == "De veerboot Veerpont Kampen nemen")
        #expect(try board("pl", "Prom Mikoszewo") == "Wjedź na prom Mikoszewo")
        #expect(try board("cs", "Přívoz Lahovičky") == "Najeďte na trajekt Přívoz Lahovičky")
        #expect(try board("sv", "Färjeleden Hamburgsund") == "Kör ombord på färjan Färjeleden Hamburgsund")
        #expect(try board("pt-BR", "Balsa Ilhabela") == "Pegue a balsa Ilhabela")
        #expect(try board("zh", "琼州海峡轮渡") == "乘坐琼州海峡轮渡")
        #expect(try board("es", "Ferri Algeciras") == "Toma el ferri Algeciras")
    }

    @Test(arguments: PackFiles.languages) func leavingTheFerrySaysTheRoadButNotTheLine(language: String) throws {
        let composer = try PackFiles.composer(language)
        for state in Self.states {
            let road = composer.compose(Maneuver(type: .exitFerry, roadName: "Quayside Road"), state: state, distance: 600)
            #expect(road.contains("Quayside Road"), "\(language) \(state): '\(road)'")
            let line = composer.compose(Maneuver(type: .exitFerry, roadName: "Fauntleroy – Southworth"), state: state, distance: 600)
            #expect(line == composer.compose(Maneuver(type: .exitFerry), state: state, distance: 600), "\(language) \(state): '\(line)'")
        }
        let english = try PackFiles.composer("en-US")
        #expect(english.compose(Maneuver(type: .exitFerry, roadName: "Quayside Road"), state: .execute, distance: 0) == "Leave the ferry onto Quayside Road")
    }

    @Test func whatNamesAFerryLine() throws {
        let en = try PackFiles.pack("en-US").names
        let de = try PackFiles.pack("de").names
        let zh = try PackFiles.pack("zh").names
        #expect(en.isFerryLine("Quayside Road") == false)
        #expect(en.isFerryLine("Wilkes-Barre Boulevard") == false)  // a hyphen inside a name joins no places
        #expect(en.isFerryLine("Dupont Circle") == false)
        #expect(en.isFerryLine("Cape Charles - Kiptopeke"))
        #expect(en.isFerryLine("Anacortes ferry terminal"))
        #expect(de.isFerryLine("Rheinfähre Kaub"))  // a compound ending in the ferry word
        #expect(de.isFerryLine("Fährstraße") == false)
        #expect(zh.isFerryLine("烟台大连轮渡航线") && !zh.isFerryLine("滨海大道"))
    }

    @Test func aFerryWordIsOneWordOfLetters() throws {
        let yaml = try PackFiles.yaml("en-US").replacingOccurrences(of: "ferries: [ferry, ferries, ferryboat]", with: "ferries: [ferry boat]")
        #expect(throws: PhrasePackError.self) { try PhrasePack(yaml: yaml) }
    }
}
