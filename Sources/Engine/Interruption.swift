/// What cut the playing prompt short.
enum Interruption: Sendable {
    /// A more urgent prompt (the policy's `preemption:`): the cut one is queued again.
    case outranked(by: PromptID)
    /// The moment no longer lets it speak (a call started): the guidance says its maneuver afresh later.
    case moment(String)

    var reason: String {
        switch self {
        case .outranked(let by): "interrupted by \(by), more urgent"
        case .moment(let why): "interrupted: \(why); the maneuver is said again, as it is then, when that ends"
        }
    }
}
