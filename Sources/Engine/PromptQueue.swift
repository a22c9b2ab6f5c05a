import AudioPolicy

/// Which bound of the prompt queue refused a prompt.
public enum QueueBound: Error, Equatable, Sendable {
    /// The client has the most prompts waiting it may have.
    case clientFull(limit: Int)
    /// The queue holds the most prompts it may, and the client holds as many as anyone.
    case queueFull(limit: Int)
    /// The queue holds the most speech it may, and the client holds as many prompts as anyone.
    case secondsFull(waiting: Double, asked: Double, limit: Double)
    /// As many prompts as the queue may hold are being made for admission (a flood), and the client
    /// already has one waiting or being made.
    case lineFull(limit: Int)
}

/// A prompt's identity, as given to the client that asked for it ("p-12").
public struct PromptID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// The prompts waiting to play. Pure: no audio, no clock.
///
/// Which plays next, like speech-dispatcher's priorities, then fairness: the highest priority first;
/// within a priority, a maneuver before plain text (a maneuver is due at a place on the road, text
/// can wait); then the clients take turns (fair queuing: each client's next prompt before anyone's
/// one after it), then arrival. So a client that floods the queue delays every other client by one prompt at most at
/// each priority, not by its whole backlog.
///
/// The queue as a whole is bounded (`PromptLimits`): in prompts, in prompts per client, and in seconds
/// of speech. When a bound is reached, a client with fewer prompts waiting than the client holding
/// the most takes the place of that holder's newest, least urgent prompt; at a tie the more urgent
/// prompt, or a maneuver against text, wins; the client holding the most is refused.
struct PromptQueue {
    struct Entry: Equatable {
        let id: PromptID
        let client: ClientID
        let priority: PromptPriority
        /// Engine time after which the prompt may no longer start; nil: no deadline.
        let deadline: Double?
        /// A newer prompt with the same client and key replaces a waiting one ("the same maneuver").
        let key: String?
        /// A maneuver (due at a place on the road) rather than plain text.
        var isManeuver = false
        /// Queued by the client's guidance (the announcer), not by `prompt.speak`: it ends with the guidance.
        var fromGuidance = false
        /// The length of its speech, measured when it was admitted.
        var seconds = 0.0
        /// Its client's turn at its priority, given when it was admitted (see `admit`).
        var turn = 0
        var sequence = 0
    }

    /// A prompt admitted, with the waiting ones it replaced (same client and key) and the ones it
    /// took the place of (another client's, the queue being full), all now removed.
    struct Admission: Equatable {
        var superseded: [Entry] = []
        var evicted: [Entry] = []
    }

    private(set) var waiting: [Entry] = []
    private var nextSequence = 0
    /// Fair turns (start-time fair queuing, every prompt costing one turn): the turn each client's
    /// next prompt at a priority gets at the earliest, and the turn of the prompt taken last at each
    /// priority. A prompt's turn is the later of the two, so a client that queues many waits its turn
    /// for each, and one that was quiet gets no credit for it.
    private var nextTurn: [ClientID: [PromptPriority: Int]] = [:]
    private var servedTurn: [PromptPriority: Int] = [:]

    var count: Int { waiting.count }

    /// Seconds of speech waiting.
    var seconds: Double { waiting.reduce(0) { $0 + $1.seconds } }

    func count(of client: ClientID) -> Int { waiting.filter { $0.client == client }.count }

    /// Why `entry` would be refused now, if it would: `admit`'s answer, changing nothing. Asked
    /// with a length that is a lower bound of its speech, before the speech is made.
    func refusal(of entry: Entry, limits: PromptLimits) -> QueueBound? {
        var trial = self
        if case .failure(let refusal) = trial.admit(entry, limits: limits) { return refusal }
        return nil
    }

