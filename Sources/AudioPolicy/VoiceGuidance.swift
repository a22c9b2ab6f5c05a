import StrictCoding

/// The user's toggle for a client's voice prompts (as in a navigation app's settings): none, alerts
/// only, or everything. The policy honours it on top of the prompt-style rules.
public enum VoiceGuidance: String, Codable, CaseIterable, Sendable {
    /// No prompt plays.
    case off
    /// Turn-by-turn instructions are silent; alerts (anything else the app says) play.
    case alertsOnly
    /// Every prompt plays, as the style rules allow.
    case all

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "voice guidance level")
    }

    /// The loudest style a prompt for `purpose` may have at this level.
    public func cap(for purpose: PromptPurpose) -> PromptStyle {
        switch (self, purpose) {
        case (.off, _), (.alertsOnly, .instruction): .none
        case (.alertsOnly, .alert), (.all, _): .normal
        }
    }
}

/// What a prompt is for, as the user's voice-guidance level sees it.
public enum PromptPurpose: String, Codable, CaseIterable, Sendable {
    /// A turn-by-turn instruction: a maneuver, composed by a phrase pack.
    case instruction
    /// Anything else the app says (text, alerts): still heard with alerts only.
    case alert
}
