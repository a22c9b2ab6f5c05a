/// What the I/O layer must do, or report.
public enum PolicyDecision: Hashable, Sendable {
    /// Apply to a source's stream or tell a client about its session.
    case focus(FocusEvent)
    case sessionActivated(ClientID)
    case sessionDeactivated(ClientID, DeactivationReason)
    /// Play the ready prompt in this style (short: a tone instead of speech).
    case playPrompt(ClientID, PromptStyle)
    /// Do not play the ready prompt: style none, or a holder rejects it.
    case skipPrompt(ClientID, why: String)
    /// Cut the prompt in flight short: its verdict went quieter than the style it was granted.
    case cutPrompt(PromptCut)
    /// The car's own navigation started guiding: every client's guidance ends (CarPlay's takeover rule).
    case nativeNavigationTookOver
    /// The client may not activate now: `holder` has the focus and rejects it.
    case activationRejected(ClientID, holder: FocusRole)
    case configurationRejected(ClientID, SessionConfigurationError)
    case violation(Violation)
}
