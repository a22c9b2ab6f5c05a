import FoundationEssentials
import TextFormat

/// Renders maneuver prompts from a phrase pack: "In a quarter mile, turn right onto Solar
/// Circle, then turn left. Use the right lane." Never fails: the pack was validated on parsing.
public struct PhraseComposer: Sendable, Hashable {
    public let pack: PhrasePack
    public let distanceFormatter: DistanceFormatter

    /// `units`: a unit system the pack words (`PhrasePack.unitSystems`); nil or one it does not word: its own.
    public init(pack: PhrasePack, units: UnitSystem? = nil) {
        self.pack = pack
        let system = units.flatMap { pack.unitSystems.contains($0) ? $0 : nil } ?? pack.unitSystem
        distanceFormatter = DistanceFormatter(unitSystem: system)
    }

    /// The prompt for `maneuver` in `state`, `distance` meters ahead. `next` is a second maneuver
    /// following closely, said as "…, then turn left" where the pack's template has `{then}`; a
    /// lane-guidance-only `next` (Apple's lane pattern) is said as the maneuver's lane advice instead.
    /// `andThen`, a third close behind `next`, is linked to it the way the pack's final instruction
    /// links its `{then}` ("take exit 432, then keep left, then keep right toward Bayshore Boulevard").
    public func compose(
        _ maneuver: Maneuver, state: ManeuverState, distance: Double,
        then next: Maneuver? = nil, andThen: Maneuver? = nil, style: PhraseStyle = .normal
    ) -> String {
        compose(maneuver, state: state, distance: distance, then: next, andThen: andThen, style: style, spoken: nil)
    }

    /// The prompt as `compose` words it, with how eSpeak NG is to say its names (`Wording.speech`):
    /// a lexicon entry or the maneuver's `roadNamePronunciation` in place of the written name.
    public func wording(
        _ maneuver: Maneuver, state: ManeuverState, distance: Double,
        then next: Maneuver? = nil, andThen: Maneuver? = nil, style: PhraseStyle = .normal
    ) -> Wording {
        let text = compose(maneuver, state: state, distance: distance, then: next, andThen: andThen, style: style)
        let spoken = SpokenNames()
        let marked = compose(maneuver, state: state, distance: distance, then: next, andThen: andThen, style: style, spoken: spoken)
        return Wording(text: text, speech: spoken.markup(marked, voice: pack.espeakVoice))
    }

    /// How a road name is said: the route's own pronunciation, else the lexicon's entry for the
    /// name as written, else for the name expanded.
    public func pronunciation(road written: String, expanded: String, given: String?) -> Pronunciation? {
        if let given = given.flatMap(Self.nonEmpty) { return Pronunciation(say: given) }
        return pack.lexicon[written] ?? pack.lexicon[expanded]
    }

    private func compose(
        _ maneuver: Maneuver, state: ManeuverState, distance: Double,
        then next: Maneuver?, andThen: Maneuver? = nil, style: PhraseStyle, spoken: SpokenNames?
    ) -> String {
        var (maneuver, next) = LanePattern.fold(maneuver, then: next)
        // An arrival with a maneuver after it is a waypoint's: the trip goes on.
        if next != nil, maneuver.type.family == .arrivals { maneuver.isWaypoint = true }
        let phrases = pack.phrases(for: maneuver)
        let values = values(for: maneuver, distance: distance, spoken: spoken)
        let action = render(phrases.action!, values)
        let short = render(phrases.short!, values)
        let template = pack.stateTemplate(state, for: maneuver, style: style)
        // A sentence that says `{andThen}` links the second chained maneuver itself (Spanish ",
        // después … y luego …"); in any other the link is added to `{then}`.
        let linksBoth = template.allPlaceholders.contains { $0.name == "andThen" }
        var andThenText: String?
        // The chained maneuver is said with its details (where it goes), so "keep left, then keep
        // right" becomes "keep left toward Airport, then keep right toward Downtown".
        let thenText = next.map { next in
            let (next, third) = LanePattern.fold(next, then: andThen)
            let said = thenPhrase(next, spoken: spoken)
            guard let third else { return said }
            andThenText = thenPhrase(third, spoken: spoken)
            guard !linksBoth else { return said }
            // The second link is worded as the pack's final instruction links its `{then}` (", then …",
            // German ", dann …", Swedish ". sedan …"): the pack's generic execute template with only `{then}`.
            let link = render(pack.states[.execute]!) { $0.name == "then" ? andThenText : nil }
            return said + link
        }
        let lanes = LaneGuidance(lanes: maneuver.lanes, toward: maneuver.type.laneDirection).map(lanePhrase)
        let sentence = render(template) { placeholder in
            switch placeholder.name {
            case "action": action
            case "short": short
            case "named": Self.named(action: action, short: short)
            case "then": thenText
            case "andThen": andThenText
            case "lanes": lanes
            default: values(placeholder)
            }
        }
        return Self.restoringStops(tidy(sentence))
    }

