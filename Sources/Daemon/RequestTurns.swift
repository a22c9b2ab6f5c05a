import AsyncSupport
import Glibc
import Synchronization

/// How many requests the daemon handles at once, across every connection of every door. A
/// connection takes a turn before it hands a line to be handled, and waits, not reading, while none
/// is free: a flood of pipelined requests then waits in the clients' sockets, not in the daemon's
/// memory (each request in flight holds a task and its frames). A connection waits for one turn at a
/// time, and turns are handed over to the connection that took the fewest lately (`TurnAccount`),
/// then first come first served: a client that asks little is served before a flood's connections,
/// whatever it claims its request is (priority is earned, not claimed).
final class RequestTurns: Sendable {
    /// Enough for every prompt the queue may hold to be waited on (`prompt.speak` with `wait`) and
    /// the rest of the clients' requests beside them.
    static let standardCapacity = 256

    private let line: Mutex<TurnLine>
    /// Told of every request handled, and when none is left in flight.
    private let memory: MemoryTrim?

    init(capacity: Int = standardCapacity, memory: MemoryTrim? = nil) {
        line = Mutex(TurnLine(capacity: capacity))
        self.memory = memory
    }

    /// Waits for a turn, in line by `account`'s recent turns (none: rank 0); throws when the waiting
    /// task is cancelled (the connection ends), holding none. A connection that holds no turn takes
    /// one at once, beyond the capacity if need be: its first request waits for no flood (what that
    /// costs is bounded by the connection cap), its further ones wait in line.
    @discardableResult
    func take(for account: TurnAccount? = nil) async throws(CancellationError) -> RequestTurn {
        let rank = account?.recent() ?? 0
        let first = account?.holdsNone ?? false
        if let turn = line.withLock({ $0.enter(rank: rank, always: first) }) {
            do {
                try await turn.valueUnlessCancelled()
            } catch {
                // Still in line: leave it. Out of it: a turn was handed over meanwhile, and is passed on.
                if !line.withLock({ $0.leave(turn) }) { release() }
                throw error
            }
        }
        account?.took()
        return RequestTurn(turns: self, account: account, priority: rank < TurnAccount.busy ? .high : .low)
    }

    /// Gives a turn back: to the first waiting, who then holds it, or to the pool.
    func release() {
        let (next, idle) = line.withLock { line in
            let next = line.release()
            return (next, line.inUse == 0)
        }
        next?.set(())
        memory?.requestHandled()
        if idle { memory?.mightHaveSettled() }
    }

    /// Requests being handled, and connections waiting to hand one over.
    var load: (inUse: Int, waiting: Int) { line.withLock { ($0.inUse, $0.waitingCount) } }
}

/// One turn held: given back once, by whoever handles the line it was taken for.
struct RequestTurn: Sendable {
    let turns: RequestTurns
    let account: TurnAccount?
    /// The priority its request is handled at: high for a connection that asks little, low for a
    /// busy one. The engine's actors take their waiting work by priority, so a flood's requests,
    /// already in the engine, do not hold a quiet client's back.
    let priority: TaskPriority

    func release() {
        account?.gaveBack()
        turns.release()
    }
}

/// How many turns one connection took lately: a count that halves every `halfLife`, so that a
/// client that asks once a second ranks near 1 and a flood's connection in the hundreds.
final class TurnAccount: Sendable {
    static let halfLife = 1.0
    /// A connection whose count is this or more is busy: its requests are handled at low priority.
    /// A guidance client reporting several times a second stays well under it.
    static let busy = 16.0

    private struct State {
        var count = 0.0
        var at = ContinuousClock.now
        /// Turns held now.
        var holding = 0
    }

    private let state = Mutex(State())

    /// The count now.
    func recent() -> Double { state.withLock { Self.decayed($0, to: .now) } }

    /// One more turn taken.
    func took() {
        state.withLock { state in
            let now = ContinuousClock.now
            state.count = Self.decayed(state, to: now) + 1
            state.at = now
            state.holding += 1
        }
    }

    /// A turn given back.
    func gaveBack() { state.withLock { $0.holding -= 1 } }

    /// Whether it holds no turn now.
    var holdsNone: Bool { state.withLock { $0.holding == 0 } }

    private static func decayed(_ state: State, to now: ContinuousClock.Instant) -> Double {
        let elapsed = (now - state.at).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        return state.count * exp2(-seconds / halfLife)
    }
}
