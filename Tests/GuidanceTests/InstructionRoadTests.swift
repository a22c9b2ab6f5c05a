import PropertyBased
import Testing

@testable import Guidance

/// A road named only inside an app's instruction variants (apps built like 2GIS: "ul. Kutateladze"
/// and no `roadName`) is said, through the pack's name expansion; when no name is found confidently,
/// none is said.
@Suite struct InstructionRoadTests {
    static func road(_ language: String, _ variants: [String]) throws -> String? {
        try PackFiles.pack(language).instructionRoads.road(in: variants)
    }

    /// Each pack: instructions as its language's apps write them, and the road in each (nil: none).
    static let examples: [(String, [String], String?)] = [
        ("en-US", ["Turn Right on Solar Circle", "Turn Right"], "Solar Circle"),
        ("en-US", ["Turn right onto Solar Cir."], "Solar Cir."),
        ("en-US", ["Turn right into Upton Rd"], "Upton Rd"),
        ("en-US", ["Turn right onto Main Street."], "Main Street"),
        ("en-US", ["Turn right onto Main St., then turn left"], "Main St."),
        ("en-US", ["Continue on I-95 toward Boston", "Continue on I-95"], "I-95"),
        ("en-US", ["Keep left on the ramp onto US 1 N"], "US 1 N"),
        ("en-US", ["Turn right"], nil),
        ("en-US", ["Turn right on the ramp", "Turn right"], nil),
        ("en-US", ["Turn right in 300 ft"], nil),
        ("en-US", ["Take exit 12 toward Airport"], nil),
        ("en-US", ["Continue onward to Springfield"], nil),
        ("en-US", ["Turn right onto"], nil),
        ("en-US", ["Turn right on the road that goes past the Old Mill and the big Church"], nil),
        ("en-US", [], nil),
        ("en-GB", ["Turn left onto Station Rd", "Turn left"], "Station Rd"),
        ("en-GB", ["At the roundabout, take the 2nd exit onto the A40"], "the A40"),
        ("de", ["Rechts abbiegen auf die Hauptstr.", "Rechts abbiegen"], "Hauptstr."),
        ("de", ["Auf die B 27 Richtung Stuttgart rechts abbiegen"], "B 27"),
        ("de", ["In die Goethestraße links abbiegen"], "Goethestraße"),
        ("de", ["Rechts abbiegen in Richtung Zentrum"], nil),
        ("fr", ["Tournez à droite sur la Rue de Rivoli", "Tournez à droite"], "Rue de Rivoli"),
        ("fr", ["Tournez à gauche dans l'Avenue Foch vers Étoile"], "Avenue Foch"),
        ("fr", ["Tournez à droite"], nil),
        ("es", ["Gira a la derecha hacia la Calle Mayor", "Gira a la derecha"], "Calle Mayor"),
        ("es", ["Gira a la derecha"], nil),
        ("it", ["Svolta a destra in Via Roma", "Svolta a destra"], "Via Roma"),
        ("it", ["Svolta a destra in 200 m"], nil),
        ("nl", ["Sla rechtsaf naar Hoofdstraat", "Sla rechtsaf"], "Hoofdstraat"),
        ("nl", ["Houd links aan op de A2 richting Utrecht"], "A2"),
        ("pl", ["Skręć w prawo w ul. Kutateladze", "Skręć w prawo"], "ul. Kutateladze"),
        ("pl", ["Skręć w prawo w ul. Kutateladze w kierunku Krakowa"], "ul. Kutateladze"),
        ("pl", ["Skręć w prawo"], nil),
        ("cs", ["Odbočte vpravo na Národní", "Odbočte vpravo"], "Národní"),
        ("cs", ["Odbočte vpravo"], nil),
        ("sv", ["Sväng höger in på Drottninggatan", "Sväng höger"], "Drottninggatan"),
        ("sv", ["Sväng höger"], nil),
        ("pt-BR", ["Vire à direita na Av. Paulista", "Vire à direita"], "Av. Paulista"),
        ("pt-BR", ["Vire à direita em 200 m"], nil),
        ("zh", ["右转进入中山路", "右转"], "中山路"),
        ("zh", ["右转进入中山路，然后左转"], "中山路"),
        ("zh", ["右转"], nil),
    ]

    @Test func eachPackFindsTheRoadOnlyWhereOneIsNamed() throws {
        for (language, variants, expected) in Self.examples {
            #expect(try Self.road(language, variants) == expected, "\(language) \(variants)")
        }
        #expect(Set(Self.examples.map(\.0)) == Set(PackFiles.languages), "every pack has examples")
    }

    @Test func everyPackHasTheSection() throws {
        for language in PackFiles.languages {
            #expect(try !PackFiles.pack(language).instructionRoads.before.isEmpty, "\(language)")
        }
    }

    @Test func theRoadIsSaidThroughTheNameExpansion() throws {
        let turn = Maneuver(type: .rightTurn, instructionVariants: ["Turn Right on Solar Cir.", "Turn Right"])
        let pack = try PackFiles.pack("en-US")
        let composer = PhraseComposer(pack: pack)
        #expect(composer.compose(pack.instructionRoads.filling(turn), state: .initial, distance: 250) == "In 800 feet, turn right onto Solar Circle")
        let polish = try PackFiles.pack("pl")
        let kutateladze = Maneuver(type: .rightTurn, instructionVariants: ["Skręć w prawo w ul. Kutateladze"])
        let said = PhraseComposer(pack: polish).compose(polish.instructionRoads.filling(kutateladze), state: .prepare, distance: 100)
        #expect(said.contains("Kutateladze") && !said.contains("ul."), "\(said)")
        // Nothing found: the maneuver without a road, as if it had no variants.
        let plain = Maneuver(type: .rightTurn, instructionVariants: ["Turn right"])
        #expect(composer.compose(pack.instructionRoads.filling(plain), state: .initial, distance: 250) == "In 800 feet, turn right")
    }

