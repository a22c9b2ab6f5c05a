import AudioPolicy

/// What cut the playing prompt short.
enum Interruption: Sendable {
    /// A more urgent prompt (the policy's `preemption:`): the cut one is queued again.
    case outranked(by: PromptID)
    /// The policy's verdict on it went quieter while it played (`PromptCut`: a call, the assistant,
    /// the voice-control template, a recording, the user's voice guidance, the car's navigation).
    case moment(PromptCut)

    var reason: String {
        switch self {
        case .outranked(let by): "interrupted by \(by), more urgent"
        case .moment(let cut): "interrupted: \(cut.reason)"
        }
    }

    /// The policy's cut, when the moment made it.
    var cut: PromptCut? {
        if case .moment(let cut) = self { cut } else { nil }
    }
}
