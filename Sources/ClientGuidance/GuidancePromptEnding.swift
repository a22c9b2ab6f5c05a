import Guidance

/// The maneuver a guidance prompt is for, and its state ("execute" is the final instruction).
public struct AnnouncedManeuver: Sendable, Equatable {
    public var maneuver: String
    public var state: ManeuverState

    public init(maneuver: String, state: ManeuverState) {
        self.maneuver = maneuver
        self.state = state
    }
}

/// How a guidance prompt ended, as the guidance's memory of held-back prompts sees it (`HeldBackPrompt`).
public enum GuidancePromptEnding: Sendable, Equatable {
    /// Spoken in full; what it announced, for a guidance instruction (the arrival ends guidance).
    case heard(AnnouncedManeuver?)
    /// A maneuver instruction held back by the moment (a tone or nothing instead of its words, or cut
    /// by a call), for the maneuver `key` names.
    case heldBack(key: String?)
    /// Neither (cancelled, expired, interrupted and queued again, or silenced by the user).
    case other
}
