import PropertyBased
import Testing

@testable import Guidance

/// A long text cut into parts that each fit a prompt (`TextParts`): pure tests.
@Suite struct TextPartsTests {
    @Test func partsEndAtSentencesThenClausesThenWords() {
        let text = "Turn right onto Main Street. Then keep left at the fork, and follow the signs towards the airport for ten kilometers."
        #expect(TextParts.split(text, maxCharacters: 200) == [text])
        #expect(
            TextParts.split(text, maxCharacters: 60) == [
                "Turn right onto Main Street.", "Then keep left at the fork,", "and follow the signs towards the airport for ten kilometers.",
            ])
        // Two sentences that fit together are one part.
        #expect(
            TextParts.split("Go on. Turn left. Then right, then left again.", maxCharacters: 20) == ["Go on. Turn left.", "Then right,", "then left again."])
        // No mark within reach: the last space; a word longer than a part: anywhere.
        #expect(TextParts.split("one two three four five", maxCharacters: 10) == ["one two", "three four", "five"])
        #expect(TextParts.split("Donaudampfschifffahrt", maxCharacters: 8) == ["Donaudam", "pfschiff", "fahrt"])
        // A script without spaces ends its sentences and clauses by itself.
        #expect(TextParts.split("前方路口右转。然后靠左行驶，沿着大路继续前进。", maxCharacters: 10) == ["前方路口右转。", "然后靠左行驶，", "沿着大路继续前进。"])
        #expect(TextParts.split("   ", maxCharacters: 10).isEmpty)
    }

    @Test func anyTextIsCutIntoPartsWithinTheBoundThatTogetherAreTheText() async {
        let pieces = ["Turn", "left.", "then", "right,", "Großer", "Ring", "—", "…", "路口。", "，", "x", "  ", "\n", "A1", "3.5"]
        await propertyCheck(count: 300, input: Gen.int(in: 0...(pieces.count - 1)).array(of: 0...80), Gen.int(in: 1...90)) { indices, limit in
            let text = indices.map { pieces[$0] }.joined(separator: indices.count % 3 == 0 ? "" : " ")
            let parts = TextParts.split(text, maxCharacters: limit)
            #expect(parts.allSatisfy { !$0.isEmpty && $0.count <= limit }, "\(parts)")
            let squeezed = { (s: String) in s.filter { !$0.isWhitespace } }
            #expect(squeezed(parts.joined()) == squeezed(text))
        }
    }
}
