/// How a navigation prompt may sound right now (REFERENCE.md §1).
public enum PromptStyle: String, Codable, CaseIterable, Sendable {
    /// Play no sound.
    case none
    /// Play a short non-verbal tone.
    case short
    /// Play the full spoken prompt.
    case normal
}
