/// How much guidance says (`guidance.start`'s `verbosity`).
///
/// - `brief`: "turn now" for every maneuver, plus its prepare prompt on a fast road (the vehicle at
///   or above its profile's `fastSpeed` when the prepare window opens); no "continue for", no initial.
/// - `normal`: every state the timing allows (the announcer's rules as they are).
/// - `detailed`: as normal, and the initial prompt is still said late, down to twice the prepare
///   window's start rather than the initial window's end; the prepare prompt says the whole action
///   with road names and numbers (the pack's initial wording).
public enum Verbosity: String, CaseIterable, Sendable, Hashable, Codable {
    case brief, normal, detailed

    /// The state whose wording says a prompt of `state`: detailed prepares word the whole action.
    public func wording(for state: ManeuverState) -> ManeuverState {
        self == .detailed && state == .prepare ? .initial : state
    }

    /// Whether a prompt of `state` is said at `speed` (m/s): brief says "turn now", and the prepare
    /// prompt only at or above the profile's `fastSpeed`; the others say every state.
    public func says(_ state: ManeuverState, speed: Double, profile: VehicleProfile) -> Bool {
        guard self == .brief else { return true }
        return state == .execute || (state == .prepare && speed >= profile.fastSpeed)
    }
}
