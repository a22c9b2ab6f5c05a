/// Which prompts may cut a playing one short (the policy's `preemption:`): for each priority, the
/// lower priorities a newly queued prompt of it interrupts. Any other playing prompt it waits for, and
/// then goes first (the queue's order). The built-in rule: `important` interrupts `low` and
/// postpones `normal`, as speech-dispatcher's `important` cuts a message and Mapbox's navigation
/// interrupts a speaking instruction for a newer one. Pure.
public struct PromptPreemption: Hashable, Sendable {
    /// incoming priority → the playing priorities it interrupts (each lower than it).
    public private(set) var interrupts: [PromptPriority: Set<PromptPriority>]

    public init(interrupts: [PromptPriority: Set<PromptPriority>] = [:]) {
        self.interrupts = interrupts.filter { !$0.value.isEmpty }
    }

    /// `important` interrupts `low`; nothing else interrupts anything.
    public static let builtIn = PromptPreemption(interrupts: [.important: [.low]])

    /// Whether a prompt of `incoming` priority, just queued, cuts short a playing one of `playing`.
    public func interrupts(_ playing: PromptPriority, for incoming: PromptPriority) -> Bool {
        interrupts[incoming]?.contains(playing) == true
    }

    /// Every rule that lets a prompt interrupt one as urgent as itself or more, with its key path.
    public var problems: [PolicyProblem] {
        PromptPriority.allCases.compactMap { incoming in
            let wrong = (interrupts[incoming] ?? []).filter { $0 <= incoming }.sorted()
            guard !wrong.isEmpty else { return nil }
            return PolicyProblem(
                path: "preemption.\(incoming.rawValue)",
                message: "a prompt may interrupt only less urgent ones: \(incoming.rawValue) cannot interrupt \(wrong.map(\.rawValue).joined(separator: ", "))")
        }
    }
}
