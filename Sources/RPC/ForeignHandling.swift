/// How another program's stream was interrupted, or let go: through its player (MPRIS), which
/// pauses and resumes where it was, or by muting it, where no player on the session bus plays it.
/// The `handling` of a `source.handled` event.
public enum ForeignHandling: String, Sendable, Codable, CaseIterable {
    /// Its player was asked to pause (`Pause`).
    case paused
    /// Its player was paused already: nothing to do, nothing to resume.
    case alreadyPaused
    /// No player plays it (or there is no session bus): muted; it plays on unheard.
    case muted
    /// Its player was asked to play again (`Play`), from where it paused.
    case resumed
    /// Its player was left as the user left it during the prompt (played, stopped, sought), or as
    /// the policy said (not to resume).
    case leftPaused
    /// Its player quit during the prompt.
    case playerGone
    /// Unmuted, as it was before.
    case unmuted
}
