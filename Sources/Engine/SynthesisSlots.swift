import AsyncSupport
import AudioPolicy

/// How many prompts are being synthesised for admission at once, across every connection, and who
/// waits for a turn, in the order the queue plays (`take(for:priority:busy:)`), then first come
/// first served. A flood of requests then waits as requests, not as
/// audio: each one still waiting holds its words, and only the few in flight hold speech. The queue's
/// bounds are checked once a turn is taken, against the queue as it is then, so that what cannot be
/// admitted is refused before it is synthesised (`PromptPlayer.enqueue`).
struct SynthesisSlots {
    /// Two: eSpeak NG synthesises one prompt at a time, and the next one's checks run meanwhile.
    static let standardCapacity = 2

    private var line: TurnLine
    /// Each client's requests in line or being synthesised.
    private var held: [ClientID: Int] = [:]

    init(capacity: Int = standardCapacity) { line = TurnLine(capacity: capacity) }

    /// Requests in line or being synthesised, all clients together.
    var count: Int { line.inUse + line.waitingCount }

    /// `client`'s requests in line or being synthesised.
    func count(of client: ClientID) -> Int { held[client] ?? 0 }

    /// Takes a turn for `client` at once (nil), or returns the one-shot that is set when a turn is
    /// handed over. Either way the request counts as `client`'s until `release(for:)` or `abandon`.
    /// The line is in the order the queue will play in: a prompt of a higher `priority` first (it
    /// would play first anyway); within a priority, the client holding the fewest in line first. A
    /// request the daemon handles at low task priority (`busy`: a connection that asked a lot lately)
    /// waits behind all the others, whatever priority it claims.
    mutating func take(for client: ClientID, priority: PromptPriority = .normal, busy: Bool = false) -> OneShot<Void>? {
        let before = count(of: client)
        held[client] = before + 1
        let place = PromptPriority.allCases.firstIndex(of: priority) ?? 0
        return line.enter(rank: (busy ? Self.busyRank : 0) + Double(place) * Self.priorityRank + Double(before))
    }

    /// Past any count of requests one client may hold in line.
    static let priorityRank = 1_000.0
    /// Past every priority.
    static let busyRank = 1_000_000.0

    /// `client`'s request is done with its turn: the turn goes to the first waiting, who then holds
    /// it, or back to the pool.
    mutating func release(for client: ClientID) {
        forget(client)
        line.release()?.set(())
    }

    private mutating func forget(_ client: ClientID) {
        held[client] = count(of: client) > 1 ? count(of: client) - 1 : nil
    }

    /// `client`'s waiter that stopped waiting (its request was cancelled): it leaves the line, or a
    /// turn already handed to it is passed on.
    mutating func abandon(_ turn: OneShot<Void>, of client: ClientID) {
        forget(client)
        if !line.leave(turn) { line.release()?.set(()) }
    }
}
