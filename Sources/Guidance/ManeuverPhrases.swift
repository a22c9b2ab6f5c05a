import YAMLTree

/// What a pack's `maneuvers` entry for a family or a type says. Every field is optional in one
/// entry; a type's phrases are its own entry's fields, falling back to its family's entry.
struct ManeuverPhrases: Sendable, Hashable {
    static let keys = ["action", "short", "then"] + ManeuverState.allCases.map(\.rawValue)
    /// The entry's wording at a roundabout (`junctionType: roundabout` on a type that is no
    /// roundabout maneuver itself): the same fields, parsed by `PhrasePack`.
    static let atRoundabout = "atRoundabout"
    /// An arrival's wording at a waypoint (`Maneuver.isWaypoint`): the same fields, on arrivals only.
    static let atWaypoint = "atWaypoint"
    static let variants = [atRoundabout, atWaypoint]

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

    /// `variant`: an `atRoundabout` or `atWaypoint` entry, which has no variant of its own; its
    /// fields' origin is "<entry>.atRoundabout" (or ".atWaypoint").
    init(_ node: YAMLCursor, variant: Bool = false) throws(PhrasePackError) {
        if !node.isMapping {
            // A bare string is shorthand for { action: ..., short: ... } with the same text.
            let template = try node.template()
            action = template
            short = template
            origin = ["action": node.key, "short": node.key]
            return
        }
        try node.onlyKeys(variant ? Self.keys : Self.keys + Self.variants)
        action = try node.optional("action")?.template()
        short = try node.optional("short")?.template()
        then = try node.optional("then")?.template()
        for state in ManeuverState.allCases {
            if let template = try node.optional(state.rawValue)?.template() { states[state] = template }
        }
        let key = variant ? "\(node.path.split(separator: ".").dropLast().last ?? "").\(node.key)" : node.key
        for (field, _) in try node.entries() where !Self.variants.contains(field) { origin[field] = key }
    }

    /// Whether the entry gives anything.
    var isEmpty: Bool { action == nil && short == nil && then == nil && states.isEmpty }

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
