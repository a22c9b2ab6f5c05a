import Foundation
import Testing
import TextFormat

/// Issue 50, row 13 (pure): the one helper by which the CLI writes out the control characters of
/// what it prints (`voxnav drive`, summary.txt, `voxnav watch`): C0, DEL and C1 as JSON escapes them,
/// everything else as it is, line breaks kept only when asked.
struct ControlCharacterTests {
    @Test(arguments: [
        ("plain text, Straße → 東京", false, "plain text, Straße → 東京"),
        ("\u{1B}]0;pwned\u{07}\u{1B}[2J", false, #"\u001B]0;pwned\u0007\u001B[2J"#),
        ("a\tb\rc\nd", false, #"a\tb\rc\nd"#),
        ("a\tb\rc\nd", true, "a\\tb\\rc\nd"),
        ("\u{0}\u{7F}\u{80}\u{9B}\u{9F}\u{A0}", false, #"\u0000\u007F\u0080\u009B\u009F"# + "\u{A0}"),
        (#"a \ backslash stays"#, false, #"a \ backslash stays"#),
    ])
    func controlCharactersAreWrittenOut(text: String, keepingLineBreaks: Bool, expected: String) {
        #expect(text.escapingControlCharacters(keepingLineBreaks: keepingLineBreaks) == expected)
        // Written out once is written out for good.
        #expect(expected.escapingControlCharacters(keepingLineBreaks: keepingLineBreaks) == expected)
    }

    @Test func jsonWrittenOutIsStillTheSameJSON() throws {
        let value = ["text": "a\u{7F}b\u{9B}c\u{1B}d\ne"]
        let encoded = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        let escaped = encoded.escapingControlCharacters(keepingLineBreaks: true)
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8)) == value)
    }
}
