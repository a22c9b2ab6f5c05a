import AudioPolicy

/// A prompt's identity, as given to the client that asked for it ("p-12").
public struct PromptID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// The prompts waiting to play. Pure: no audio, no clock.
struct PromptQueue {
    struct Entry: Equatable {
        let id: PromptID
        let client: ClientID
        let priority: PromptPriority
        /// Engine time after which the prompt may no longer start; nil: no deadline.
        let deadline: Double?
        /// A newer prompt with the same client and key replaces a waiting one ("the same maneuver").
        let key: String?
        let sequence: Int
    }

    private(set) var waiting: [Entry] = []
    private var nextSequence = 0

    var count: Int { waiting.count }

    func count(of client: ClientID) -> Int { waiting.filter { $0.client == client }.count }

    /// Adds a prompt; returns the waiting ones it supersedes (same client and key), now removed.
    mutating func enqueue(id: PromptID, client: ClientID, priority: PromptPriority, deadline: Double?, key: String?) -> [Entry] {
        var superseded: [Entry] = []
        if let key {
            superseded = waiting.filter { $0.client == client && $0.key == key }
            waiting.removeAll { $0.client == client && $0.key == key }
        }
        nextSequence += 1
        waiting.append(Entry(id: id, client: client, priority: priority, deadline: deadline, key: key, sequence: nextSequence))
        return superseded
    }

    /// The position (0 = next) a waiting prompt has.
    func position(of id: PromptID) -> Int? { ordered.firstIndex { $0.id == id } }

    /// Takes the prompt to play next: the highest priority, the oldest within it.
    mutating func next() -> Entry? {
        guard let first = ordered.first else { return nil }
        waiting.removeAll { $0.id == first.id }
        return first
    }

    /// Removes the waiting prompts that match, returning them.
    mutating func remove(where match: (Entry) -> Bool) -> [Entry] {
        let removed = waiting.filter(match)
        waiting.removeAll(where: match)
        return removed
    }

    private var ordered: [Entry] {
        waiting.sorted { ($0.priority, $0.sequence) < ($1.priority, $1.sequence) }
    }
}
