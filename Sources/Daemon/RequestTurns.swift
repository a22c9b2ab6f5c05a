import AsyncSupport
import Synchronization

/// How many requests the daemon handles at once, across every connection. A connection takes a
/// turn before it reads its next request's handling into a task, and waits, not reading, while none
/// is free: a flood of pipelined requests then waits in the clients' sockets, not in the daemon's
/// memory (each request in flight holds a task and its frames). Turns are handed over first come
/// first served (`TurnLine`), and a connection waits for one turn at a time, so a client's request
/// waits behind at most one request of each other connection.
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

    /// Waits for a turn; throws when the waiting task is cancelled (the connection ends), holding none.
    func take() async throws(CancellationError) {
        guard let turn = line.withLock({ $0.enter() }) else { return }
        do {
            try await turn.valueUnlessCancelled()
        } catch {
            // Still in line: leave it. Out of it: a turn was handed over meanwhile, and is passed on.
            if !line.withLock({ $0.leave(turn) }) { release() }
            throw error
        }
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
