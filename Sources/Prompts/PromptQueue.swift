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
package struct PromptQueue {
    /// A prompt admitted, with the waiting ones it replaced (`Prompt.replaced(by:)`) and the ones it
    /// took the place of (another client's, the queue being full), all now removed.
    package struct Admission {
        package var superseded: [Prompt] = []
        package var evicted: [Prompt] = []
    }

    /// What admitting a prompt would do, changing nothing: the waiting prompts it would supersede and
    /// evict, by id.
    package struct Plan: Equatable {
        package var superseded: [PromptID] = []
        package var evicted: [PromptID] = []
    }

    package private(set) var waiting: [Prompt] = []

    package init() {}
    private var nextSequence = 0
    /// Fair turns (start-time fair queuing, every prompt costing one turn): the turn each client's
    /// next prompt at a priority gets at the earliest, and the turn of the prompt taken last at each
    /// priority. A prompt's turn is the later of the two, so a client that queues many waits its turn
    /// for each, and one that was quiet gets no credit for it.
    private var nextTurn: [ClientID: [PromptPriority: Int]] = [:]
    private var servedTurn: [PromptPriority: Int] = [:]

    package var count: Int { waiting.count }

    /// Seconds of speech waiting.
    package var seconds: Double { waiting.reduce(0) { $0 + $1.seconds } }

    package func count(of client: ClientID) -> Int { waiting.reduce(0) { $0 + ($1.client == client ? 1 : 0) } }

    /// Why `prompt` would be refused now, if it would: `admit`'s answer, changing nothing. Asked
    /// with a length that is a lower bound of its speech, before the speech is made.
    package func refusal(of prompt: Prompt, limits: PromptLimits) -> QueueBound? {
        if case .failure(let refusal) = plan(prompt, limits: limits) { return refusal }
        return nil
    }

    /// Admits a prompt within `limits`, or refuses it, changing nothing. `continuing`: it takes the
    /// turn of its client's prompt admitted just before it (the next part of a long text), so that no
    /// other client's prompt of its priority goes between them.
    package mutating func admit(_ prompt: Prompt, limits: PromptLimits, continuing: Bool = false) -> Result<Admission, QueueBound> {
        let plan: Plan
        switch self.plan(prompt, limits: limits) {
        case .success(let planned): plan = planned
        case .failure(let refusal): return .failure(refusal)
        }
        var admission = Admission()
        if !plan.superseded.isEmpty { admission.superseded = remove { plan.superseded.contains($0.id) } }
        // Each in the order it was chosen: a caller tells them in that order.
        for id in plan.evicted { admission.evicted += remove { $0.id == id } }
        nextSequence += 1
        var admitted = prompt
        admitted.sequence = nextSequence
        if continuing, let next = nextTurn[prompt.turnHolder]?[prompt.priority] {
            admitted.turn = next - 1
        } else {
            admitted.turn = max(servedTurn[prompt.priority] ?? 0, nextTurn[prompt.turnHolder]?[prompt.priority] ?? 0)
            nextTurn[prompt.turnHolder, default: [:]][prompt.priority] = admitted.turn + 1
        }
        waiting.append(admitted)
        return .success(admission)
    }

    /// What admitting `prompt` within `limits` would supersede and evict, or the bound that refuses
    /// it. Computed on counts, without a copy of the queue: a flood asks this of every request.
    package func plan(_ prompt: Prompt, limits: PromptLimits) -> Result<Plan, QueueBound> {
        var plan = Plan()
        var gone = Set<PromptID>()
        if prompt.key != nil {
            for held in waiting where held.replaced(by: prompt) {
                plan.superseded.append(held.id)
                gone.insert(held.id)
            }
        }
        var held: [ClientID: (count: Int, seconds: Double)] = [:]
        var total = 0
        var seconds = 0.0
        for entry in waiting where !gone.contains(entry.id) {
            let before = held[entry.client] ?? (0, 0)
            held[entry.client] = (before.count + 1, before.seconds + entry.seconds)
            total += 1
            seconds += entry.seconds
        }
        if (held[prompt.client]?.count ?? 0) >= limits.maxWaitingPerClient { return .failure(.clientFull(limit: limits.maxWaitingPerClient)) }
        while total >= limits.maxWaiting || seconds + prompt.seconds > limits.maxWaitingSeconds + 1e-9 {
            guard let victim = victim(for: prompt, held: held, gone: gone) else {
                if total >= limits.maxWaiting { return .failure(.queueFull(limit: limits.maxWaiting)) }
                return .failure(.secondsFull(waiting: seconds, asked: prompt.seconds, limit: limits.maxWaitingSeconds))
            }
            plan.evicted.append(victim.id)
            gone.insert(victim.id)
            let before = held[victim.client]!
            held[victim.client] = before.count == 1 ? nil : (before.count - 1, before.seconds - victim.seconds)
            total -= 1
            seconds -= victim.seconds
        }
        return .success(plan)
    }

    /// The prompt to make room with for `newcomer`, of the prompts not `gone` (`held`: what each
    /// client holds of them): the newest of the least urgent prompts (text before a maneuver at the
    /// same priority) of the client holding the most. A client with fewer prompts waiting than that
    /// holder always gets in; one holding as many gets in when its prompt wins the tie
    /// (`PromptPriorities.winsTie`); one holding more is refused. So a flood spread thin over many
    /// connections cannot keep out a client with nothing waiting, and guidance wins a tie.
    private func victim(for newcomer: Prompt, held: [ClientID: (count: Int, seconds: Double)], gone: Set<PromptID>) -> Prompt? {
        let mine = held[newcomer.client]?.count ?? 0
        var most = -1
        for (client, holding) in held where client != newcomer.client { most = max(most, holding.count) }
        guard most >= mine, most > 0 else { return nil }
        // Each holder of the most offers its readiest prompt to give up; of those, the readiest, then
        // the holder with the most seconds, then the first client by name.
        var offers: [ClientID: Prompt] = [:]
        for entry in waiting where entry.client != newcomer.client && held[entry.client]?.count == most && !gone.contains(entry.id) {
            if let offer = offers[entry.client], !PromptPriorities.givenUpBefore(entry, offer) { continue }
            offers[entry.client] = entry
        }
        func rank(_ offer: Prompt) -> (PromptPriority, Int, Double) { (offer.priority, offer.isManeuver ? 0 : 1, held[offer.client]!.seconds) }
        guard
            let given = offers.values.max(by: {
                (rank($0).0, rank($0).1, rank($0).2, $1.client.rawValue) < (rank($1).0, rank($1).1, rank($1).2, $0.client.rawValue)
            })
        else { return nil }
        if most > mine { return given }
        return PromptPriorities.winsTie(newcomer, against: given) ? given : nil
    }

    /// The position (0 = next) a waiting prompt has.
    package func position(of id: PromptID) -> Int? {
        guard let prompt = waiting.first(where: { $0.id == id }) else { return nil }
        return waiting.reduce(0) { $0 + (PromptPriorities.playsBefore($1, prompt) ? 1 : 0) }
    }

    /// The prompt that plays next, left waiting.
    package var first: Prompt? {
        waiting.min(by: PromptPriorities.playsBefore)
    }

    /// Takes the prompt to play next.
    package mutating func next() -> Prompt? {
        guard let first else { return nil }
        waiting.removeAll { $0.id == first.id }
        servedTurn[first.priority] = first.turn
        // A client with nothing waiting whose next turns have all come round needs no record.
        let waitingClients = Set(waiting.map(\.turnHolder))
        nextTurn = nextTurn.filter { client, turns in
            waitingClients.contains(client) || turns.contains { priority, turn in turn > (servedTurn[priority] ?? 0) }
        }
        return first
    }

    /// Keeps a waiting prompt's speech, made when it was admitted, with it: only for the prompt that
    /// plays next, so that a full queue holds seconds, not samples.
    package mutating func keep(_ prepared: RenderedPrompt, for id: PromptID) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting[index].prepared = prepared
    }

    /// A client gone: its prompts leave the queue, and its record of turns goes with them. Kept, the
    /// records of a flood's clients would stay until the turns they were owed came round.
    package mutating func forget(_ client: ClientID) -> [Prompt] {
        nextTurn[client] = nil
        return remove { $0.client == client }
    }

    /// How many clients have a record of turns (each with something waiting, or turns still owed).
    package var clientsWithTurns: Int { nextTurn.count }

    /// Removes the waiting prompts that match, returning them.
    package mutating func remove(where match: (Prompt) -> Bool) -> [Prompt] {
        let removed = waiting.filter(match)
        waiting.removeAll(where: match)
        return removed
    }

    /// The waiting prompts in the order they will play.
    package var ordered: [Prompt] { waiting.sorted(by: PromptPriorities.playsBefore) }
}