    /// A name's full stops ("Solar Cir.", an abbreviation the pack does not expand) are no sentence's
    /// end: they are kept out of `tidy`'s sight, so that the word after the name is not capitalised
    /// ("rechts auf Solar Cir. abbiegen").
    private static let nameStop: Character = "\u{E000}"
    private static let names: Set<String> = ["road", "ref", "exit", "towards", "rotary", "currentRoad", "destination"]
    static func keepingStops(_ name: String?) -> String? { name?.replacing(".", with: String(nameStop)) }
    static func restoringStops(_ text: String) -> String { text.replacing(String(nameStop), with: ".") }

    /// The state to word a prompt of `state` in, where the announcer asked for `wording`
    /// (`Announcement.wording`: the prepare wording for a final instruction started more than
    /// `Announcer.nowWithin` before its maneuver). Only a final instruction that would say "now" (the
    /// pack's generic `[{named}|{short} now]`, for a maneuver with nothing to name) takes the prepare
    /// wording, with its distance; one that names where to go ("turn right onto Oak Avenue", "take
    /// exit 14 toward Harbor") says no "now" and keeps its own words.
    public func wordingState(of maneuver: Maneuver, state: ManeuverState, wording: ManeuverState) -> ManeuverState {
        guard state == .execute, wording != .execute else { return wording }
        let phrases = pack.phrases(for: maneuver)
        guard phrases.states[.execute] == nil else { return state }
        let values = values(for: maneuver, distance: maneuver.distanceRemaining ?? 0)
        return Self.named(action: render(phrases.action!, values), short: render(phrases.short!, values)) == nil ? wording : state
    }

    /// `{named}`: the action only when it names more than the bare verb phrase (a road, a signpost).
    private static func named(action: String, short: String) -> String? { action == short ? nil : action }

    /// How a chained maneuver is said: its `then` phrase, else its action, with its details.
    private func thenPhrase(_ maneuver: Maneuver, spoken: SpokenNames?) -> String {
        let phrases = pack.phrases(for: maneuver)
        return render(phrases.then ?? phrases.action!, values(for: maneuver, distance: maneuver.distanceRemaining ?? 0, spoken: spoken))
    }

    /// "Recalculating route".
    public var rerouting: String { tidy(render(pack.rerouting) { _ in nil }) }

    /// What is said when guidance pauses for `reason`: "Loading route", "Recalculating route"; nil
    /// for a reason said by nothing (an arrival: the arrival prompt has said it).
    public func pauseAnnouncement(for reason: GuidancePauseReason) -> String? {
        if reason == .rerouting { return rerouting }
        return pack.pauses[reason].map { template in tidy(render(template) { _ in nil }) }
    }

    /// An alert: "Speed camera in 500 feet", or "Speed camera ahead" without a distance.
    public func alert(_ kind: AlertKind, distance: Double? = nil) -> String {
        let meters = distance.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        return tidy(
            render(pack.alerts[kind]!) { placeholder in
                placeholder.name == "distance" ? meters.map { distancePhrase(meters: $0, form: placeholder.form) } : nil
            })
    }

    /// A distance in words, in the composer's unit system and the given grammatical form.
    public func distancePhrase(meters: Double, form: String? = nil) -> String {
        words(for: distanceFormatter.spoken(meters: meters), form: form)
    }

