import StrictCoding

/// How urgent a prompt is, in speech-dispatcher's spirit: a higher priority plays before anything
/// of a lower one that waits; within a priority, maneuvers before text, then the clients by turns,
/// then arrival (`PromptQueue`). Nothing interrupts a playing prompt
/// except `prompt.cancel`.
public enum PromptPriority: String, Codable, CaseIterable, Sendable, Comparable {
    /// Safety-relevant (a missed exit, "turn now"): before everything that waits.
    case important
    case normal
    /// Nice to have ("continue for 5 km"): after everything else.
    case low

    private var rank: Int {
        switch self {
        case .important: 0
        case .normal: 1
        case .low: 2
        }
    }

    public static func < (a: PromptPriority, b: PromptPriority) -> Bool { a.rank < b.rank }

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "priority")
    }
}
