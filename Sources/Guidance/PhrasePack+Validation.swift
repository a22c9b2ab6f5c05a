import StrictCoding
import YAMLTree

/// Load-time checks that make composing total: every placeholder is known, takes only forms the
/// pack defines, and is either always filled for the maneuver type or inside an optional `[ ]`.
extension PhrasePack {
    /// Placeholders of `maneuvers` entries (`action`, `short`, `then`).
    static let maneuverPlaceholders: Set<String> = [
        "distance", "road", "ref", "exit", "side", "ordinal", "towards", "rotary", "heading", "currentRoad", "destination", "rotation",
    ]
    /// Placeholders that are names, which may ask for a form of the pack's `nameForms`.
    static let namePlaceholders: Set<String> = ["road", "ref", "towards", "rotary", "currentRoad", "destination"]
    /// Placeholders of sentence templates (`states`, `short`, state overrides).
    static let sentencePlaceholders = maneuverPlaceholders.union(["action", "short", "named", "lanes", "then", "andThen"])

    static func checkKnown(
        _ template: Template, allowed: Set<String>, forms: [String: Set<String>] = [:], at path: String
    ) throws(PhrasePackError) {
        for placeholder in template.allPlaceholders.sorted(by: { $0.description < $1.description }) {
            guard allowed.contains(placeholder.name) else {
                throw PhrasePackError(
                    .unknownPlaceholder, at: path,
                    "unknown placeholder \(placeholder) in \"\(template.source)\"; allowed here: \(allowed.sorted().map { "{\($0)}" }.joined(separator: ", "))")
            }
            if let form = placeholder.form, !(forms[placeholder.name]?.contains(form) ?? false) {
                let known = forms[placeholder.name].map { $0.sorted().joined(separator: ", ") } ?? "none"
                throw PhrasePackError(
                    .unknownPlaceholder, at: path,
                    "placeholder \(placeholder) names form '\(InputLimits.echo(form))' that the pack does not define; forms of {\(placeholder.name)}: \(known)")
            }
        }
    }

    /// Placeholders always filled when saying a maneuver of `type`.
    static func alwaysFilled(for type: ManeuverType) -> Set<String> {
        var names: Set<String> = ["distance", "action", "short"]
        if type.side != nil { names.insert("side") }
        if type.roundaboutExitNumber != nil { names.insert("ordinal") }
        return names
    }

    func validatePlaceholders(_ root: YAMLCursor) throws(PhrasePackError) {
        var forms = ["distance": Set(distance.keys), "ordinal": Set(ordinals.keys)]
        if !nameForms.formNames.isEmpty {
            for name in Self.namePlaceholders { forms[name] = nameForms.formNames }
        }
        // An alert may come without a distance: `{distance}` must be inside `[ ]`.
        for kind in AlertKind.allCases {
            let template = alerts[kind]!
            let path = "alerts.\(kind.rawValue)"
            try Self.checkKnown(template, allowed: ["distance"], forms: ["distance": forms["distance"]!], at: path)
            if let placeholder = template.requiredPlaceholders.first {
                throw PhrasePackError(
                    .unfilledPlaceholder, at: path,
                    "\(placeholder) in \"\(template.source)\" would be unfilled for an alert without a distance: put it inside [ ]")
            }
        }
        for (state, template) in states {
            try Self.checkKnown(template, allowed: Self.sentencePlaceholders, forms: forms, at: "states.\(state.rawValue)")
        }
        for (state, template) in shortStates {
            try Self.checkKnown(template, allowed: Self.sentencePlaceholders, forms: forms, at: "short.\(state.rawValue)")
        }
        for type in ManeuverType.allCases {
            try validate(phrases(for: type), of: type, forms: forms)
            // At a roundabout: checked as the type's own, where the pack words it so.
            if let variant = phrasesAtRoundabout[type] { try validate(variant, of: type, forms: forms) }
            if let variant = phrasesAtWaypoint[type] { try validate(variant, of: type, forms: forms) }
        }
    }

    private func validate(_ phrases: ManeuverPhrases, of type: ManeuverType, forms: [String: Set<String>]) throws(PhrasePackError) {
        func location(_ field: String) -> String { "maneuvers.\(phrases.origin[field] ?? type.rawValue).\(field)" }
        var checks: [(String, Template, Set<String>)] = []
        if let action = phrases.action { checks.append(("action", action, Self.maneuverPlaceholders)) }
        if let short = phrases.short { checks.append(("short", short, Self.maneuverPlaceholders)) }
        if let then = phrases.then { checks.append(("then", then, Self.maneuverPlaceholders)) }
        for state in ManeuverState.allCases {
            let own = phrases.states[state]
            checks.append(
                (
                    own == nil ? "states.\(state.rawValue)" : state.rawValue,
                    own ?? states[state]!, Self.sentencePlaceholders
                ))
            checks.append(("short.\(state.rawValue)", shortStates[state]!, Self.sentencePlaceholders))
        }
        let filled = Self.alwaysFilled(for: type)
        for (field, template, allowed) in checks {
            let path = field.contains(".") ? field : location(field)
            try Self.checkKnown(template, allowed: allowed, forms: forms, at: path)
            for placeholder in template.requiredPlaceholders where !filled.contains(placeholder.name) {
                throw PhrasePackError(
                    .unfilledPlaceholder, at: path,
                    "\(placeholder) in \"\(template.source)\" would be unfilled for maneuver type \(type.rawValue) (family \(type.family.rawValue)): put it inside [ ] or give \(type.rawValue) its own wording"
                )
            }
        }
    }
}
