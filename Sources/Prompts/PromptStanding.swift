/// Where a queued prompt stands: waiting its turn, or the one being played.
public enum PromptStanding: Sendable, Equatable {
    case waiting
    case speaking
}
