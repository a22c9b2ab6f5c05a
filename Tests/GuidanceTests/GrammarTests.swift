import Testing

@testable import Guidance

/// The format expresses languages beyond the four written here: Polish and Czech plurals,
/// Chinese without case or plurals.
@Suite struct GrammarTests {
    static let polishRules = try! PluralRules([
        (.one, "i = 1 and v = 0"),
        (.few, "v = 0 and i % 10 = 2..4 and i % 100 != 12..14"),
        (.many, "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14"),
    ])
    static let czechRules = try! PluralRules([(.one, "i = 1 and v = 0"), (.few, "i = 2..4 and v = 0"), (.many, "v != 0")])
    static let frenchRules = try! PluralRules([(.one, "i = 0,1")])

    @Test(arguments: [
        ("1", PluralCategory.one), ("2", .few), ("4", .few), ("5", .many), ("12", .many), ("14", .many),
        ("22", .few), ("25", .many), ("100", .many), ("101", .many), ("1.5", .other), ("0", .many),
    ])
    func polishPlurals(digits: String, category: PluralCategory) {
        #expect(Self.polishRules.category(of: digits) == category)
    }

    @Test(arguments: [("1", PluralCategory.one), ("3", .few), ("5", .other), ("1.5", .many), ("0.25", .many)])
    func czechPlurals(digits: String, category: PluralCategory) {
        #expect(Self.czechRules.category(of: digits) == category)
    }

    @Test func frenchAndEnglishPlurals() {
        #expect(Self.frenchRules.category(of: "0") == .one)
        #expect(Self.frenchRules.category(of: "1.5") == .one)
        #expect(Self.frenchRules.category(of: "2") == .other)
        #expect(PluralRules.oneOther.category(of: "1") == .one)
        #expect(PluralRules.oneOther.category(of: "1.5") == .other)
    }

    @Test func cldrSyntaxVariants() throws {
        let rules = try PluralRules([
            (.one, "n is 1 @integer 1"), (.two, "n mod 10 in 2..3 and n not in 12..13"),
            (.few, "n within 5..6 or t = 5"),
        ])
        #expect(rules.category(of: "1") == .one)
        #expect(rules.category(of: "23") == .two)
        #expect(rules.category(of: "13") == .other)
        #expect(rules.category(of: "5") == .few)
        #expect(rules.category(of: "0.5") == .few)
        #expect(rules.categories == [.one, .two, .few, .other])
    }

    @Test func invalidRulesAreRejected() {
        #expect(throws: PluralRuleError.self) { try PluralRules([(.one, "x = 1")]) }
        #expect(throws: PluralRuleError.self) { try PluralRules([(.one, "i = ")]) }
        #expect(throws: PluralRuleError.self) { try PluralRules([(.one, "i = 4..2")]) }
        #expect(throws: PluralRuleError.self) { try PluralRules([(.other, "i = 1")]) }
    }

