/// Why a client's guidance ended: the `reason` of its `guidance.ended` event.
public enum GuidanceEndReason: String, Sendable, CaseIterable {
    /// The client asked (`guidance.end`).
    case clientRequest
    /// The client disconnected.
    case disconnected
    /// The car's own navigation started guiding: CarPlay apps end their guidance at once.
    case nativeNavigation
    /// The client started guidance anew (`guidance.start` while its guidance ran).
    case restarted

    /// The reason given to the prompts its guidance had queued, which are cancelled with it.
    var promptReason: String {
        switch self {
        case .clientRequest: "guidance ended: the client called guidance.end"
        case .disconnected: "guidance ended: the client disconnected"
        case .nativeNavigation: "guidance ended: the car's own navigation took over (nativeNavigation)"
        case .restarted: "guidance ended: the client started guidance anew (guidance.start)"
        }
    }
}
