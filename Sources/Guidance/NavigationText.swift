import TextFormat

/// Text a navigation app sends as its own words ("Turn right now into Oak Avenue, Turn left then into
/// Pine Street"), made ready to speak: tidied, and, where its speech would not fit the time a prompt
/// may take, without the instruction chained to it. Pure.
public enum NavigationText {
    /// Whitespace runs made one space and the ends trimmed, no space before `, . ; : ! ?`, and an
    /// app's internal `|tag` dropped with its tag ("merge onto the A 99|left" → "merge onto the A 99"):
    /// eSpeak NG would read the tag as words.
    public static func tidied(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        var skippingTag = false
        for character in text {
            if skippingTag {
                if character.isWhitespace || Self.closing.contains(character) { skippingTag = false } else { continue }
            }
            if character == "|" {
                skippingTag = true
                continue
            }
            if character.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace && !Self.closing.contains(character) { out.append(" ") }
            pendingSpace = false
            out.append(character)
        }
        return out
    }

    /// The text without its chained instruction, from the first `connector` (the phrase pack's
    /// ", then "; case aside) or the first comma followed by a capital letter (a second instruction
    /// joined by a comma, as Navit joins them) to its end; nil when it has neither, or nothing would
    /// be left. The cut ends the sentence where the text's own end had punctuation.
    public static func withoutChainedClause(_ text: String, connector: String?) -> String? {
        // Compared a character at a time, each lower-cased on its own, so that the positions found
        // are the text's own; linear in the text's length (a client may send a megabyte).
        let characters = Array(text)
        let lowered = characters.map { $0.lowercased() }
        let needle = connector.flatMap { $0.trimmingWhitespace().isEmpty ? nil : Array($0).map { $0.lowercased() } } ?? []
        var cut: Int?
        // At the very start a connector chains nothing.
        for index in characters.indices.dropFirst() {
            if !needle.isEmpty, index + needle.count <= characters.count, lowered[index..<(index + needle.count)].elementsEqual(needle) {
                cut = index
                break
            }
            if characters[index] == ",", index + 2 < characters.count, characters[index + 1] == " ", characters[index + 2].isUppercase {
                cut = index
                break
            }
        }
        guard let cut else { return nil }
        let kept = String(characters[..<cut]).trimmingWhitespace()
        guard !kept.isEmpty else { return nil }
        let ending = characters.last { !$0.isWhitespace }.flatMap { Self.sentenceEnds.contains($0) ? $0 : nil }
        return ending.map { kept + String($0) } ?? kept
    }

    private static let closing: Set<Character> = [",", ".", ";", ":", "!", "?", "，", "。"]
    private static let sentenceEnds: Set<Character> = [".", "!", "?", "。"]
}