    @Test func theAppsOwnRoadNameWins() throws {
        let roads = try PackFiles.pack("en-US").instructionRoads
        let named = Maneuver(type: .rightTurn, instructionVariants: ["Turn right onto Oak Ave"], roadName: "Solar Cir.")
        #expect(roads.filling(named) == named)
        var blank = named
        blank.roadName = " "
        #expect(roads.filling(blank).roadName == "Oak Ave")
        // A road that is the route number or the signpost already is not said twice.
        let ramp = Maneuver(type: .keepLeft, instructionVariants: ["Keep left onto A7", "Keep left"], routeNumber: "A7")
        #expect(roads.filling(ramp) == ramp)
        let sign = Maneuver(type: .offRamp, instructionVariants: ["Take the exit onto Airport Rd"], towards: " airport rd")
        #expect(roads.filling(sign) == sign)
        #expect(InstructionRoad.none.filling(Maneuver(type: .rightTurn, instructionVariants: ["Turn right onto Oak Ave"])).roadName == nil)
    }

    @Test func roadNamesOffLeavesTheInstructionsRoadOut() throws {
        let pack = try PackFiles.pack("en-US")
        let turn = Maneuver(type: .rightTurn, instructionVariants: ["Turn Right on Solar Cir.", "Turn Right"])
        let said = RoadMentions(names: false).apply(to: pack.instructionRoads.filling(turn), names: pack.names)
        #expect(PhraseComposer(pack: pack).compose(said, state: .initial, distance: 250) == "In 800 feet, turn right")
        // A route number found there counts as a number.
        let ramp = Maneuver(type: .keepLeft, instructionVariants: ["Keep left onto I-95"])
        #expect(RoadMentions(numbers: false).apply(to: pack.instructionRoads.filling(ramp), names: pack.names).roadName == nil)
        #expect(RoadMentions(names: false).apply(to: pack.instructionRoads.filling(ramp), names: pack.names).roadName == "I-95")
    }

    @Test func aBadSectionIsRefusedWithItsPath() throws {
        let base = try PackFiles.yaml("en-US")
        let cases: [(String, String)] = [
            ("instructionRoads: { before: [] }", "instructionRoads.before"),
            ("instructionRoads: { until: [toward] }", "instructionRoads.before"),
            ("instructionRoads: { before: [onto], after: [x] }", "instructionRoads.after"),
            ("instructionRoads: { before: onto }", "instructionRoads.before"),
            ("instructionRoads: { before: [\" onto\"] }", "instructionRoads.before[0]"),
            ("instructionRoads: { before: [onto], until: [\"\"] }", "instructionRoads.until[0]"),
        ]
        for (section, path) in cases {
            let yaml = base.replacingOccurrences(of: "instructionRoads:\n  before: [onto, on, into]\n  until: [toward, towards, then, for, at]", with: section)
            #expect(yaml != base)
            #expect(throws: PhrasePackError.self, "\(section)") { try PhrasePack(yaml: yaml) }
            do {
                _ = try PhrasePack(yaml: yaml)
            } catch {
                #expect(error.path == path, "\(section): \(error)")
            }
        }
    }

    /// A road is looked for only in an instruction of at most 400 characters (a line of the card):
    /// a megabyte a client may send is no instruction, and is not read.
    @Test func aHugeInstructionHasNoRoad() throws {
        let roads = try PackFiles.pack("en-US").instructionRoads
        let start = ContinuousClock.now
        #expect(roads.road(in: [String(repeating: "on ", count: 300_000) + "onto Main Street"]) == nil)
        #expect(ContinuousClock.now - start < .seconds(2))
        let longest = "Turn right onto Main Street" + String(repeating: " ", count: 10) + String(repeating: ".", count: 363)
        #expect(longest.count == InstructionRoad.maximumInstructionLength)
        #expect(roads.road(in: [longest]) == nil, "a sentence of dots after it is no name's end")
        let fits = String(repeating: "on ", count: 124) + "onto Main Street"
        #expect(fits.count <= InstructionRoad.maximumInstructionLength && roads.road(in: [fits]) == "Main Street")
        #expect(roads.road(in: ["x" + String(repeating: " ", count: 400) + fits]) == "Main Street", "counted tidied")
        #expect(roads.road(in: [fits + String(repeating: "!", count: 400)]) == nil)
    }

    /// Whatever an app sends, a road found is a stretch of its longest variant, short and name-like.
    @Test func anyTextGivesARoadOfTheTextOrNone() async throws {
        let roads = try PackFiles.pack("en-US").instructionRoads
        let word = Gen.element(of: ["Turn", "right", "on", "onto", "the", "Main", "St.", "toward", "I-95", ",", "300", "ft", "then", "Oak", "中山路"]).map { $0! }
        let variant = word.array(of: 0...14).map { $0.joined(separator: " ") }
        await propertyCheck(count: 400, input: variant.array(of: 0...3)) { variants in
            guard let road = roads.road(in: variants) else { return }
            let longest = variants.map(NavigationText.tidied).max { $0.count < $1.count } ?? ""
            #expect(longest.contains(road), "\(variants)")
            #expect(road.count <= InstructionRoad.maximumCharacters && road.split(separator: " ").count <= InstructionRoad.maximumWords)
            #expect(road.contains { $0.isUppercase || ($0.isLetter && !$0.isCased) }, "\(variants) → \(road)")
            #expect(!road.hasPrefix(" ") && !road.hasSuffix(" ") && !road.contains(","))
        }
    }
}
