/// speech-dispatcher's five message priorities (`SET SELF PRIORITY`), highest first.
public enum SSIPPriority: String, CaseIterable, Hashable, Sendable {
    case important
    case message
    case text
    case notification
    case progress

    /// `SET SELF PRIORITY`'s value, in any case.
    public init?(parameter: String) {
        self.init(rawValue: parameter.lowercased())
    }
}

/// A message of the SSIP door that waits or speaks, as the priority rules see it.
public struct SSIPMessageState: Hashable, Sendable {
    public let id: Int
    public let priority: SSIPPriority
    public let speaking: Bool

    public init(id: Int, priority: SSIPPriority, speaking: Bool) {
        self.id = id
        self.priority = priority
        self.speaking = speaking
    }
}

/// What a new message does to the others of the SSIP door, as speech-dispatcher's
/// `resolve_priorities()` does it (its documentation's "message priority model"):
///
/// | new | the one speaking | those waiting |
/// |---|---|---|
/// | important | cut, unless important | notifications and progress cancelled |
/// | message | cut if text, notification or progress | text, notifications, progress cancelled |
/// | text | cut if text, notification or progress | text, notifications, progress cancelled: only the newest text is said |
/// | notification | untouched; an older notification is cut | the new one is dropped while anything else waits or speaks; older notifications cancelled |
/// | progress | untouched; a notification is cut | notifications and older progress cancelled |
///
/// Important messages are never cancelled by another. The order in which the rest play is the
/// engine's queue: important, then message and text, then notification and progress
/// (`SSIPPriority.promptPriority` in the daemon).
public struct SSIPArrival: Equatable, Sendable {
    /// The messages to end (`703 CANCELED`), waiting or speaking.
    public let cancelled: Set<Int>
    /// The new message is not said: it ends `703 CANCELED` at once.
    public let dropped: Bool

    public static func of(_ new: SSIPPriority, among others: [SSIPMessageState]) -> SSIPArrival {
        func ids(_ matches: (SSIPMessageState) -> Bool) -> Set<Int> { Set(others.filter(matches).map(\.id)) }
        let lower: Set<SSIPPriority> = [.text, .notification, .progress]
        switch new {
        case .important:
            return SSIPArrival(
                cancelled: ids { ($0.speaking && $0.priority != .important) || $0.priority == .notification || $0.priority == .progress },
                dropped: false)
        case .message, .text:
            return SSIPArrival(cancelled: ids { lower.contains($0.priority) }, dropped: false)
        case .notification:
            if others.contains(where: { $0.priority != .notification }) { return SSIPArrival(cancelled: [], dropped: true) }
            return SSIPArrival(cancelled: ids { $0.priority == .notification }, dropped: false)
        case .progress:
            return SSIPArrival(cancelled: ids { $0.priority == .notification || ($0.priority == .progress && !$0.speaking) }, dropped: false)
        }
    }
}
