import AudioPolicy

/// What one reconciliation does, worked out before it starts from the policy's levels and events
/// and the journal: the policy's edges (pause, resume, stop) in its order, then the ducks and
/// restores that take each stream from what the journal says is done to its wanted level. Pure.
package struct FocusPlan {
    package let edges: [FocusEvent]
    package let moves: [FocusEvent]
    /// The policy's events, and the ducks it decided earlier that are made only now (left undone
    /// then): each is told once it is carried out.
    package let toTell: [FocusEvent]
    /// False where the server ducks by role: the policy's level events are left to it as they are,
    /// and nothing is reconciled.
    package let reconciles: Bool
    private let levels: [SourceID: SourceLevel]
    private let sources: [SourceID: SourceHandle]

    package init(levels: [SourceID: SourceLevel], events: [FocusEvent], sources: [SourceID: SourceHandle], journal: DuckJournal, voxNavDucks: Bool) {
        (self.levels, self.sources, reconciles) = (levels, sources, voxNavDucks)
        edges = events.filter { !$0.changesLevel }
        guard voxNavDucks else {
            moves = events.filter(\.changesLevel)
            toTell = events
            return
        }
        moves = Self.moves(to: levels, events: events, sources: sources, journal: journal)
        // A duck made deeper is not told: the stream was ducked already, and told so.
        let owed = moves.filter { move in
            guard case .ducked(.source(let id), _, _) = move, let index = sources[id]?.sinkInputIndex else { return false }
            return journal.streams[index]?.original == nil && !events.contains { $0.changesLevel && $0.participant == move.participant }
        }
        toTell = events + owed
    }

    /// The ducks and restores that take each source from what `journal` holds to its wanted level. A
    /// move the policy made an event for takes that event's ramp (a source resumed into a duck is
    /// ducked at once); one with none (a deeper duck, a duck left undone) ramps at its level's time.
    package static func moves(to levels: [SourceID: SourceLevel], events: [FocusEvent], sources: [SourceID: SourceHandle], journal: DuckJournal)
        -> [FocusEvent]
    {
        var ramps: [ParticipantID: Double] = [:]
        for event in events {
            switch event {
            case .ducked(let id, _, let ramp), .restored(let id, let ramp): ramps[id] = ramp
            default: break
            }
        }
        return levels.keys.sorted().compactMap { id in
            guard let index = sources[id]?.sinkInputIndex, let level = levels[id] else { return nil }
            let entry = journal.streams[index]
            let ramp = ramps[.source(id)] ?? level.ramp
            switch level {
            case .ducked(let dB, _):
                if let original = entry?.original, entry?.applied == original.scaled(byDecibels: dB) { return nil }
                return .ducked(.source(id), dB: dB, ramp: ramp)
            case .own:
                return entry?.original == nil ? nil : .restored(.source(id), ramp: ramp)
            }
        }
    }

    /// Of `toTell`, those carried out, once `done` (what the reconciliation did) left `journal`: an
    /// edge done, a duck where the stream is held lowered now, a restore where one was done. Where
    /// the server ducks, what was done (its level events left to it count as done).
    package func told(done: [FocusEvent], journal: DuckJournal) -> [FocusEvent] {
        guard reconciles else { return done }
        let restored = Set(done.compactMap { if case .restored(let id, _) = $0 { id } else { nil } })
        return toTell.filter { event in
            switch event {
            case .ducked(.source(let id), _, _):
                guard let index = sources[id]?.sinkInputIndex else { return false }
                return journal.streams[index]?.original != nil
            case .ducked: return done.contains(event)
            case .restored(let id, _): return restored.contains(id)
            default: return done.contains(event)
            }
        }
    }

    /// Whether a wanted level is still not reached once the reconciliation left `journal` (another
    /// program's stream left at its own while the journal cannot be written).
    package func isBehind(after journal: DuckJournal) -> Bool {
        reconciles && !Self.moves(to: levels, events: [], sources: sources, journal: journal).isEmpty
    }
}
