/// Why a client's guidance ended: the `reason` of its `guidance.ended` event.
public enum GuidanceEndReason: String, Sendable, CaseIterable {
    /// The client asked (`guidance.end` without a reason).
    case clientRequest
    /// The client's trip is done (`guidance.end` `finished`): the prompt playing is said to its end.
    case finished
    /// The client cancelled its trip (`guidance.end` `cancelled`).
    case cancelled
    /// The arrival prompt was said: guidance ends by itself, as a finished trip does.
    case arrived
    /// The client disconnected.
    case disconnected
    /// The car's own navigation started guiding: CarPlay apps end their guidance at once.
    case nativeNavigation
    /// The client started guidance anew (`guidance.start` while its guidance ran).
    case restarted

    /// Whether the prompt playing is said to its end (only the waiting ones are skipped): the trip is
    /// done, and its last words ("your destination is on the right") are not cut.
    public var letsThePlayingPromptFinish: Bool { self == .finished || self == .arrived }

    /// The reason given to the prompts its guidance had queued, which are cancelled with it.
    public var promptReason: String {
        switch self {
        case .clientRequest: "guidance ended: the client called guidance.end"
        case .finished: "guidance ended: the client finished its trip (guidance.end finished)"
        case .cancelled: "guidance ended: the client cancelled its trip (guidance.end cancelled)"
        case .arrived: "guidance ended: the destination was reached and announced"
        case .disconnected: "guidance ended: the client disconnected"
        case .nativeNavigation: "guidance ended: the car's own navigation took over (nativeNavigation)"
        case .restarted: "guidance ended: the client started guidance anew (guidance.start)"
        }
    }
}
