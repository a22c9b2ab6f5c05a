import AudioPolicy

/// One guidance prompt as it is queued and reported: the maneuver in the state its words say, the
/// maneuvers chained behind it, the arrival a departure ends with, its words, its priority and the key
/// a newer prompt replaces it by. Every guidance prompt becomes one here (the announcer's, the one a
/// call held back said again, a driver's repeat), so that all rank and read alike. Pure.
public struct GuidancePrompt: Sendable {
    public let maneuverID: String
    /// The state announced: continue, initial, prepare or execute ("turn now").
    public let state: ManeuverState
    /// The maneuver as said: its state the one its words say, its distance the one heard.
    public let maneuver: Maneuver
    public let then: Maneuver?
    public let andThen: Maneuver?
    public let chainedManeuverID: String?
    public let secondChainedManeuverID: String?
    /// The arrival said after it: a departure's, when the client asked for it.
    public let arrival: LocalTime?
    /// Meters to the maneuver when the words are heard.
    public let distance: Double
    /// A newer prompt with the same key replaces this one while it waits.
    public let key: String
    /// The most seconds its words may speak (`Announcement.wordBudget`); nil: the policy's limit.
    public let wordBudget: Double?
    /// Its words, as the phrase pack composes them.
    public let text: String

    /// "Turn now" matters most; "continue for …" least.
    public var priority: PromptPriority {
        switch state {
        case .execute: .important
        case .continue: .low
        case .initial, .prepare: .normal
        }
    }

    /// A reminder to continue is said without the prompt's tone.
    public var toneless: Bool { state == .continue }

    /// The words of a guidance: its maneuvers as they are said (`onRoute`), its phrase pack's
    /// composer, how much it says, and the arrival a departure's prompt ends with.
    public struct Speaker: Sendable {
        public let onRoute: [String: Maneuver]
        public let composer: PhraseComposer
        public let verbosity: Verbosity
        public let arrival: @Sendable (Maneuver) -> LocalTime?

        public init(
            onRoute: [String: Maneuver], composer: PhraseComposer, verbosity: Verbosity,
            arrival: @escaping @Sendable (Maneuver) -> LocalTime? = { _ in nil }
        ) {
            self.onRoute = onRoute
            self.composer = composer
            self.verbosity = verbosity
            self.arrival = arrival
        }

        /// The state a prompt of `state` about `maneuver` is worded in, the announcer having asked
        /// for `wording`: no "now" said early (`PhraseComposer.wordingState`), detailed guidance's prepare.
        func wordingState(of maneuver: Maneuver, state: ManeuverState, wording: ManeuverState) -> ManeuverState {
            verbosity.wording(for: composer.wordingState(of: maneuver, state: state, wording: wording))
        }
    }

    /// The announcer's announcement as a prompt; nil for a maneuver not on the route.
    public init?(_ announcement: Announcement, by speaker: Speaker) {
        self.init(
            maneuverID: announcement.maneuverID, state: announcement.state, wording: announcement.wording, distance: announcement.distance,
            chained: announcement.chainedManeuverID, secondChained: announcement.secondChainedManeuverID,
            firstMentions: announcement.firstMentions, wordBudget: announcement.wordBudget, key: announcement.maneuverID, speaker: speaker)
    }

    /// A plan of the maneuver ahead (a repeat, or a held-back prompt said again) as a prompt, keyed by
    /// `key` (its maneuver's id when nil); nil for a maneuver not on the route.
    public init?(_ plan: RepeatPlan, key: String? = nil, by speaker: Speaker) {
        self.init(
            maneuverID: plan.maneuverID, state: plan.state, wording: plan.wording, distance: plan.distance, chained: nil, secondChained: nil,
            firstMentions: [], wordBudget: nil, key: key ?? plan.maneuverID, speaker: speaker)
    }

    private init?(
        maneuverID: String, state: ManeuverState, wording: ManeuverState, distance: Double, chained: String?, secondChained: String?,
        firstMentions: Set<String>, wordBudget: Double?, key: String, speaker: Speaker
    ) {
        guard var maneuver = speaker.onRoute[maneuverID] else { return nil }
        let said = speaker.wordingState(of: maneuver, state: state, wording: wording)
        maneuver.state = said
        maneuver.distanceRemaining = distance
        // Marked for its words: a first mention is the last detail they shed.
        func onRoute(_ id: String?) -> Maneuver? {
            guard let id, var maneuver = speaker.onRoute[id] else { return nil }
            maneuver.isFirstMention = firstMentions.contains(id)
            return maneuver
        }
        let then = onRoute(chained)
        let andThen = onRoute(secondChained)
        let arrival = speaker.arrival(maneuver)
        let words = speaker.composer.compose(maneuver, state: said, distance: distance, then: then, andThen: andThen)
        self.maneuverID = maneuverID
        self.state = state
        self.maneuver = maneuver
        self.then = then
        self.andThen = andThen
        chainedManeuverID = chained
        secondChainedManeuverID = secondChained
        self.arrival = arrival
        self.distance = distance
        self.key = key
        self.wordBudget = wordBudget
        text = arrival.map { speaker.composer.departure([Wording(text: words)], arrival: $0)[0].text } ?? words
    }
}
