/// A prompt session that has just deactivated, whose ducks and pauses are held for a moment
/// (`Ramps.hold`) before they are restored: a prompt that follows within it takes them over
/// as they are, so the music does not rise between two prompts and fall again (no pumping). It takes
/// part in focus as the session did, with its role and start order, but makes no sound and is told
/// nothing; the session itself is inactive from its deactivation on.
///
/// While the next prompt is known to be coming (`PolicyInput.promptComing`), the hold stretches up
/// to `Ramps.holdForNext` after the deactivation, for it to take the ducks over.
public struct ReleasingSession: Hashable, Sendable {
    public var role: FocusRole
    public var ordinal: Int
    /// When the session deactivated.
    public var from: Double
    /// When the hold ends, with no prompt known to be near.
    public var until: Double

    public init(role: FocusRole, ordinal: Int, from: Double, until: Double) {
        self.role = role
        self.ordinal = ordinal
        self.from = from
        self.until = until
    }

    /// When the hold ends: `until`, or, while the next prompt is coming, `cap` after the
    /// deactivation (never sooner than `until`).
    public func end(comingNext: Bool, cap: Double) -> Double {
        comingNext ? max(until, from + cap) : until
    }

    /// Deactivations after which the effects are held: a prompt's end, with or without its linger.
    /// A client's own request, the idle cap and an interruption restore at once.
    static func holds(after reason: DeactivationReason) -> Bool {
        reason == .finished || reason == .lingerExpired
    }
}