    /// A rounded distance in words: "300 feet", "a quarter mile", "less than 10 meters".
    public func words(for distance: SpokenDistance, form: String? = nil) -> String {
        let wording = pack.distance[form ?? PhrasePack.defaultForm] ?? pack.distance[PhrasePack.defaultForm]!
        guard distanceFormatter.unitSystem.units.contains(distance.unit), let unitForms = wording.units[distance.unit] else {
            // Rounded for another unit system: round again for the composer's own.
            return words(for: distanceFormatter.spoken(meters: distance.meters), form: form)
        }
        let number = distance.digits.replacing(".", with: pack.decimalSeparator)
        let amount = render(unitForms.template(for: distance.amount, digits: distance.digits, rules: pack.pluralRules)) {
            $0.name == "n" ? number : nil
        }
        guard distance.isLessThan else { return amount }
        return render(wording.lessThan) { $0.name == "distance" ? amount : nil }
    }

    /// Lane advice: "use the left two lanes", "use the second lane from the left".
    public func lanePhrase(_ guidance: LaneGuidance) -> String {
        if let counted = guidance.counted, let template = pack.countedLanes[counted.side] {
            let said = render(template) { $0.name == "ordinal" ? ordinal(counted.place - 1, form: $0.form) : nil }
            // Past the 19th lane the pack has no ordinal: the middle lane it is.
            if !said.isEmpty { return said }
        }
        return counted(pack.lanes[guidance.position]!, guidance.count, as: "count")
    }

    /// A whole number of things in the form its count takes: "2 minutes", "use the left two lanes".
    func counted(_ forms: PluralForms, _ count: Int, as slot: String) -> String {
        render(forms.template(for: Double(count), digits: String(count), rules: pack.pluralRules)) { $0.name == slot ? String(count) : nil }
    }

    /// The ordinal at `index` (0: "first") in the pack's `form` of them (its default when it has no such
    /// form); nil past the 19th.
    func ordinal(_ index: Int, form: String?) -> String? {
        let list = pack.ordinals[form ?? PhrasePack.defaultForm] ?? pack.ordinals[PhrasePack.defaultForm]!
        return list.indices.contains(index) ? list[index] : nil
    }

    // MARK: Helpers

    /// Values of the maneuver placeholders; nil means "not known", which drops an optional segment.
    /// With `spoken`, road names and refs are put in as its tokens (see `SpokenNames`).
    private func values(for maneuver: Maneuver, distance: Double, spoken: SpokenNames? = nil) -> (Placeholder) -> String? {
        let names = pack.names
        let forms = pack.nameForms
        let writtenRoad = maneuver.roadName.flatMap(Self.nonEmpty).flatMap { ferryRoad($0, of: maneuver.type) }
        let writtenRef = maneuver.routeNumber.flatMap(Self.nonEmpty)
        // A road or a ref in the form a placeholder asks. With `spoken`, it is put in as a token for its
        // pronunciation (`said`, from the written and the expanded name); a name with a pronunciation of
        // its own keeps its letters, and only the words around it take the form.
        func formed(_ written: String?, _ expand: (String) -> String, said: (String, String) -> Pronunciation?) -> ((String?) -> String)? {
            guard let written else { return nil }
            let expanded = expand(written)
            guard let spoken else { return { forms.say(expanded, in: $0) } }
            let pronunciation = said(written, expanded)
            // Without an entry of its own, the name as formed ("rue de la Gare Est") is said with its
            // words' entries ("Èst").
            return { form in
                forms.say(expanded, in: form, inflect: pronunciation == nil) { spoken.mark($0, as: pronunciation ?? pack.lexicon.respelling(of: $0)) }
            }
        }
        /// Another name (a signpost, the roundabout's, the road driven on, the destination) in a form,
        /// said with its words' lexicon entries.
        func formedName(_ name: String?) -> ((String?) -> String)? {
            guard let name else { return nil }
            guard let spoken else { return { forms.say(name, in: $0) } }
            return { form in forms.say(name, in: form) { formed in pack.lexicon.respelling(of: formed).map { spoken.mark(formed, as: $0) } ?? formed } }
        }
        let roadSaid = formed(writtenRoad, names.road) { pronunciation(road: $0, expanded: $1, given: maneuver.roadNamePronunciation) }
        let refSaid = formed(writtenRef, names.routeNumber) { pack.lexicon[$0] ?? pack.lexicon[$1] }
        let exit = maneuver.exitNumber.flatMap(Self.nonEmpty).map(names.exitNumber)
        let towards = formedName(maneuver.towards.flatMap(Self.nonEmpty).map(names.road))
        let rotary = formedName(maneuver.rotaryName.flatMap(Self.nonEmpty).map(names.road))
        let currentRoad = formedName(maneuver.currentRoadName.flatMap(Self.nonEmpty).map(names.road))
        let destination = formedName(maneuver.destinationName.flatMap(Self.nonEmpty).map(names.road))
        let heading = maneuver.heading.flatMap(CompassPoint.init(heading:)).flatMap { pack.compass[$0] }
        let side = maneuver.type.side.flatMap { pack.sides[$0] }
        let exitIndex = maneuver.type.roundaboutExitNumber.map { $0 - 1 }
        // The way round, where the pack says it for this traffic side ("going clockwise").
        let rotation = maneuver.isAtRoundabout ? pack.rotation[maneuver.trafficSide] : nil
        let value = { [self] (placeholder: Placeholder) -> String? in
            switch placeholder.name {
            case "distance": return distancePhrase(meters: distance, form: placeholder.form)
            case "road": return roadSaid?(placeholder.form)
            case "ref": return refSaid?(placeholder.form)
            case "exit": return exit
            case "towards": return towards?(placeholder.form)
            case "rotary": return rotary?(placeholder.form)
            case "currentRoad": return currentRoad?(placeholder.form)
            case "destination": return destination?(placeholder.form)
            case "heading": return heading.map { word in spokenHeading(word, spoken) }
            case "side": return side
            case "rotation": return rotation
            case "ordinal": return exitIndex.flatMap { ordinal($0, form: placeholder.form) }
            default: return nil
            }
        }
        return { placeholder in
            let said = value(placeholder)
            return Self.names.contains(placeholder.name) ? Self.keepingStops(said) : said
        }
    }

