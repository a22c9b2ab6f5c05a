import PropertyBased
import Testing

@testable import Guidance

/// Text as navigation apps send it (Navit's, in issue 36), tidied and shortened: pure.
@Suite struct NavigationTextTests {
    @Test(arguments: [
        ("Turn right now into Oak Avenue , Turn left then into Pine Street ", "Turn right now into Oak Avenue, Turn left then into Pine Street"),
        ("merge onto the A 99|left", "merge onto the A 99"),
        ("merge onto the A 99|left , then keep right", "merge onto the A 99, then keep right"),
        ("  In 300 meters,\tturn   right\n", "In 300 meters, turn right"),
        ("Exit now !", "Exit now!"),
        ("|left", ""),
        ("前方 300 米 ，右转", "前方 300 米，右转"),
    ])
    func tidying(_ raw: String, _ tidied: String) {
        #expect(NavigationText.tidied(raw) == tidied)
    }

    @Test(arguments: [
        // Navit's: a second instruction joined by a comma, with a capital.
        ("Turn right now into Oak Avenue, Turn left then into Pine Street", ", then ", "Turn right now into Oak Avenue"),
        // The pack's connector, case aside; the sentence's end is kept.
        ("In 800 meters, turn right onto Main Street, Then keep left.", ", then ", "In 800 meters, turn right onto Main Street."),
        ("In 800 meters, turn right onto Main Street, then keep left", ", then ", "In 800 meters, turn right onto Main Street"),
        ("In 800 Metern rechts abbiegen, dann links halten", ", dann ", "In 800 Metern rechts abbiegen"),
        ("现在右转，随后左转", "，随后", "现在右转"),
    ])
    func theChainedInstructionGoes(_ text: String, _ connector: String, _ shorter: String) {
        #expect(NavigationText.withoutChainedClause(text, connector: connector) == shorter)
    }

    @Test func textWithoutAChainedInstructionKeepsItsWords() {
        // A comma before lower case is part of one instruction.
        #expect(NavigationText.withoutChainedClause("In 300 meters, turn right onto Solar Circle", connector: ", then ") == nil)
        #expect(NavigationText.withoutChainedClause("Then keep left", connector: "then ") == nil, "a connector at the start chains nothing")
        #expect(NavigationText.withoutChainedClause("Keep left, then", connector: nil) == nil)
        #expect(NavigationText.withoutChainedClause("", connector: ", then ") == nil)
    }

    @Test func everyPackThatChainsNamesItsConnector() throws {
        let expected = [
            "cs": ", potom ", "de": ", dann ", "en-GB": ", then ", "en-US": ", then ", "es": " y después ", "fr": ", puis ", "it": ", poi ",
            "nl": ", daarna ", "pl": ", a następnie ", "pt-BR": " e depois ", "sv": ". ", "zh": "，随后",
        ]
        #expect(Set(PackFiles.languages) == Set(expected.keys))
        for language in PackFiles.languages {
            #expect(try PackFiles.pack(language).chainConnector == expected[language], "\(language)")
        }
    }

    /// Any text: tidying is idempotent, leaves no whitespace at the ends, no run of spaces, no space
    /// before a comma or full stop, no `|`; and the shorter text is a start of the tidied one.
    static let pieces = Gen.element(of: ["Turn", "left", " ", "  ", ",", " ,", ".", "|tag", "\t", "\n", "Oak", "then", "Then", "A 99", "，", "右转"])

    @Test func tidyingIsIdempotentAndLeavesNoRawLeftovers() async {
        await propertyCheck(count: 300, input: Self.pieces.array(of: 0...30)) { pieces in
            let raw = pieces.compactMap { $0 }.joined()
            let tidied = NavigationText.tidied(raw)
            #expect(NavigationText.tidied(tidied) == tidied, "\(raw.debugDescription)")
            #expect(tidied.first?.isWhitespace != true && tidied.last?.isWhitespace != true)
            #expect(!tidied.contains("  ") && !tidied.contains(" ,") && !tidied.contains(" .") && !tidied.contains("|"))
            #expect(!tidied.contains { $0.isWhitespace && $0 != " " })
            if let shorter = NavigationText.withoutChainedClause(tidied, connector: ", then ") {
                #expect(!shorter.isEmpty && shorter.count < tidied.count)
                #expect(tidied.hasPrefix(shorter) || tidied.hasPrefix(String(shorter.dropLast())), "\(tidied.debugDescription) → \(shorter.debugDescription)")
            }
        }
    }
}

extension NavigationTextTests {
    /// A client may send a megabyte: both steps are linear in the text's length. (The search for the
    /// connector was quadratic for a while and held voxnavd's cores for minutes on one such text.)
    @Test func aMegabyteIsTidiedAndSearchedInOnePass() {
        let megabyte = String(repeating: "turn left  onto main street ,", count: 1 << 15)
        let clock = ContinuousClock()
        let took = clock.measure {
            let tidied = NavigationText.tidied(megabyte)
            #expect(tidied.count < megabyte.count)
            #expect(NavigationText.withoutChainedClause(tidied, connector: ", then ") == nil)
        }
        // Seconds even on a loaded machine for a linear pass; a quadratic one takes hours.
        #expect(took < .seconds(30), "\(took)")
    }
}
