/// Whether a player VoxNav paused for a prompt is played again when the prompt ends. Only if it is
/// still as VoxNav left it: paused, at the position it was paused at. Playing means the user pressed
/// play meanwhile; stopped, or paused elsewhere in the programme (played on and paused again, or
/// sought), means the user chose: their choice stands. Pure.
public enum ResumeDecision: Equatable, Sendable {
    case play
    /// The user took the player over during the prompt; it is left as they left it.
    case leftToUser(String)

    /// How far the position may be from where it was paused and still count as untouched (seconds).
    public static let positionTolerance = 0.25

    /// - Parameters:
    ///   - pausedAt: the position read just after VoxNav paused it, if the player tells its position.
    ///   - status: its status now.
    ///   - position: its position now.
    public static func decide(pausedAt: Double?, status: PlaybackStatus, position: Double?) -> ResumeDecision {
        switch status {
        case .playing: return .leftToUser("the user played it during the prompt")
        case .stopped: return .leftToUser("the user stopped it during the prompt")
        case .paused:
            if let pausedAt, let position, abs(position - pausedAt) > positionTolerance {
                return .leftToUser("the user moved it during the prompt (paused at \(format(pausedAt)) s, now at \(format(position)) s)")
            }
            return .play
        }
    }

    private static func format(_ seconds: Double) -> String {
        String(Double((seconds * 100).rounded()) / 100)
    }
}