    /// Admits a prompt within `limits`, or refuses it, changing nothing.
    mutating func admit(_ entry: Entry, limits: PromptLimits) -> Result<Admission, QueueBound> {
        var candidate = self
        var admission = Admission()
        if let key = entry.key {
            admission.superseded = candidate.remove { $0.client == entry.client && $0.key == key }
        }
        if candidate.count(of: entry.client) >= limits.maxWaitingPerClient { return .failure(.clientFull(limit: limits.maxWaitingPerClient)) }
        while candidate.count >= limits.maxWaiting || candidate.seconds + entry.seconds > limits.maxWaitingSeconds + 1e-9 {
            guard let victim = candidate.victim(for: entry.client, priority: entry.priority, isManeuver: entry.isManeuver) else {
                if candidate.count >= limits.maxWaiting { return .failure(.queueFull(limit: limits.maxWaiting)) }
                return .failure(.secondsFull(waiting: candidate.seconds, asked: entry.seconds, limit: limits.maxWaitingSeconds))
            }
            admission.evicted += candidate.remove { $0.id == victim.id }
        }
        candidate.nextSequence += 1
        var admitted = entry
        admitted.sequence = candidate.nextSequence
        admitted.turn = max(candidate.servedTurn[entry.priority] ?? 0, candidate.nextTurn[entry.client]?[entry.priority] ?? 0)
        candidate.nextTurn[entry.client, default: [:]][entry.priority] = admitted.turn + 1
        candidate.waiting.append(admitted)
        self = candidate
        return .success(admission)
    }

    /// The prompt to make room with for a prompt of `client` at `priority` (a maneuver or text): the
    /// newest of the least urgent prompts (text before a maneuver at the same priority) of the client
    /// holding the most. A client with fewer prompts waiting than that holder always gets in; one
    /// holding as many gets in when its prompt is more urgent than the one given up, or a maneuver
    /// against text at the same priority; one holding more is refused. So a flood spread thin over
    /// many connections cannot keep out a client with nothing waiting, and guidance wins a tie.
    private func victim(for client: ClientID, priority: PromptPriority, isManeuver: Bool) -> Entry? {
        var held: [ClientID: (count: Int, seconds: Double)] = [:]
        for entry in waiting {
            let before = held[entry.client] ?? (0, 0)
            held[entry.client] = (before.count + 1, before.seconds + entry.seconds)
        }
        let mine = held[client]?.count ?? 0
        guard let most = held.filter({ $0.key != client }).map(\.value.count).max(), most >= mine else { return nil }
        // PromptPriority orders important first: the least urgent is the greatest; text after a maneuver.
        func urgency(_ entry: Entry) -> (PromptPriority, Int, Int) { (entry.priority, entry.isManeuver ? 0 : 1, entry.sequence) }
        let holders = held.filter { $0.key != client && $0.value.count == most }
        let offers = holders.keys.map { holder in waiting.filter { $0.client == holder }.max { urgency($0) < urgency($1) }! }
        guard
            let given = offers.max(by: {
                (urgency($0).0, urgency($0).1, held[$0.client]!.seconds, $1.client.rawValue)
                    < (urgency($1).0, urgency($1).1, held[$1.client]!.seconds, $0.client.rawValue)
            })
        else { return nil }
        if most > mine { return given }
        // A tie: the more urgent prompt, or a maneuver against text, wins it.
        return priority < given.priority || (priority == given.priority && isManeuver && !given.isManeuver) ? given : nil
    }

    /// The position (0 = next) a waiting prompt has.
    func position(of id: PromptID) -> Int? { ordered.firstIndex { $0.id == id } }

    /// Takes the prompt to play next.
    mutating func next() -> Entry? {
        guard let first = ordered.first else { return nil }
        waiting.removeAll { $0.id == first.id }
        servedTurn[first.priority] = first.turn
        // A client with nothing waiting whose next turns have all come round needs no record.
        let waitingClients = Set(waiting.map(\.client))
        nextTurn = nextTurn.filter { client, turns in
            waitingClients.contains(client) || turns.contains { priority, turn in turn > (servedTurn[priority] ?? 0) }
        }
        return first
    }

    /// A client gone: its prompts leave the queue, and its record of turns goes with them. Kept, the
    /// records of a flood's clients would stay until the turns they were owed came round.
    mutating func forget(_ client: ClientID) -> [Entry] {
        nextTurn[client] = nil
        return remove { $0.client == client }
    }

    /// How many clients have a record of turns (each with something waiting, or turns still owed).
    var clientsWithTurns: Int { nextTurn.count }

    /// Removes the waiting prompts that match, returning them.
    mutating func remove(where match: (Entry) -> Bool) -> [Entry] {
        let removed = waiting.filter(match)
        waiting.removeAll(where: match)
        return removed
    }

    /// The waiting prompts in the order they will play.
    var ordered: [Entry] {
        waiting.sorted { ($0.priority, $0.isManeuver ? 0 : 1, $0.turn, $0.sequence) < ($1.priority, $1.isManeuver ? 0 : 1, $1.turn, $1.sequence) }
    }
}