    static func polishPack() throws -> PhrasePack {
        var pack = MinimalPack()
        pack.numbers = """
            numbers:
              decimalSeparator: ","
              plural:
                one: "i = 1 and v = 0"
                few: "v = 0 and i % 10 = 2..4 and i % 100 != 12..14"
                many: "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14"
            """
        pack.distance = """
            distance:
              default:
                lessThan: "mniej niż {distance}"
                meters: { one: "{n} metr", few: "{n} metry", many: "{n} metrów", other: "{n} metra" }
                kilometers: { one: "{n} kilometr", few: "{n} kilometry", many: "{n} kilometrów", other: "{n} kilometra" }
            """
        pack.lanes = """
            lanes:
              left: { one: "jedź lewym pasem", few: "jedź jednym z {count} lewych pasów", many: "jedź jednym z {count} lewych pasów", other: "x", "2": "jedź jednym z dwóch lewych pasów" }
              right: { one: "jedź prawym pasem", few: "jedź jednym z {count} prawych pasów", many: "jedź jednym z {count} prawych pasów", other: "x" }
              middle: { one: "jedź środkowym pasem", few: "jedź jednym z {count} środkowych pasów", many: "x", other: "x" }
            """
        pack.states = pack.states.replacingOccurrences(of: "in {distance} {action}", with: "za {distance} {action}")
        pack.maneuvers["turns"] = "{ action: \"skręć {side}\", short: \"skręć {side}\" }"
        pack.sides = "sides: { left: w lewo, right: w prawo }"
        pack.estimates = pack.estimates.replacingOccurrences(
            of: #"minutes: { one: "{n} minute", other: "{n} minutes" }"#,
            with: #"minutes: { one: "minutę", few: "{n} minuty", many: "{n} minut", other: "{n} minuty" }"#
        ).replacingOccurrences(
            of: #"hours: { one: "{n} hour", other: "{n} hours" }"#,
            with: #"hours: { one: "godzinę", few: "{n} godziny", many: "{n} godzin", other: "{n} godziny" }"#)
        return try pack.pack()
    }

    @Test func polishDistancesUseThreeForms() throws {
        let composer = PhraseComposer(pack: try Self.polishPack())
        #expect(composer.distancePhrase(meters: 1000) == "1 kilometr")
        #expect(composer.distancePhrase(meters: 2000) == "2 kilometry")
        #expect(composer.distancePhrase(meters: 5000) == "5 kilometrów")
        #expect(composer.distancePhrase(meters: 22_000) == "22 kilometry")
        #expect(composer.distancePhrase(meters: 12_000) == "12 kilometrów")
        #expect(composer.distancePhrase(meters: 1500) == "1,5 kilometra")
        #expect(composer.distancePhrase(meters: 300) == "300 metrów")
        #expect(composer.distancePhrase(meters: 4) == "mniej niż 10 metrów")
        #expect(composer.compose(Maneuver(type: .leftTurn), state: .initial, distance: 2000) == "Za 2 kilometry skręć w lewo")
    }

    @Test func polishLaneCounts() throws {
        let composer = PhraseComposer(pack: try Self.polishPack())
        #expect(composer.lanePhrase(LaneGuidance(position: .left, count: 2)) == "jedź jednym z dwóch lewych pasów")
        #expect(composer.lanePhrase(LaneGuidance(position: .right, count: 3)) == "jedź jednym z 3 prawych pasów")
    }

    /// A full stop inside a name (an abbreviation the pack does not expand: an English "Cir." in a
    /// German prompt) ends no sentence: the word after it keeps its case, the sentences after it
    /// still start with a capital, and the stop is said and shown as written.
    @Test func aNamesFullStopEndsNoSentence() throws {
        let german = try PackFiles.composer("de")
        let turn = Maneuver(type: .rightTurn, roadName: "Solar Cir.", towards: "Ft. Lee")
        let said = german.compose(turn, state: .initial, distance: 800, then: Maneuver(type: .leftTurn, roadName: "Main Ave."))
        #expect(said == "In 800 Metern rechts auf Solar Cir. abbiegen. Dann links auf Main Ave. abbiegen", "\(said)")
        let wording = german.wording(turn, state: .prepare, distance: 200)
        #expect(wording.text.contains("Solar Cir. abbiegen") && !wording.text.contains("\u{E000}"), "\(wording)")
        let english = try PackFiles.composer("en-US")
        // ("Ft. Lee", the example here, is now said "Fort Lee"; "Ste." is not expanded.)
        #expect(
            english.compose(Maneuver(type: .keepLeft, towards: "Ste. Genevieve"), state: .prepare, distance: 400)
                == "In a quarter mile, keep left toward Ste. Genevieve")
    }

    @Test func polishDurationsTakeTheirThreeForms() throws {
        let composer = PhraseComposer(pack: try Self.polishPack())
        #expect(
            [60, 120, 300, 1320, 3600, 7200, 18_000].map { composer.duration(seconds: Double($0)) } == [
                "minutę", "2 minuty", "5 minut", "22 minuty", "godzinę", "2 godziny", "5 godzin",
            ])
    }

    @Test func chineseWithoutCaseOrPlurals() throws {
        var pack = MinimalPack()
        pack.header += "\ncapitalizeSentences: false"
        pack.numbers = "numbers:\n  plural: {}"
        pack.distance = """
            distance:
              default:
                lessThan: "不到{distance}"
                meters: { other: "{n}米" }
                kilometers: { other: "{n}公里" }
            """
        pack.lanes = """
            lanes:
              left: { other: "请走左侧{count}条车道", "1": "请走最左侧车道" }
              right: { other: "请走右侧{count}条车道", "1": "请走最右侧车道" }
              middle: { other: "请走中间{count}条车道" }
            """
        pack.states = pack.states.replacingOccurrences(of: "in {distance} {action}", with: "前方{distance}，{action}")
        pack.maneuvers["turns"] = "{ action: \"{side}转[，进入{road}]\", short: \"{side}转\" }"
        pack.sides = "sides: { left: 左, right: 右 }"
        let composer = PhraseComposer(pack: try pack.pack())
        #expect(composer.pack.pluralRules.categories == [.other])
        #expect(
            composer.compose(Maneuver(type: .rightTurn, roadName: "长安街"), state: .initial, distance: 300)
                == "前方300米，右转，进入长安街")
        #expect(composer.compose(Maneuver(type: .rightTurn), state: .initial, distance: 1500) == "前方1.5公里，右转")
        #expect(composer.lanePhrase(LaneGuidance(position: .left, count: 1)) == "请走最左侧车道")
    }

    @Test func orderedOrdinalForms() throws {
        var pack = MinimalPack()
        pack.ordinals += "\n  instrumental: [" + (1...19).map { "i\($0)" }.joined(separator: ", ") + "]"
        pack.maneuvers["roundaboutExits"] = "{ action: \"take {ordinal}\", short: \"by {ordinal:instrumental}\" }"
        let composer = PhraseComposer(pack: try pack.pack())
        let exit = Maneuver(type: .roundaboutExit5)
        #expect(composer.compose(exit, state: .initial, distance: 500) == "In 500 meters take o5")
        #expect(composer.compose(exit, state: .execute, distance: 5, style: .short) == "By i5")
    }
}
