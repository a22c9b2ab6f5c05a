import AsyncSupport
import AudioPolicy

/// How many prompts are being synthesised for admission at once, across every connection, and who
/// waits for a turn, first come first served. A flood of requests then waits as requests, not as
/// audio: each one still waiting holds its words, and only the few in flight hold speech. The queue's
/// bounds are checked once a turn is taken, against the queue as it is then, so that what cannot be
/// admitted is refused before it is synthesised (`PromptPlayer.enqueue`).
struct SynthesisSlots {
    /// Two: eSpeak NG synthesises one prompt at a time, and the next one's checks run meanwhile.
    static let standardCapacity = 2

    let capacity: Int
    private var inUse = 0
    private var waiting: [OneShot<Void>] = []
    /// Each client's requests in line or being synthesised.
    private var held: [ClientID: Int] = [:]

    init(capacity: Int = standardCapacity) { self.capacity = max(1, capacity) }

    /// Requests in line or being synthesised, all clients together.
    var count: Int { inUse + waiting.count }

    /// `client`'s requests in line or being synthesised.
    func count(of client: ClientID) -> Int { held[client] ?? 0 }

    /// Takes a turn for `client` at once (nil), or returns the one-shot that is set when a turn is
    /// handed over. Either way the request counts as `client`'s until `release(for:)` or `abandon`.
    mutating func take(for client: ClientID) -> OneShot<Void>? {
        held[client, default: 0] += 1
        if inUse < capacity, waiting.isEmpty {
            inUse += 1
            return nil
        }
        let turn = OneShot<Void>()
        waiting.append(turn)
        return turn
    }

    /// `client`'s request is done with its turn: the turn goes to the first waiting, who then holds
    /// it, or back to the pool.
    mutating func release(for client: ClientID) {
        forget(client)
        handOver()
    }

    private mutating func forget(_ client: ClientID) {
        held[client] = count(of: client) > 1 ? count(of: client) - 1 : nil
    }

    private mutating func handOver() {
        if waiting.isEmpty {
            inUse -= 1
        } else {
            waiting.removeFirst().set(())
        }
    }

    /// `client`'s waiter that stopped waiting (its request was cancelled): a turn already handed to
    /// it is passed on, else it leaves the line.
    mutating func abandon(_ turn: OneShot<Void>, of client: ClientID) {
        forget(client)
        if turn.isSet {
            handOver()
        } else {
            waiting.removeAll { $0 === turn }
        }
    }
}
