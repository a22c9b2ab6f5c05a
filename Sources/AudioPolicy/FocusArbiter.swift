/// Decides each participant's effective state from the interaction table, and the events that get there
/// from the previous resolution. Pure: same participants and previous resolution, same answer.
///
/// For each pair the later one (higher ordinal) is the incoming one:
/// - `reject`: the incoming one is held back (paused; a session is refused activation by the engine).
/// - `duck` / `pause`: applies to the holder while both play; the holder's own entry against the incoming one
///   applies too, unless the incoming one pauses or stops it (a paused holder affects nobody).
/// - `stop`: applies once, when the incoming one starts; the holder stays stopped until started again.
public struct FocusArbiter: Sendable {
    public var table: InteractionTable
    /// How far ducked participants are lowered, in dB (negative), when the table entry names no level.
    public var duckLevelDB: Double
    /// How fast each duck comes and goes: by the ducked source's role and by the role that ducks it.
    public var ramps: Ramps

    public init(table: InteractionTable, duckLevelDB: Double, ramps: Ramps) {
        self.table = table
        self.duckLevelDB = duckLevelDB
        self.ramps = ramps
    }

    /// The effective state of a source of `kind` that was playing when `activeSessions` were activated.
    public func state(of kind: SourceKind, activeSessions: [SessionConfiguration]) -> EffectiveState {
        let source = ParticipantID.source("probe")
        var participants = [Participant(id: source, role: Source(id: "probe", kind: kind).focusRole, ordinal: 0)]
        for (n, session) in activeSessions.enumerated() {
            participants.append(Participant(id: .session(ClientID("probe-\(n)")), role: session.focusRole, ordinal: n + 1))
        }
        var resolution = FocusResolution()
        // Start them one at a time, in order, as they would in the car.
        for n in participants.indices {
            resolution = resolve(Array(participants[...n]), previous: resolution).resolution
        }
        return resolution.states[source] ?? .playing
    }

    /// Would `role` be refused if it started now among `participants`? Returns the holder that refuses it.
    public func rejection(of role: FocusRole, among participants: [Participant], in resolution: FocusResolution)
        -> Participant?
    {
        participants.sorted { $0.ordinal < $1.ordinal }.first {
            resolution.engaged[$0.id] != nil && table[role, $0.role] == .reject
        }
    }

    /// Resolve `participants` against the previous resolution.
    /// `releasedWithoutNotify`: a session just deactivated without notify-others; whom it alone paused
    /// is told not to resume, and is stopped (except the car's own sources, which simply play again).
    /// The answer is a fixpoint: resolving it again with the same participants yields no events.
    public func resolve(
        _ participants: [Participant], previous: FocusResolution, releasedWithoutNotify: ParticipantID? = nil
    ) -> (resolution: FocusResolution, events: [FocusEvent]) {
        let ordered = participants.sorted { ($0.ordinal, $0.id) < ($1.ordinal, $1.id) }
        let present = Set(ordered.map(\.id))

        // A session released without notify leaves those it alone paused silent for good: they are stopped,
        // and stopped they affect nobody, so resolve again with them stopped from the start (whom they paused
        // or ducked is released in the same resolution: the result is a fixpoint). Silencing one can leave
        // another that the released session also paused with nothing else holding it, so repeat until stable.
        // The car's own sources are not told anything by a phone session: the car mutes them during an
        // interruption and plays them again after it, notify or not.
        var silenced: Set<ParticipantID> = []
        var next: FocusResolution
        while true {
            next = resolveOnce(ordered, present: present, previous: previous, silenced: silenced)
            guard let released = releasedWithoutNotify else { break }
            let newly = ordered.filter {
                !silenced.contains($0.id) && !$0.role.isCarNative
                    && previous.pausedBy[$0.id]?.contains(released) == true && next.states[$0.id]?.isAudible == true
            }
            if newly.isEmpty { break }
            silenced.formUnion(newly.map(\.id))
        }

        var events: [FocusEvent] = []
        for p in ordered {
            events += transition(p, from: previous.states[p.id], to: next.states[p.id]!, under: next.duckedBy[p.id], after: previous.duckedBy[p.id])
        }
        return (next, events)
    }

    /// Steps 1–3 of `resolve`: holds, stops, transient effects and the states they give, with `silenced`
    /// stopped from the start.
    private func resolveOnce(
        _ ordered: [Participant], present: Set<ParticipantID>, previous: FocusResolution, silenced: Set<ParticipantID>
    ) -> FocusResolution {
        var next = FocusResolution()
        next.stopped = previous.stopped.intersection(present).union(silenced)
        let (engaged, held) = engage(ordered, previous: previous, stopped: &next.stopped)
        for p in engaged { next.engaged[p.id] = p.role }
        let effects = transientEffects(among: engaged, pausedBy: &next.pausedBy, duckedBy: &next.duckedBy)
        for p in ordered {
            let state: EffectiveState
            if next.stopped.contains(p.id) {
                state = .stopped
            } else if held.contains(p.id) {
                state = .paused
            } else {
                switch effects[p.id] {
                case .duck(let dB?)?: state = .ducked(dB: dB)
                case .pause?: state = .paused
                default: state = .playing
                }
            }
            next.states[p.id] = state
        }
        return next
    }

