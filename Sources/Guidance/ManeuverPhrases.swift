/// What a pack's `maneuvers` entry for a family or a type says. Every field is optional in one
/// entry; a type's phrases are its own entry's fields, falling back to its family's entry.
struct ManeuverPhrases: Sendable, Hashable {
    static let keys = ["action", "short", "then"] + ManeuverState.allCases.map(\.rawValue)

    /// The full verb phrase: "turn {side}[ onto {road}]".
    var action: Template?
    /// The bare verb phrase: "turn {side}".
    var short: Template?
    /// How the maneuver is said after "then" when chained; defaults to `short`.
    var then: Template?
    /// Sentence templates replacing the pack's `states` for this family or type.
    var states: [ManeuverState: Template] = [:]
    /// The `maneuvers` key (family or type) each field was written under, for error paths.
    var origin: [String: String] = [:]

    init() {}

    init(_ node: PackNode) throws(PhrasePackError) {
        if !node.isMapping {
            // A bare string is shorthand for { action: ..., short: ... } with the same text.
            let template = try node.template()
            action = template
            short = template
            origin = ["action": node.key, "short": node.key]
            return
        }
        try node.onlyKeys(Self.keys)
        action = try node.optional("action")?.template()
        short = try node.optional("short")?.template()
        then = try node.optional("then")?.template()
        for state in ManeuverState.allCases {
            if let template = try node.optional(state.rawValue)?.template() { states[state] = template }
        }
        for (field, _) in try node.entries() { origin[field] = node.key }
    }

    /// This entry's fields, with gaps filled from `fallback`.
    func over(_ fallback: ManeuverPhrases) -> ManeuverPhrases {
        var merged = self
        merged.action = action ?? fallback.action
        merged.short = short ?? fallback.short
        merged.then = then ?? fallback.then
        merged.states = fallback.states.merging(states) { _, own in own }
        merged.origin = fallback.origin.merging(origin) { _, own in own }
        return merged
    }
}
