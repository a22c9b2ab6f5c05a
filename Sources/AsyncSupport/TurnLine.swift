/// A fixed number of turns, handed out by rank, then first come first served: a turn is taken at
/// once while one is free and no one waits, else the taker joins the line and is handed a turn as
/// one comes back, the lowest rank first (all of rank 0: in arrival order). A value type: its owner
/// keeps it in an actor or under a lock, and sets the one-shots it returns outside that lock
/// (`RequestTurns` in the daemon, `SynthesisSlots` in the prompt player).
public struct TurnLine: Sendable {
    private let capacity: Int
    /// Turns held now.
    public private(set) var inUse = 0
    private var waiting: [(turn: OneShot<Void>, rank: Double)] = []

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Takers waiting in line.
    public var waitingCount: Int { waiting.count }

    /// Takes a turn at once (nil), or joins the line: the one-shot returned is to be set when a turn
    /// is handed over (`release` returns it to its owner for that).
    /// `always`: taken at once whatever the line (a turn its owner bounds otherwise); it counts
    /// toward the turns in use, and while they are over the capacity none is handed over.
    public mutating func enter(rank: Double = 0, always: Bool = false) -> OneShot<Void>? {
        if always || (inUse < capacity && waiting.isEmpty) {
            inUse += 1
            return nil
        }
        let turn = OneShot<Void>()
        waiting.append((turn, rank))
        return turn
    }

    /// Gives a turn back: the first waiting of the lowest rank now holds it (returned, for the
    /// caller to set), or it goes back to the pool (nil).
    public mutating func release() -> OneShot<Void>? {
        if waiting.isEmpty || inUse > capacity {
            inUse -= 1
            return nil
        }
        // The first of the lowest rank: a scan, as the line is at most a few hundred long.
        var next = waiting.startIndex
        for index in waiting.indices where waiting[index].rank < waiting[next].rank { next = index }
        return waiting.remove(at: next).turn
    }

    /// A waiter that stopped waiting leaves the line: true if it was still in it; false if a turn
    /// was handed to it meanwhile, which the caller then gives back (`release`).
    public mutating func leave(_ turn: OneShot<Void>) -> Bool {
        guard let index = waiting.firstIndex(where: { $0.turn === turn }) else { return false }
        waiting.remove(at: index)
        return true
    }
}
