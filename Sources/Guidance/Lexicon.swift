import StrictCoding
import YAMLTree

/// A pronunciation lexicon: whole road names (or route references) as written → how to say them,
/// and words said otherwise wherever they stand whole inside a name (`word: true`: French "Est" →
/// "Èst", which eSpeak NG reads as the compass point, not the verb "è"). A pack's `lexicon`
/// section, with a user's `lexicon/<language>.yaml` added over it (format: docs/PHRASES.md). A name
/// is looked up as written, then as `NameExpander` expanded it; without an entry of its own, its
/// words are (`respelling(of:)`).
public struct Lexicon: Sendable, Hashable {
    public let entries: [String: Pronunciation]
    /// Words respelt inside any name, by the word as written (case and accents as written).
    public let words: [String: Pronunciation]

    public static let empty = Lexicon(entries: [:])

    public init(entries: [String: Pronunciation], words: [String: Pronunciation] = [:]) {
        self.entries = entries
        self.words = words
    }

    /// This lexicon with `other`'s entries added, `other` winning where both have a name or a word.
    public func adding(_ other: Lexicon) -> Lexicon {
        Lexicon(
            entries: entries.merging(other.entries) { _, theirs in theirs },
            words: words.merging(other.words) { _, theirs in theirs })
    }

    public subscript(name: String) -> Pronunciation? { entries[name] }

    /// `name` with each of its whole words that has a word entry said as the entry says it ("Rue de
    /// la Gare Est" → "Rue de la Gare Èst", "Gare de l'Est" → "Gare de l'Èst": a word after an
    /// elided article counts whole); nil when no word has one. Words are separated by spaces and
    /// hyphens, and a word's part after an apostrophe is a word.
    public func respelling(of name: String) -> Pronunciation? {
        guard !words.isEmpty else { return nil }
        var said = ""
        var word = ""
        var changed = false
        func endWord() {
            if let entry = words[word] {
                said += entry.say
                changed = true
            } else {
                said += word
            }
            word = ""
        }
        for character in name {
            if character == " " || character == "-" || character == "'" || character == "\u{2019}" {
                endWord()
                said.append(character)
            } else {
                word.append(character)
            }
        }
        endWord()
        return changed ? Pronunciation(say: said) : nil
    }

    /// The most a lexicon file may hold.
    public static let maximumFileSize = 1 << 20

    /// Parses a user's lexicon file: a mapping of entries, as a pack's `lexicon` section.
    public init(yaml: String) throws(PhrasePackError) {
        if let problem = InputLimits.sizeProblem("the lexicon", size: yaml.utf8.count, cap: Self.maximumFileSize) {
            throw PhrasePackError(.invalidYAML, at: "", problem)
        }
        try self.init(try PhrasePack.root(yaml: yaml))
    }

    /// Reads a mapping of entries: `name: "[[phonemes]]"`, `name: respelling`,
    /// `name: { say: …, language: de }`, or a word's `word: { say: …, word: true }`.
    init(_ node: YAMLCursor) throws(PhrasePackError) {
        var entries: [String: Pronunciation] = [:]
        var words: [String: Pronunciation] = [:]
        for (name, value) in try node.entries() {
            guard !name.allSatisfy(\.isWhitespace) else {
                throw PhrasePackError(.invalidValue, at: value, "an empty name: write the road name as it is written")
            }
            let say: String
            var language: String?
            var isWord = false
            if value.isMapping {
                try value.onlyKeys(["say", "language", "word"])
                say = try value.required("say").string()
                language = try value.optional("language")?.string()
                isWord = try value.optional("word")?.bool() ?? false
            } else {
                say = try value.string()
            }
            try Self.check(say: say, language: language, at: value.path, name: name)
            if isWord {
                try Self.checkWord(name, language: language, at: value.path)
                words[name] = Pronunciation(say: say)
            } else {
                entries[name] = Pronunciation(say: say, language: language)
            }
        }
        self.init(entries: entries, words: words)
    }

    /// A word entry is one word, said in the name's own voice.
    private static func checkWord(_ word: String, language: String?, at path: String) throws(PhrasePackError) {
        let entry = "entry '\(InputLimits.echo(word))'"
        guard !word.contains(where: { $0.isWhitespace || "-'\u{2019}".contains($0) }) else {
            throw PhrasePackError(.invalidValue, at: path, "\(entry): a word entry is one word, without spaces, hyphens or apostrophes")
        }
        guard language == nil else {
            throw PhrasePackError(.invalidValue, at: path, "\(entry): a word entry is said in the name's voice; 'language' is for whole names")
        }
    }

    private static func check(say: String, language: String?, at path: String, name: String) throws(PhrasePackError) {
        let entry = "entry '\(InputLimits.echo(name))'"
        guard !say.allSatisfy(\.isWhitespace) else {
            throw PhrasePackError(.invalidValue, at: path, "\(entry) says nothing: write phonemes in [[…]] or a respelling")
        }
        let opens = say.components(separatedBy: "[[").count - 1
        let closes = say.components(separatedBy: "]]").count - 1
        guard opens == closes, opens == 0 || (say.hasPrefix("[[") && say.hasSuffix("]]") && opens == 1) else {
            throw PhrasePackError(
                .invalidValue, at: path,
                "\(entry): phonemes must be the whole entry, one '[[' … ']]' (eSpeak NG's phoneme input), got '\(InputLimits.echo(say))'")
        }
        // Markup would reach eSpeak NG's SSML parser; phonemes never need it.
        guard !say.contains(where: { "<>&".contains($0) }) else {
            throw PhrasePackError(.invalidValue, at: path, "\(entry): '<', '>' and '&' are not allowed in a pronunciation")
        }
        if let language {
            guard !language.isEmpty, language.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
                throw PhrasePackError(
                    .invalidValue, at: path, "\(entry): language '\(InputLimits.echo(language))' is not an eSpeak NG language such as de, fr, en-us")
            }
        }
    }
}
