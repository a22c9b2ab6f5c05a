/// How a navigation prompt may sound right now (docs/POLICY.md, "Prompt style").
public enum PromptStyle: String, Codable, CaseIterable, Sendable, Comparable {
    /// Play no sound.
    case none
    /// Play a short non-verbal tone.
    case short
    /// Play the full spoken prompt.
    case normal

    /// none < short < normal: the quietest applicable style wins.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
    private var rank: Int {
        switch self {
        case .none: 0
        case .short: 1
        case .normal: 2
        }
    }
}

/// A fact about the car that bears on the prompt style.
public enum PromptCondition: String, Codable, CaseIterable, Sendable {
    /// The voice assistant has the microphone open.
    case voiceAssistantListening
    /// Another client's session records from the microphone.
    case otherSessionRecording
    /// The voice assistant is active but not recording (it is replying).
    case voiceAssistantSpeaking
    /// The phone plays a voicemail.
    case voicemailPlaying
    /// A voice call is active.
    case voiceCallActive
    /// The car's own navigation is guiding: the app's guidance ends and plays nothing (CarPlay's takeover rule).
    case nativeNavigationGuiding
    /// A client shows its voice-control template: the user is speaking to the app, and no prompt plays over them.
    case voiceControlShown
}

/// The prompt-style rules: each condition that holds proposes a style; the quietest one wins.
public struct PromptStyleRules: Hashable, Codable, Sendable {
    public var rules: [PromptCondition: PromptStyle]
    /// The style when no rule applies.
    public var otherwise: PromptStyle

    public init(rules: [PromptCondition: PromptStyle], otherwise: PromptStyle = .normal) {
        self.rules = rules
        self.otherwise = otherwise
    }
}

/// Answers "how may client X's next prompt sound?" just before every prompt.
public struct PromptStyleOracle: Sendable {
    public var rules: PromptStyleRules

    public init(rules: PromptStyleRules) {
        self.rules = rules
    }

    /// The conditions that hold for `client`, given the sources still in play (not stopped), the active
    /// sessions, and whether any client shows its voice-control template.
    public func conditions(
        for client: ClientID, sources: [Source], activeSessions: [ClientID: SessionConfiguration], voiceControlShown: Bool = false
    ) -> Set<PromptCondition> {
        var found: Set<PromptCondition> = []
        for source in sources {
            switch source.focusRole {
            case .voiceAssistantListening: found.insert(.voiceAssistantListening)
            case .voiceAssistantSpeaking: found.insert(.voiceAssistantSpeaking)
            case .voicemail: found.insert(.voicemailPlaying)
            case .phoneCall: found.insert(.voiceCallActive)
            case .nativeNavigation: found.insert(.nativeNavigationGuiding)
            default: break
            }
        }
        if activeSessions.contains(where: { $0.key != client && $0.value.records }) {
            found.insert(.otherSessionRecording)
        }
        if voiceControlShown { found.insert(.voiceControlShown) }
        return found
    }

    /// The quietest style the conditions propose; a call proposes what the user's `duringCall` setting makes of its rule.
    public func style(given conditions: Set<PromptCondition>, duringCall: PromptsDuringCall = .tone) -> PromptStyle {
        conditions.compactMap { proposal(of: $0, duringCall: duringCall) }.min() ?? rules.otherwise
    }

    /// The style one condition proposes, nil for none; a call's is what the user's `duringCall` setting makes of its rule.
    public func proposal(of condition: PromptCondition, duringCall: PromptsDuringCall = .tone) -> PromptStyle? {
        condition == .voiceCallActive ? duringCall.proposal(rule: rules.rules[condition]) : rules.rules[condition]
    }

    public func style(
        for client: ClientID, sources: [Source], activeSessions: [ClientID: SessionConfiguration], voiceControlShown: Bool = false,
        duringCall: PromptsDuringCall = .tone
    ) -> PromptStyle {
        style(
            given: conditions(for: client, sources: sources, activeSessions: activeSessions, voiceControlShown: voiceControlShown),
            duringCall: duringCall)
    }
}
