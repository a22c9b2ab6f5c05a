import FoundationEssentials
import StrictCoding
import TextFormat
import YAMLTree

/// One language's phrases, parsed from a `voices/<lang>.yaml` file (format: docs/PHRASES.md).
/// Parsing validates everything a prompt could need, so composing with a pack never fails.
public struct PhrasePack: Sendable, Hashable {
    /// BCP 47 tag: "en-US", "de".
    public let language: String
    /// Human-readable language name.
    public let name: String
    /// The eSpeak NG voice to speak this pack with ("en-us").
    public let espeakVoice: String
    /// How long a phrase of the pack speaks at the voice's rate, from its characters, set so that no
    /// phrase of the pack speaks longer (`VoicePackSynthesisTests` checks every one against eSpeak
    /// NG): words alone undercount long words (German, Polish) and say nothing of Chinese, where a
    /// phrase has no spaces. Nil: the words' count alone.
    public let speechLength: SpeechLength?
    /// The unit system the pack speaks unless a guidance session asks for another it words.
    public let unitSystem: UnitSystem
    /// Upper-case the first letter of every sentence (templates are written in lower case so an
    /// action can start a sentence or follow "in 300 meters,").
    public let capitalizeSentences: Bool
    public let decimalSeparator: String
    public let pluralRules: PluralRules
    /// "Recalculating route".
    public let rerouting: Template
    /// What is said when guidance pauses for a reason the driver should hear: "Loading route",
    /// "Finding your location", "Proceed to the route" (`rerouting` is said for a reroute).
    public let pauses: [GuidancePauseReason: Template]
    /// Each alert's sentence; `{distance}` (optional, inside `[ ]`) is how far ahead it is.
    public let alerts: [AlertKind: Template]
    /// How the trip's estimates are said: the arrival on the clock, the time and distance to go.
    let estimates: EstimatePhrases
    public let names: NameExpander
    /// How a road is found in an app's instruction text (`instructionRoads` section; none without it).
    public let instructionRoads: InstructionRoad
    /// The forms a sentence may ask of a name: `{road:dat}`, `{destination:a}` (`nameForms` section).
    public let nameForms: NameForms
    /// How names are said (`lexicon` section, with a user's lexicon added by `adding(_:)`).
    public private(set) var lexicon: Lexicon

    /// The pause reasons a pack words under `phrases` (a reroute is `rerouting`; an arrival is
    /// said by the arrival prompt).
    public static let pausePhrases: [GuidancePauseReason] = [.loading, .locating, .proceedToRoute]

    let distance: [String: DistanceWording]
    let ordinals: [String: [String]]
    let sides: [ManeuverSide: String]
    /// The words `{heading}` becomes: "north", "northeast", …; empty when the pack has no `compass`.
    let compass: [CompassPoint: String]
    let lanes: [LaneGuidance.Position: PluralForms]
    /// "use the {ordinal} lane from the left": one lane counted from a side (`lanes.fromLeft`, `fromRight`).
    let countedLanes: [LaneGuidance.Side: Template]
    let states: [ManeuverState: Template]
    let shortStates: [ManeuverState: Template]
    let phrasesByType: [ManeuverType: ManeuverPhrases]
    /// Each type's phrases at a roundabout, where its entry or its family's has `atRoundabout`.
    let phrasesAtRoundabout: [ManeuverType: ManeuverPhrases]
    /// Each arrival type's wording at a waypoint (`atWaypoint`), where the pack gives one.
    let phrasesAtWaypoint: [ManeuverType: ManeuverPhrases]
    /// `{rotation}`: the words for the way round a roundabout in each traffic side the pack says it
    /// for ("going clockwise" in left-hand traffic), from `junctions.rotation`.
    let rotation: [TrafficSide: String]

    static let defaultForm = "default"
    static let topLevelKeys = [
        "language", "name", "espeakVoice", "speechLength", "units", "capitalizeSentences", "numbers", "distance",
        "ordinals", "sides", "compass", "lanes", "phrases", "alerts", "estimates", "states", "short", "maneuvers", "names", "nameForms", "lexicon",
        "instructionRoads", "junctions",
    ]

