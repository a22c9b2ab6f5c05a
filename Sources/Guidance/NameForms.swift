import StrictCoding
import YAMLTree

/// How a pack puts a name into a sentence in the form the sentence needs (`nameForms` section,
/// docs/PHRASES.md): `{road:dat}` is "der Hauptstraße" in German, `{destination:a}` "à la gare du
/// Nord" in French, `{road:acc}` "Marszałkowską" in Polish. A name's kind (its gender, whether it
/// starts with a vowel, its ending) comes from the first `kinds` rule whose pattern matches it; each
/// form says, per kind, the words around the name and the changes to its endings. A name no rule
/// matches, or a kind a form does not list, is said as `other` says, else as written: the pack's
/// plain apposition ("auf Hauptbahnhof"), never wrong, only stiff.
public struct NameForms: Sendable, Hashable {
    /// A name matching `regex` is of kind `kind`.
    struct KindRule: Sendable, Hashable {
        let kind: String
        let regex: PackRegex
    }

    /// An ending changed: every match of `regex` in the name becomes `replacement` (`$1` for its groups).
    struct Replacement: Sendable, Hashable {
        let regex: PackRegex
        let replacement: String
    }

    /// One form of one kind of name: the words around it (`{name}` stands for it) and its changed endings.
    struct Form: Sendable, Hashable {
        let say: Template
        let replacements: [Replacement]
    }

    static let otherKind = "other"

    let kinds: [KindRule]
    /// form → kind → how it is said.
    let forms: [String: [String: Form]]

    public static let none = NameForms(kinds: [], forms: [:])

    /// The forms a template may ask of a name.
    public var formNames: Set<String> { Set(forms.keys) }

    /// The kind of `name`: the first rule that matches it; nil when none does.
    public func kind(of name: String) -> String? {
        kinds.first { $0.regex.matches(name) }?.kind
    }

    /// `name` in `form` (nil: as written). `inflect` false keeps the name's own letters (a name with
    /// a pronunciation of its own is said as that, and only the words around it change); `mark`
    /// wraps the name where it stands in the result.
    public func say(_ name: String, in form: String?, inflect: Bool = true, mark: (String) -> String = { $0 }) -> String {
        guard let form, let byKind = forms[form], let chosen = byKind[kind(of: name) ?? Self.otherKind] ?? byKind[Self.otherKind] else {
            return mark(name)
        }
        var changed = name
        if inflect {
            for replacement in chosen.replacements {
                changed = replacement.regex.replacingMatches(in: changed, with: replacement.replacement)
            }
        }
        return chosen.say.render { $0.name == "name" ? mark(changed) : nil } ?? mark(name)
    }
}

extension NameForms {
    /// Reads a pack's `nameForms` section.
    init(_ node: YAMLCursor) throws(PhrasePackError) {
        try node.onlyKeys(["kinds", "forms"])
        var kinds: [KindRule] = []
        for item in try node.optional("kinds")?.items() ?? [] {
            try item.onlyKeys(["kind", "match"])
            kinds.append(KindRule(kind: try item.required("kind").string(), regex: try PackRegex(try item.required("match").string(), at: item.path)))
        }
        var forms: [String: [String: Form]] = [:]
        for (formName, byKindNode) in try node.required("forms").entries() {
            guard !formName.isEmpty, formName.allSatisfy(\.isLetter) else {
                throw PhrasePackError(.invalidValue, at: byKindNode, "a form's name is letters only, as templates write it: {road:\(formName)}")
            }
            var byKind: [String: Form] = [:]
            for (kind, value) in try byKindNode.entries() {
                byKind[kind] = try Self.form(value)
            }
            forms[formName] = byKind
        }
        let known = Set(kinds.map(\.kind)).union([Self.otherKind])
        for (formName, byKind) in forms {
            for kind in byKind.keys where !known.contains(kind) {
                throw node.problem(
                    "no rule in nameForms.kinds gives the kind '\(InputLimits.echo(kind))'; kinds: \(known.sorted().joined(separator: ", "))",
                    kind: .unknownKey, key: "forms.\(formName).\(kind)")
            }
        }
        self.init(kinds: kinds, forms: forms)
    }

    private static func form(_ node: YAMLCursor) throws(PhrasePackError) -> Form {
        let sayNode = node.isMapping ? try node.required("say") : node
        let say = try sayNode.template()
        guard say.allPlaceholders == [Placeholder("name")], say.requiredPlaceholders == [Placeholder("name")] else {
            throw PhrasePackError(.invalidValue, at: sayNode, "a name's form says {name} once, outside [ ], and nothing else in { }: \"\(say.source)\"")
        }
        var replacements: [Replacement] = []
        if node.isMapping {
            try node.onlyKeys(["say", "replace"])
            for item in try node.optional("replace")?.items() ?? [] {
                try item.onlyKeys(["match", "with"])
                let regex = try PackRegex(try item.required("match").string(), at: item.path)
                replacements.append(Replacement(regex: regex, replacement: try item.required("with").string()))
            }
        }
        return Form(say: say, replacements: replacements)
    }
}
