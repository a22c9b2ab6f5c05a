import YAMLTree

/// Why a phrase pack was rejected: the one problem every YAML reader reports, `path (line N):
/// message`; `path` locates the offending key ("maneuvers.turns.action").
public typealias PhrasePackError = YAMLProblem

/// The kinds of problem only a phrase pack has, beside the general ones.
extension YAMLProblem.Kind {
    public static let unknownManeuverType = Self(rawValue: "unknownManeuverType")
    public static let unknownPlaceholder = Self(rawValue: "unknownPlaceholder")
    public static let unfilledPlaceholder = Self(rawValue: "unfilledPlaceholder")
    public static let templateSyntax = Self(rawValue: "templateSyntax")
}

extension YAMLProblem {
    /// A problem at `path`, whose line is not known (a placeholder checked after the walk).
    init(_ kind: Kind, at path: String, _ message: String) {
        self.init(kind: kind, path: path, message: message)
    }

    /// A problem at `node`, with its line.
    init(_ kind: Kind, at node: YAMLCursor, _ message: String) {
        self = node.problem(message, kind: kind)
    }
}

extension PhrasePack {
    /// The document of a pack's (or a lexicon's) YAML, its text values at most `maximumPhraseLength` characters.
    static func root(yaml: String) throws(PhrasePackError) -> YAMLCursor {
        guard let root = try YAMLCursor.root(yaml: yaml, textLimit: YAMLCursor.TextLimit(characters: maximumPhraseLength, what: "a phrase")) else {
            throw PhrasePackError(.invalidYAML, at: "", "the pack is empty")
        }
        return root
    }
}

extension YAMLCursor {
    /// A phrase: text that is not empty, as a template.
    func template() throws(PhrasePackError) -> Template {
        let text = try string()
        // `execute:` with nothing after it (or a stray `#` that makes the rest a comment) is YAML's
        // empty value: a prompt that says nothing. Leaving the key out is how a pack defers to the default.
        guard !text.allSatisfy(\.isWhitespace) else {
            throw PhrasePackError(.invalidValue, at: self, "an empty phrase: write the words, or leave the key out")
        }
        do {
            return try Template(text)
        } catch {
            throw PhrasePackError(.templateSyntax, at: self, error.description)
        }
    }
}
