/// The names met while composing the speech of a prompt: each is put in the sentence as a token (a
/// private-use character pair around its index), so that the sentence can be tidied like any other
/// and then each name replaced by its pronunciation, in SSML for eSpeak NG.
final class SpokenNames {
    private var names: [(written: String, pronunciation: Pronunciation?)] = []
    private static let open: Character = "\u{F8F0}"
    private static let close: Character = "\u{F8F1}"

    /// The token standing for `written` in the sentence.
    func mark(_ written: String, as pronunciation: Pronunciation?) -> String {
        names.append((written, pronunciation))
        return "\(Self.open)\(names.count - 1)\(Self.close)"
    }

    /// The SSML for `sentence` (which holds this collection's tokens), spoken by `voice`; nil when no
    /// name is said otherwise than written. A name in another language is said in that language's
    /// voice. eSpeak NG 1.51 goes back to the outer voice only at the next clause after a
    /// `</voice>`, so every stretch of the sentence gets a `<voice>` of its own; and it is chosen by
    /// `name`: by `xml:lang` eSpeak NG 1.51 kept the outer voice, or not, depending on the voice
    /// loaded before (`PronunciationGoldenTests` checks both orders).
    func markup(_ sentence: String, voice: String) -> String? {
        guard names.contains(where: { $0.pronunciation != nil }) else { return nil }
        let switches = names.contains { $0.pronunciation?.language != nil }
        var pieces: [(text: String, language: String?)] = []
        var rest = Substring(sentence)
        while let start = rest.firstIndex(of: Self.open), let end = rest[start...].firstIndex(of: Self.close),
            let index = Int(rest[rest.index(after: start)..<end]), names.indices.contains(index)
        {
            let name = names[index]
            // The word a template says right before or after a name that starts or ends with it is
            // said once, as `Template.render` makes the text say it, which sees only the token here.
            var before = String(rest[..<start])
            before.removeLast(Template.repeatedWord(after: before, in: name.written))
            pieces.append((before, nil))
            pieces.append((name.pronunciation?.say ?? name.written, name.pronunciation?.language))
            rest = rest[rest.index(after: end)...]
            rest = rest.dropFirst(Template.repeatedWord(name.written, before: String(rest)))
        }
        pieces.append((String(rest), nil))
        guard switches else { return pieces.map { Self.escape($0.text) }.joined() }
        let stretches = pieces.filter { !$0.text.isEmpty }.map { piece in
            "<voice name=\"\(Self.escape(piece.language ?? voice))\">\(Self.escape(piece.text))</voice>"
        }
        return "<speak>" + stretches.joined() + "</speak>"
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }
}