    /// 1. Who is held back by a reject: decided in start order, against engaged earlier ones.
    /// 2. Stops: each newly engaged participant (latest first) stops the engaged holders its row says
    ///    to stop. A stop can release someone held back by the stopped one, so this repeats until
    ///    nothing more stops. Returns the engaged, in start order, and those held back.
    private func engage(
        _ ordered: [Participant], previous: FocusResolution, stopped: inout Set<ParticipantID>
    ) -> (engaged: [Participant], held: Set<ParticipantID>) {
        while true {
            var held: Set<ParticipantID> = []
            var engaged: [Participant] = []
            for p in ordered where !stopped.contains(p.id) {
                if engaged.contains(where: { table[p.role, $0.role] == .reject }) {
                    held.insert(p.id)
                } else {
                    engaged.append(p)
                }
            }
            let before = stopped.count
            for a in engaged.reversed() where previous.engaged[a.id] != a.role && !stopped.contains(a.id) {
                for x in engaged where x.id != a.id && table[a.role, x.role] == .stop {
                    stopped.insert(x.id)
                }
            }
            if stopped.count == before { return (engaged, held) }
        }
    }

    /// 3. Transient effects, pair by pair among the engaged: the deepest duck wins, a pause over any
    ///    duck, and who paused whom is noted in `pausedBy`, the role whose duck won in `duckedBy`.
    private func transientEffects(
        among engaged: [Participant], pausedBy: inout [ParticipantID: Set<ParticipantID>], duckedBy: inout [ParticipantID: FocusRole]
    ) -> [ParticipantID: InteractionAction] {
        var effects: [ParticipantID: InteractionAction] = [:]
        func apply(_ action: InteractionAction, to id: ParticipantID, from source: Participant) {
            switch action {
            case .duck(let dB):
                let level = dB ?? duckLevelDB
                if case .duck(let current?)? = effects[id], current <= level { return }
                if let current = effects[id], current.severity > 1 { return }
                effects[id] = .duck(dB: level)
                duckedBy[id] = source.role
            case .pause:
                effects[id] = .pause
                pausedBy[id, default: []].insert(source.id)
            default: break
            }
        }
        for (i, holder) in engaged.enumerated() {
            for incoming in engaged[(i + 1)...] {
                let onHolder = table[incoming.role, holder.role]
                apply(onHolder, to: holder.id, from: incoming)
                if onHolder.severity < 2 {
                    apply(table[holder.role, incoming.role], to: incoming.id, from: holder)
                }
            }
        }
        return effects
    }

    /// The events that take one participant from `old` (nil: it just appeared) to `new`; a duck's
    /// ramp is the participant's own under `cause`, the role whose duck it is, and a restore's its own
    /// after `ended`, the role whose duck it was under (`Ramps`).
    func transition(
        _ participant: Participant, from old: EffectiveState?, to new: EffectiveState, under cause: FocusRole?, after ended: FocusRole?
    ) -> [FocusEvent] {
        let id = participant.id
        let duckRamp = ramps.duck(of: participant.role, under: cause)
        let restoreRamp = ramps.restore(of: participant.role, after: ended)
        switch (old ?? .playing, new) {
        case (.playing, .playing), (.paused, .paused), (.stopped, .stopped): return []
        case (.ducked(let a), .ducked(let b)): return a == b ? [] : [.ducked(id, dB: b, ramp: duckRamp)]
        case (.playing, .ducked(let dB)): return [.ducked(id, dB: dB, ramp: duckRamp)]
        case (.ducked, .playing): return [.restored(id, ramp: restoreRamp)]
        case (.playing, .paused), (.ducked, .paused): return [.interruptionBegan(id)]
        case (.paused, .playing): return [.interruptionEnded(id, shouldResume: true)]
        case (.paused, .ducked(let dB)):
            return [.interruptionEnded(id, shouldResume: true), .ducked(id, dB: dB, ramp: 0)]
        case (.paused, .stopped): return [.interruptionEnded(id, shouldResume: false)]
        case (_, .stopped): return [.stopped(id)]
        case (.stopped, .playing): return []
        case (.stopped, .ducked(let dB)): return [.ducked(id, dB: dB, ramp: 0)]
        case (.stopped, .paused): return [.interruptionBegan(id)]
        }
    }
}
