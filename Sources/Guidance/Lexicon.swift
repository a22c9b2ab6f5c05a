import StrictCoding
import YAMLTree

/// A pronunciation lexicon: whole road names (or route references) as written → how to say them.
/// A pack's `lexicon` section, with a user's `lexicon/<language>.yaml` added over it (format:
/// docs/PHRASES.md). A name is looked up as written, then as `NameExpander` expanded it.
public struct Lexicon: Sendable, Hashable {
    public let entries: [String: Pronunciation]

    public static let empty = Lexicon(entries: [:])

    public init(entries: [String: Pronunciation]) { self.entries = entries }

    /// This lexicon with `other`'s entries added, `other` winning where both have a name.
    public func adding(_ other: Lexicon) -> Lexicon {
        Lexicon(entries: entries.merging(other.entries) { _, theirs in theirs })
    }

    public subscript(name: String) -> Pronunciation? { entries[name] }

    /// The most a lexicon file may hold.
    public static let maximumFileSize = 1 << 20

    /// Parses a user's lexicon file: a mapping of entries, as a pack's `lexicon` section.
    public init(yaml: String) throws(PhrasePackError) {
        if let problem = InputLimits.sizeProblem("the lexicon", size: yaml.utf8.count, cap: Self.maximumFileSize) {
            throw PhrasePackError(.invalidYAML, at: "", problem)
        }
        try self.init(try PhrasePack.root(yaml: yaml))
    }

    /// Reads a mapping of entries: `name: "[[phonemes]]"`, `name: respelling`, or
    /// `name: { say: …, language: de }`.
    init(_ node: YAMLCursor) throws(PhrasePackError) {
        var entries: [String: Pronunciation] = [:]
        for (name, value) in try node.entries() {
            guard !name.allSatisfy(\.isWhitespace) else {
                throw PhrasePackError(.invalidValue, at: value, "an empty name: write the road name as it is written")
            }
            let say: String
            var language: String?
            if value.isMapping {
                try value.onlyKeys(["say", "language"])
                say = try value.required("say").string()
                language = try value.optional("language")?.string()
            } else {
                say = try value.string()
            }
            try Self.check(say: say, language: language, at: value.path, name: name)
            entries[name] = Pronunciation(say: say, language: language)
        }
        self.init(entries: entries)
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
