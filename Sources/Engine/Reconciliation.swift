import AudioPolicy
import RPC
import SourceFocus

/// A batch's levels and focus events carried out on the streams, in the `FocusLane`: the
/// `FocusExecutor` reconciles (the one writer of the streams' levels and of the journal), and what it
/// did comes back into the engine's parts in the engine's turn: the sources it stopped leave the
/// registry, subscribers are told of each event carried out, the bed is measured again.
enum Reconciliation {
    /// A batch's turn in the lane: the streams reconciled with `levels` and the policy's `events`
    /// (`FocusExecutor.reconcile`); `heard` is given what that did once the ramps are under way (a
    /// prompt's uncork waits for their last steps, `Effects.rampsSent`). Then the bed is measured
    /// again if no session is active. Returns what comes after the answer, in the lane: the ramps
    /// answered, what they restored let go, the server's memory written (`FocusExecutor.settle`).
    ///
    /// - Parameter decidedAt: when the events were decided, for the events telling subscribers of
    ///   those carried out; nil tells none (ducks carried out again on a new server).
    static func run(
        _ levels: [SourceID: SourceLevel], events: [FocusEvent], toldAsDecidedAt decidedAt: Double? = nil, on engine: isolated VoxNavEngine,
        heard: (FocusExecutor.Effects) -> Void = { _ in }
    ) async -> FocusLane.Job {
        let handles = engine.sourceDesk.registry.handles
        var tell: @Sendable ([FocusEvent]) -> Void = { _ in }
        if let decidedAt { tell = told(decidedAt: decidedAt, handles: handles, to: engine.events) }
        let effects = await engine.focus.reconcile(
            levels, events: events, sources: handles, voxNavDucks: engine.rolePolicy.voxNavDucks, carriedOut: tell)
        engine.levelsBehind = effects.behind
        for id in effects.stopped { engine.sourceDesk.registry.remove(id) }
        for (id, handled) in effects.handled {
            engine.emit(
                .sourceHandled(
                    id.rawValue, kind: engine.sourceDesk.registry[id]?.kind, handling: handled.handling, player: handled.player, reason: handled.reason))
            engine.logger.info(
                "another program's stream handled",
                metadata: ["source": "\(id)", "handling": "\(handled.handling.rawValue)", "player": "\(handled.player ?? "none")"])
        }
        heard(effects)
        engine.bed.trackIfIdle(on: engine)
        return { [focus = engine.focus] in await focus.settle() }
    }

    /// The streams made again on a server that is back, reconciled with the policy's levels and
    /// `events` as if new: the journal is empty, so every duck is made anew, and nothing is told.
    static func anew(events: [FocusEvent], on engine: isolated VoxNavEngine) async {
        let levels = engine.policy.levels
        engine.handedLevels = levels
        await engine.carryOut { await run(levels, events: events, on: engine)() }
    }

    /// What tells subscribers of the sources' focus events the executor carried out (`FocusExecutor.reconcile`),
    /// stamped with the time they were decided.
    private static func told(decidedAt time: Double, handles: [SourceID: SourceHandle], to events: EventBus) -> @Sendable ([FocusEvent]) -> Void {
        { carried in
            for focus in carried {
                guard case .source(let id) = focus.participant else { continue }
                events.emit(EngineEvent(carriedOut: focus, of: id, kind: handles[id]?.kind), at: time)
            }
        }
    }
}
