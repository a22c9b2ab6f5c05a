import StrictCoding

/// The user's setting for a client's prompts while a voice call is active (as a navigation app's
/// "prompts during calls"): the policy's tone, the spoken prompt, or nothing. It replaces what the
/// `voiceCallActive` rule proposes; every other condition still applies.
public enum PromptsDuringCall: String, Codable, CaseIterable, Sendable {
    /// The policy's `voiceCallActive` style: a short tone by default (CarPlay's rule).
    case tone
    /// The spoken prompt, mixed with the call.
    case voice
    /// No sound.
    case off

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "setting for prompts during a call")
    }

    /// What a call proposes for the style under this setting, given the policy's rule for calls;
    /// nil: nothing (voice: the call does not lower the style).
    public func proposal(rule: PromptStyle?) -> PromptStyle? {
        switch self {
        case .tone: rule
        case .voice: nil
        case .off: PromptStyle.none
        }
    }
}
