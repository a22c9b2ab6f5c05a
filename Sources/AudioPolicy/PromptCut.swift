/// The rule that silenced a playing prompt: what changed while it spoke so that the policy's verdict
/// on it went below the style it was granted.
public enum PromptCutRule: String, Codable, CaseIterable, Sendable {
    /// The voice assistant opened the microphone: nothing plays over the driver (style none).
    case assistantListening
    /// A client shows its voice-control template: the driver is speaking to the app (style none).
    case voiceControlShown
    /// Another client's session records from the microphone (style none).
    case recording
    /// The user turned the client's voice guidance off, or to alerts only for an instruction.
    case voiceGuidanceOff
    /// The car's own navigation started guiding (style none; the app's guidance ends).
    case nativeNavigation
    /// A call started (style short, or none when the user's setting is off): the speech stops.
    case call
    /// The voice assistant is replying (style short): the speech stops.
    case assistantSpeaking
    /// The phone plays a voicemail (style short): the speech stops.
    case voicemail

    /// The rule a prompt-style condition stands for.
    init(_ condition: PromptCondition) {
        switch condition {
        case .voiceAssistantListening: self = .assistantListening
        case .voiceControlShown: self = .voiceControlShown
        case .otherSessionRecording: self = .recording
        case .nativeNavigationGuiding: self = .nativeNavigation
        case .voiceCallActive: self = .call
        case .voiceAssistantSpeaking: self = .assistantSpeaking
        case .voicemailPlaying: self = .voicemail
        }
    }

    /// Words for a prompt's end reason.
    public var description: String {
        switch self {
        case .assistantListening: "the voice assistant is listening"
        case .voiceControlShown: "the voice-control template is shown"
        case .recording: "another app is recording"
        case .voiceGuidanceOff: "the user turned voice guidance off"
        case .nativeNavigation: "the car's own navigation is guiding"
        case .call: "a call started"
        case .assistantSpeaking: "the voice assistant is speaking"
        case .voicemail: "a voicemail is playing"
        }
    }
}

/// The policy's decision to cut the prompt in flight short (`PolicyDecision.cutPrompt`): its verdict
/// changed while it played, from the style it was granted to a quieter one. Speech the verdict no
/// longer allows stops (none: any sound; short: the words), with the preemption fade.
public struct PromptCut: Hashable, Sendable {
    public let client: ClientID
    public let rule: PromptCutRule
    /// The style the prompt may have now (none or short), below the one it was granted.
    public let style: PromptStyle
    /// The moment silenced it, not the user: what was cut is owed once the moment passes (an
    /// instruction said afresh, an alert again if its deadline allows). False for the user's
    /// voice-guidance level.
    public let momentary: Bool

    public init(client: ClientID, rule: PromptCutRule, style: PromptStyle, momentary: Bool) {
        self.client = client
        self.rule = rule
        self.style = style
        self.momentary = momentary
    }

    /// The prompt's end reason: the rule, in words.
    public var reason: String { "\(rule.description) (prompt style \(style.rawValue))" }
}

/// The prompt playing now, as the policy granted it: whose, what for, in which style, under which
/// conditions. A cut withdraws the grant: from then the prompt is the player's alone to end
/// (`PlayingPrompt.Stop.cut` keeps the cut), and the policy judges nothing more of it.
public struct PromptInFlight: Hashable, Sendable {
    public let client: ClientID
    public let purpose: PromptPurpose
    public let style: AudibleStyle
    /// The conditions that held when it was granted: a cut names a condition that came after them first.
    public let conditions: Set<PromptCondition>

    /// The cut owed when the verdict for it is `now`, the conditions holding
    /// are `holding` (each proposing its style through `oracle`) and the user's voice-guidance level caps
    /// it at `cap`; nil while `now` still allows its style.
    func cutOwed(now: PromptStyle, holding: Set<PromptCondition>, cap: PromptStyle, oracle: PromptStyleOracle, duringCall: PromptsDuringCall)
        -> PromptCut?
    {
        guard now < style.promptStyle else { return nil }
        if cap < style.promptStyle {
            return PromptCut(client: client, rule: .voiceGuidanceOff, style: now, momentary: false)
        }
        // The conditions that bring the style below the granted one; a new one is what changed.
        let silencing = holding.filter { oracle.proposal(of: $0, duringCall: duringCall).map { $0 < style.promptStyle } ?? false }
        let newest = silencing.subtracting(conditions)
        let condition = PromptCondition.allCases.first { newest.contains($0) } ?? PromptCondition.allCases.first { silencing.contains($0) }
        // Without a condition below it (the rules' `otherwise`), the quietest rule stands for it.
        return PromptCut(client: client, rule: condition.map(PromptCutRule.init) ?? .voiceGuidanceOff, style: now, momentary: condition != nil)
    }
}
