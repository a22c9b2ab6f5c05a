/// The policy's answer to a ready prompt (`PolicyEngine.promptReady`): play it in an audible form, or
/// skip it and say why.
public enum PromptVerdict: Hashable, Sendable {
    /// Play it: speech, or a short tone in its place.
    case play(AudibleStyle)
    /// Do not play it: style none, a holder of the focus rejects it, or the session did not activate.
    case skip(reason: String)
    /// The client has no session configuration (an error of the caller, not a skip).
    case noSession(SessionConfigurationError)
}

/// The prompt styles that make a sound: what a played prompt can be.
public enum AudibleStyle: String, Hashable, Sendable {
    /// A short non-verbal tone instead of speech.
    case short
    /// The full spoken prompt.
    case normal

    public var promptStyle: PromptStyle {
        switch self {
        case .short: .short
        case .normal: .normal
        }
    }
}

extension AudibleStyle {
    /// The audible form of a style; nil for none.
    public init?(_ style: PromptStyle) {
        switch style {
        case .none: return nil
        case .short: self = .short
        case .normal: self = .normal
        }
    }
}