    /// Parses a pack from UTF-8 YAML bytes.
    public init(yaml data: Data) throws(PhrasePackError) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw PhrasePackError(.invalidYAML, at: "", "the pack is not UTF-8 text")
        }
        try self.init(yaml: text)
    }

    /// The most a phrase pack file may hold (the largest shipped pack is about 9 KiB).
    public static let maximumFileSize = 1 << 20
    /// The most characters a phrase (any text value of a pack) may have: a prompt must fit in a
    /// few seconds of speech.
    public static let maximumPhraseLength = 400

    public init(yaml: String) throws(PhrasePackError) {
        if let problem = InputLimits.sizeProblem("the pack", size: yaml.utf8.count, cap: Self.maximumFileSize) {
            throw PhrasePackError(.invalidYAML, at: "", problem)
        }
        let root = try PhrasePack.root(yaml: yaml)
        try root.onlyKeys(Self.topLevelKeys)
        language = try root.required("language").string()
        name = try root.optional("name")?.string() ?? language
        espeakVoice = try root.required("espeakVoice").string()
        if let node = try root.optional("speechLength") {
            try node.onlyKeys(["perPhrase", "perCharacter"])
            func seconds(_ key: String, upTo limit: Double) throws(PhrasePackError) -> Double {
                let value = try node.required(key)
                guard let seconds = try? value.double(), seconds >= 0, seconds <= limit else {
                    throw PhrasePackError(.invalidValue, at: value, "expected seconds from 0 to \(limit)")
                }
                return seconds
            }
            speechLength = SpeechLength(perPhrase: try seconds("perPhrase", upTo: 10), perCharacter: try seconds("perCharacter", upTo: 1))
        } else {
            speechLength = nil
        }
        let units = try root.required("units").value("unit system", UnitSystem.self)
        unitSystem = units
        capitalizeSentences = try root.optional("capitalizeSentences")?.bool() ?? true

        let numbers = try root.required("numbers")
        try numbers.onlyKeys(["decimalSeparator", "plural"])
        decimalSeparator = try numbers.optional("decimalSeparator")?.string() ?? "."
        pluralRules = try Self.pluralRules(try numbers.required("plural"))

        distance = try Self.distanceWordings(try root.required("distance"), units: units, rules: pluralRules)
        ordinals = try Self.ordinals(try root.required("ordinals"))

        let sidesNode = try root.required("sides")
        try sidesNode.onlyKeys(ManeuverSide.allCases.map(\.rawValue))
        var sides: [ManeuverSide: String] = [:]
        for side in ManeuverSide.allCases { sides[side] = try sidesNode.required(side.rawValue).string() }
        self.sides = sides

        // Optional: without it a departure is said without its heading ({heading} has no value).
        var compass: [CompassPoint: String] = [:]
        if let compassNode = try root.optional("compass") {
            try compassNode.onlyKeys(CompassPoint.allCases.map(\.rawValue))
            for point in CompassPoint.allCases { compass[point] = try compassNode.required(point.rawValue).string() }
        }
        self.compass = compass

        let lanesNode = try root.required("lanes")
        try lanesNode.onlyKeys(LaneGuidance.Position.allCases.map(\.rawValue) + LaneGuidance.Side.allCases.map(\.rawValue))
        var lanes: [LaneGuidance.Position: PluralForms] = [:]
        for position in LaneGuidance.Position.allCases {
            lanes[position] = try PluralForms(try lanesNode.required(position.rawValue), rules: pluralRules, allowed: ["count"])
        }
        self.lanes = lanes
        // Optional: without them one lane in the middle is "the middle lane", as it always was.
        var countedLanes: [LaneGuidance.Side: Template] = [:]
        for side in LaneGuidance.Side.allCases {
            guard let node = try lanesNode.optional(side.rawValue) else { continue }
            let template = try node.template()
            try Self.checkKnown(template, allowed: ["ordinal"], forms: ["ordinal": Set(ordinals.keys)], at: node.path)
            guard template.requiredPlaceholders.contains(where: { $0.name == "ordinal" }) else {
                throw PhrasePackError(
                    .invalidValue, at: node, "\"\(template.source)\" must say {ordinal} outside [ ]: the lane's place is the advice")
            }
            countedLanes[side] = template
        }
        self.countedLanes = countedLanes

        let phrases = try root.required("phrases")
        try phrases.onlyKeys(["rerouting"] + Self.pausePhrases.map(\.rawValue))
        let reroutingNode = try phrases.required("rerouting")
        rerouting = try reroutingNode.template()
        try Self.checkKnown(rerouting, allowed: [], at: reroutingNode.path)
        var pauses: [GuidancePauseReason: Template] = [:]
        for reason in Self.pausePhrases {
            let node = try phrases.required(reason.rawValue)
            pauses[reason] = try node.template()
            try Self.checkKnown(pauses[reason]!, allowed: [], at: node.path)
        }
        self.pauses = pauses

        let alertsNode = try root.required("alerts")
        try alertsNode.onlyKeys(AlertKind.allCases.map(\.rawValue))
        var alerts: [AlertKind: Template] = [:]
        for kind in AlertKind.allCases { alerts[kind] = try alertsNode.required(kind.rawValue).template() }
        self.alerts = alerts
        estimates = try EstimatePhrases(try root.required("estimates"), rules: pluralRules, distanceForms: Set(distance.keys))

        states = try Self.stateTemplates(try root.required("states"))
        shortStates = try Self.stateTemplates(try root.required("short"))
        let maneuvers = try Self.maneuverPhrases(try root.required("maneuvers"))
        phrasesByType = maneuvers.byType
        phrasesAtRoundabout = maneuvers.variants[ManeuverPhrases.atRoundabout] ?? [:]
        phrasesAtWaypoint = maneuvers.variants[ManeuverPhrases.atWaypoint] ?? [:]
        rotation = try root.optional("junctions").map { node throws(PhrasePackError) in try Self.rotation(node) } ?? [:]
        names = try root.optional("names").map { node throws(PhrasePackError) in try NameExpander(node) } ?? .none
        nameForms = try root.optional("nameForms").map { node throws(PhrasePackError) in try NameForms(node) } ?? .none
        let names = names
        instructionRoads = try root.optional("instructionRoads").map { node throws(PhrasePackError) in try InstructionRoad(node, names: names) } ?? .none
        lexicon = try root.optional("lexicon").map { node throws(PhrasePackError) in try Lexicon(node) } ?? .empty

        try validatePlaceholders(root)
    }

    /// This pack with `lexicon`'s entries added over its own (a user's lexicon).
    public func adding(_ lexicon: Lexicon) -> PhrasePack {
        var pack = self
        pack.lexicon = self.lexicon.adding(lexicon)
        return pack
    }

    /// The phrases for `type`: its own entry over its family's.
    func phrases(for type: ManeuverType) -> ManeuverPhrases { phrasesByType[type]! }

    /// The phrases for `maneuver`: its type's, at a roundabout its type is not itself about
    /// (`junctionType: roundabout`) their `atRoundabout` wording where the pack gives one, an
    /// arrival at a waypoint (`isWaypoint`) its `atWaypoint` wording.
    func phrases(for maneuver: Maneuver) -> ManeuverPhrases {
        if maneuver.isWaypoint, let variant = phrasesAtWaypoint[maneuver.type] { return variant }
        guard maneuver.junctionType == .roundabout, !maneuver.type.isRoundabout, let variant = phrasesAtRoundabout[maneuver.type] else {
            return phrases(for: maneuver.type)
        }
        return variant
    }

    /// The state template said for `maneuver`.
    func stateTemplate(_ state: ManeuverState, for maneuver: Maneuver, style: PhraseStyle) -> Template {
        switch style {
        case .normal: phrases(for: maneuver).states[state] ?? states[state]!
        case .short: shortStates[state]!
        }
    }

    // MARK: Parsing sections

    private static func pluralRules(_ node: YAMLCursor) throws(PhrasePackError) -> PluralRules {
        var rules: [(PluralCategory, String)] = []
        for (key, value) in try node.entries() {
            guard let category = PluralCategory(rawValue: key), category != .other else {
                throw PhrasePackError(
                    .unknownKey, at: value,
                    "'\(InputLimits.echo(key))' is not a plural category with a rule; allowed: zero, one, two, few, many ('other' is implicit)")
            }
            rules.append((category, try value.string()))
        }
        do {
            return try PluralRules(rules)
        } catch {
            throw PhrasePackError(.invalidValue, at: node, error.description)
        }
    }

    /// The unit systems the pack can speak distances in (every form words all their units), its own first.
    public var unitSystems: [UnitSystem] {
        [unitSystem] + UnitSystem.allCases.filter { system in system != unitSystem && distance.values.allSatisfy { $0.words(system) } }
    }

    private static func distanceWordings(
        _ node: YAMLCursor, units: UnitSystem, rules: PluralRules
    ) throws(PhrasePackError) -> [String: DistanceWording] {
        var wordings: [String: DistanceWording] = [:]
        for (form, value) in try node.entries() {
            wordings[form] = try DistanceWording(value, units: units, rules: rules)
        }
        guard wordings[defaultForm] != nil else {
            throw node.problem("missing key 'default' (the distance form {distance} uses)", kind: .missingKey, key: "default")
        }
        return wordings
    }

    private static func ordinals(_ node: YAMLCursor) throws(PhrasePackError) -> [String: [String]] {
        var forms: [String: [String]] = [:]
        for (form, value) in try node.entries() {
            let words = try value.items().map { item throws(PhrasePackError) in try item.string() }
            guard words.count == 19 else {
                throw PhrasePackError(.invalidValue, at: value, "expected 19 ordinals (roundabout exits 1…19), found \(words.count)")
            }
            forms[form] = words
        }
        guard forms[defaultForm] != nil else {
            throw node.problem("missing key 'default' (the ordinals {ordinal} uses)", kind: .missingKey, key: "default")
        }
        return forms
    }

    private static func stateTemplates(_ node: YAMLCursor) throws(PhrasePackError) -> [ManeuverState: Template] {
        try node.onlyKeys(ManeuverState.allCases.map(\.rawValue))
        var templates: [ManeuverState: Template] = [:]
        for state in ManeuverState.allCases { templates[state] = try node.required(state.rawValue).template() }
        return templates
    }

    private static func maneuverPhrases(
        _ node: YAMLCursor
    ) throws(PhrasePackError) -> (byType: [ManeuverType: ManeuverPhrases], variants: [String: [ManeuverType: ManeuverPhrases]]) {
        var byFamily: [ManeuverFamily: ManeuverPhrases] = [:]
        var byType: [ManeuverType: ManeuverPhrases] = [:]
        // variant key (atRoundabout, atWaypoint) → its wording per family and per type
        var familyVariants: [String: [ManeuverFamily: ManeuverPhrases]] = [:]
        var typeVariants: [String: [ManeuverType: ManeuverPhrases]] = [:]
        for (key, value) in try node.entries() {
            let family = ManeuverFamily(rawValue: key)
            guard family != nil || ManeuverType(rawValue: key) != nil else {
                throw PhrasePackError(
                    .unknownManeuverType, at: value,
                    "unknown maneuver type or family '\(InputLimits.echo(key))'; families: \(ManeuverFamily.allCases.map(\.rawValue).joined(separator: ", ")); types: \(ManeuverType.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            if let family { byFamily[family] = try ManeuverPhrases(value) } else { byType[ManeuverType(rawValue: key)!] = try ManeuverPhrases(value) }
            let types = family.map { family in ManeuverType.allCases.filter { $0.family == family } } ?? [ManeuverType(rawValue: key)!]
            for name in ManeuverPhrases.variants {
                guard value.isMapping, let variantNode = try value.optional(name) else { continue }
                let variant = try ManeuverPhrases(variantNode, variant: true)
                // A roundabout maneuver says its roundabout already; only an arrival is at a waypoint.
                if name == ManeuverPhrases.atRoundabout, types.allSatisfy(\.isRoundabout) {
                    throw PhrasePackError(.unknownKey, at: variantNode, "'\(key)' is a roundabout maneuver already: it takes no '\(name)' wording")
                }
                if name == ManeuverPhrases.atWaypoint, !types.allSatisfy({ $0.family == .arrivals }) {
                    throw PhrasePackError(.unknownKey, at: variantNode, "'\(key)' is no arrival: only arrivals take an '\(name)' wording")
                }
                if variant.isEmpty {
                    throw PhrasePackError(.missingKey, at: variantNode, "an empty '\(name)' says nothing: give it an action")
                }
                if let family { familyVariants[name, default: [:]][family] = variant } else { typeVariants[name, default: [:]][types[0]] = variant }
            }
        }
        var resolved: [ManeuverType: ManeuverPhrases] = [:]
        var variants: [String: [ManeuverType: ManeuverPhrases]] = [:]
        for type in ManeuverType.allCases {
            let phrases = (byType[type] ?? ManeuverPhrases()).over(byFamily[type.family] ?? ManeuverPhrases())
            for (field, template) in [("action", phrases.action), ("short", phrases.short)] where template == nil {
                throw PhrasePackError(
                    .missingKey, at: "\(node.path).\(type.rawValue).\(field)",
                    "no '\(InputLimits.echo(field))' for maneuver type \(type.rawValue): give it under '\(type.rawValue)' or its family '\(type.family.rawValue)'"
                )
            }
            resolved[type] = phrases
            for name in ManeuverPhrases.variants where !(name == ManeuverPhrases.atRoundabout && type.isRoundabout) {
                let variant = (typeVariants[name]?[type] ?? ManeuverPhrases()).over(familyVariants[name]?[type.family] ?? ManeuverPhrases())
                if !variant.isEmpty { variants[name, default: [:]][type] = variant.over(phrases) }
            }
        }
        return (resolved, variants)
    }

    /// `junctions: { rotation: { left: "going clockwise" } }`: the words `{rotation}` becomes at a
    /// roundabout in each traffic side; a side without words says nothing there.
    private static func rotation(_ node: YAMLCursor) throws(PhrasePackError) -> [TrafficSide: String] {
        try node.onlyKeys(["rotation"])
        let rotationNode = try node.required("rotation")
        try rotationNode.onlyKeys(TrafficSide.allCases.map(\.rawValue))
        var words: [TrafficSide: String] = [:]
        for side in TrafficSide.allCases {
            guard let sideNode = try rotationNode.optional(side.rawValue) else { continue }
            let text = try sideNode.string()
            guard !text.trimmingWhitespace().isEmpty, !text.contains("{"), !text.contains("[") else {
                throw PhrasePackError(.invalidValue, at: sideNode, "expected words (no placeholder, no [ ])")
            }
            words[side] = text
        }
        guard !words.isEmpty else {
            throw PhrasePackError(.missingKey, at: rotationNode, "expected the words for 'left' or 'right' traffic, or both")
        }
        return words
    }
}

/// How distances are worded in one grammatical form (`default`, or e.g. German `dative`).
struct DistanceWording: Sendable, Hashable {
    /// "less than {distance}", said for distances below the smallest rounded amount.
    let lessThan: Template
    let units: [DistanceUnit: PluralForms]

    /// The pack's own system's units are required; another system's may be worded too, so that a
    /// guidance session may ask for it (en-US and en-GB word meters for en-AU and en-CA).
    init(_ node: YAMLCursor, units system: UnitSystem, rules: PluralRules) throws(PhrasePackError) {
        try node.onlyKeys(["lessThan"] + DistanceUnit.allCases.map(\.rawValue))
        let lessThanNode = try node.required("lessThan")
        lessThan = try lessThanNode.template()
        try PhrasePack.checkKnown(lessThan, allowed: ["distance"], at: lessThanNode.path)
        var units: [DistanceUnit: PluralForms] = [:]
        for unit in DistanceUnit.allCases {
            let unitNode = system.units.contains(unit) ? try node.required(unit.rawValue) : try node.optional(unit.rawValue)
            if let unitNode { units[unit] = try PluralForms(unitNode, rules: rules, allowed: ["n"]) }
        }
        self.units = units
    }

    /// Whether it words every unit of `system`.
    func words(_ system: UnitSystem) -> Bool { system.units.allSatisfy { units[$0] != nil } }
}

extension PhrasePack {
    /// What joins a chained maneuver to the one before it in the pack's own final instruction
    /// (", then ", ", dann ", " y después ", "，随后"): how an app's text is searched for a chained
    /// instruction it may do without (`NavigationText.withoutChainedClause`). Nil: the pack chains none.
    public var chainConnector: String? {
        for template in [states[.execute], states[.prepare]].compactMap({ $0 }) {
            for case .optional(let alternatives) in template.parts {
                for alternative in alternatives where alternative.count == 2 {
                    if case .text(let connector) = alternative[0], case .slot(let slot) = alternative[1], slot.name == "then" { return connector }
                }
            }
        }
        return nil
    }
}