    /// A ferry maneuver's road as it is said (docs/PHRASES.md, "Ferries"): boarding or changing
    /// ferries, the road is the ferry's name only when it names one (`NameExpander.isFerryLine`:
    /// "take the Bainbridge Island Ferry"); a road that does not ("Harbour Road", the road beyond
    /// the ferry) is not said as the ferry's name, and leaving the ferry is said onto a road only
    /// when that is not a ferry's name. Every other maneuver's road is said as it is.
    private func ferryRoad(_ road: String, of type: ManeuverType) -> String? {
        switch type {
        case .enterFerry, .changeFerry: pack.names.isFerryLine(road) ? road : nil
        case .exitFerry: pack.names.isFerryLine(road) ? nil : road
        default: road
        }
    }

    /// A compass word as said: its lexicon entry where the pack has one (eSpeak NG reads French
    /// "l'est" as "l'è", the verb).
    private func spokenHeading(_ word: String, _ spoken: SpokenNames?) -> String {
        guard let spoken, let pronunciation = pack.lexicon[word] else { return word }
        return spoken.mark(word, as: pronunciation)
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Validation guarantees required placeholders are filled; an empty string is the safe
    /// answer should that ever be wrong.
    func render(_ template: Template, _ value: (Placeholder) -> String?) -> String {
        template.render(value, isName: { Self.names.contains($0.name) }) ?? ""
    }

    /// Collapses doubled spaces and upper-cases sentence starts when the pack asks for it.
    func tidy(_ text: String) -> String {
        var result = ""
        var startOfSentence = true
        var previousWasSpace = false
        for character in text.trimmingWhitespace() {
            if character == " " {
                if previousWasSpace { continue }
                previousWasSpace = true
                result.append(character)
                continue
            }
            previousWasSpace = false
            if startOfSentence && pack.capitalizeSentences && character.isLetter {
                result += character.uppercased()
                startOfSentence = false
            } else {
                result.append(character)
                if character.isLetter || character.isNumber { startOfSentence = false }
            }
            if ".!?".contains(character) { startOfSentence = true }
        }
        return result
    }
}

extension PhraseComposer {
    /// The prompt for `maneuver` in its own `state` at its own `distanceRemaining` (0 if unknown).
    public func compose(_ maneuver: Maneuver, then next: Maneuver? = nil, style: PhraseStyle = .normal) -> String {
        compose(maneuver, state: maneuver.state, distance: maneuver.distanceRemaining ?? 0, then: next, style: style)
    }
}
