import AsyncSupport
import AudioPolicy
import EngineTime
import Logging
import RPC
import SourceFocus

/// The engine's one loop is the engine itself: its serial executor takes every input in turn. An
/// input (a request, a source starting or ending, a timer, the prompt player's questions) is applied
/// to `PolicyEngine` at once, on the engine, and its decisions are cut, told and handed to the
/// `FocusLane` in the same synchronous turn (`handOver`): decisions are made, told and carried out
/// in one order. The caller's reply waits for the lane to carry them out; the engine does not.
extension VoxNavEngine {
    /// Applies one input now; returns its decisions once they are carried out.
    @discardableResult
    func decide(_ input: (Double) -> PolicyInput) async -> [PolicyDecision] {
        await apply(input).decisions
    }

    /// Applies one input now and carries out its decisions once `first` has run, in the lane before
    /// them: the stream of a simulated source the input starts, taken into the registry once made
    /// (a call cuts the prompt in flight at once, not once a busy server has made the call's stream),
    /// before the decisions that act on it. When `first` says no (the stream could not be made), the
    /// batch is not carried out, and the caller takes it back with `undo(_:of:)`, naming the batch
    /// its step was given.
    func decide(_ input: (Double) -> PolicyInput, first: @escaping LaneStep) async {
        _ = await apply(input, first: first)
    }

    /// Takes back `batch`, which its `first` step withdrew: the input that undoes it is decided and
    /// told. When no batch was handed after it, nothing acted on what it decided and the streams are
    /// still at the levels handed before it: nothing is carried out (a hung server is not asked
    /// again). Otherwise (or with no batch: its step never ran) it is carried out as any other.
    func undo(_ input: (Double) -> PolicyInput, of batch: UInt64?) async {
        let untouched = batch != nil && withdrawnBatch == batch && handedBatches == batch
        withdrawnBatch = nil
        _ = await apply(input, carryingOut: !untouched)
    }

    /// Work of the engine's run in the focus lane before a batch is carried out (`decide(_:first:)`),
    /// given the batch's number; false: do not carry it out.
    typealias LaneStep = @Sendable (_ engine: isolated VoxNavEngine, _ batch: UInt64) async -> Bool

    /// An input whose sender waits for nothing (a fact told in passing, as a prompt near); what the
    /// moment held back is said beside it.
    func note(_ input: (Double) -> PolicyInput) async {
        guard !stopped else { return }
        _ = await handOver(policy.apply(input(now())))
        if HeldBackPrompts.owed(on: self) { spawnChild { await HeldBackPrompts.say(on: self) } }
    }

    /// Runs `work` in the focus lane, after every batch decided before it and before any later one
    /// (work on the sources that is no input: the server lost or back, a stream gone).
    func carryOut<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T {
        let done = OneShot<T>()
        await lane.submit { _ = done.set(await work()) }
        return await done.value
    }

    /// An input applied, its decisions carried out; then what the moment held back is said (queued),
    /// before the reply: the input's sender sees it done, as a simulated clock must for the same
    /// drive every time. Once the engine has stopped, nothing is decided or carried out.
    func apply(_ input: (Double) -> PolicyInput, first: LaneStep? = nil, carryingOut: Bool = true) async -> Carried {
        guard !stopped else { return Carried(decisions: [], decidedAt: .now, effects: FocusExecutor.Effects()) }
        let decisions = policy.apply(input(now()))
        let decidedAt = ContinuousClock.now
        let effects = await handOver(decisions, first: first, carryingOut: carryingOut).value
        if HeldBackPrompts.owed(on: self) { await HeldBackPrompts.say(on: self) }
        return Carried(decisions: decisions, decidedAt: decidedAt, effects: effects)
    }

    /// Answered once `client`'s prompt session holds nothing any more (`ramps.hold`): what it ducked
    /// or paused is restored, or taken over by the prompt that followed (`ReleaseReplies`).
    func untilReleased(_ client: ClientID) async {
        await releaseReplies.untilReleased(client, on: self)
    }

    /// A client that asks about a prompt without a session of its own gets a voicePrompt one.
    func configureIfNew(_ client: ClientID, at time: Double) -> [PolicyDecision] {
        policy.configurations[client] == nil ? policy.apply(.configure(client, .voicePrompt, at: time)) : []
    }

    /// Reports a batch the policy has just decided and hands its focus events to the lane, in the
    /// same turn; what carrying them out did is set once they are, their ramps answered.
    /// `inCallersTask`: a prompt's grant, which waits for them only until the ramps are under way
    /// (its first sample then waits for their last steps, `PromptGrant.afterDucks`): while the lane
    /// is idle they are begun in the caller's task before this returns (`FocusLane.submitNow`), and
    /// only what comes after the answer (`FocusExecutor.settle`) goes to the lane.
    /// `first` runs in the lane before the batch is carried out, even when nothing is to be;
    /// `carryingOut` false hands nothing to the lane (`undo(_:of:)`).
    func handOver(
        _ decisions: [PolicyDecision], inCallersTask: Bool = false, first: LaneStep? = nil, carryingOut: Bool = true
    ) async -> OneShot<FocusExecutor.Effects> {
        // A cut first, before any ramp of the same batch (ramps take time): heard within 100 ms.
        for case .cutPrompt(let cut) in decisions { player.cut(cut) }
        if decisions.contains(.nativeNavigationTookOver) { guidanceDesk.nativeNavigationTookOver(on: self) }
        deadlineTimer.schedule(on: self)
        let decidedAt = now()
        emit(decisions, at: decidedAt)
        for decision in decisions { log(decision) }
        bed.measure(around: decisions, on: self)
        let events = decisions.compactMap { if case .focus(let event) = $0 { event } else { nil } }
        let levels = policy.levels
        let done = OneShot<FocusExecutor.Effects>()
        // A level the last reconciliation could not reach (the journal could not be written) is
        // tried again with the next input.
        if !carryingOut || (first == nil && events.isEmpty && levels == handedLevels && !levelsBehind) {
            // Nothing to carry out: answered now, not after the ramps of earlier batches.
            bed.trackIfIdle(on: self)
            _ = done.set(FocusExecutor.Effects())
        } else {
            let before = handedLevels
            handedLevels = levels
            handedBatches += 1
            let batch = handedBatches
            let job: @Sendable (_ heard: @escaping @Sendable (FocusExecutor.Effects) -> Void) async -> FocusLane.Job = { heard in
                guard await first?(self, batch) ?? true else {
                    await self.withdraw(batch, handedBefore: before)
                    heard(FocusExecutor.Effects())
                    return {}
                }
                return await Reconciliation.run(levels, events: events, toldAsDecidedAt: decidedAt, on: self, heard: heard)
            }
            if inCallersTask {
                await lane.submitNow { await job { _ = done.set($0) } }
            } else {
                await lane.submit {
                    let effects = OneShot<FocusExecutor.Effects>()
                    await job { _ = effects.set($0) }()
                    _ = done.set(await effects.value)
                }
            }
        }
        await releaseReplies.answer(on: self)
        return done
    }

    /// A batch not carried out (`decide(_:first:)`): unless a later batch has been handed since, the
    /// levels handed before it are the streams' again, and `undo(_:of:)` has nothing to carry out.
    private func withdraw(_ batch: UInt64, handedBefore before: [SourceID: SourceLevel]) {
        guard handedBatches == batch else { return }
        handedLevels = before
        withdrawnBatch = batch
    }

    private func log(_ decision: PolicyDecision) {
        switch decision {
        case .violation(let violation): logger.warning("guideline violation", metadata: ["violation": "\(violation)"])
        case .configurationRejected(let client, let error):
            logger.info("configuration rejected", metadata: ["client": "\(client)", "reason": "\(error)"])
        default: logger.debug("decision", metadata: ["decision": "\(decision)"])
        }
    }

    /// The policy's deadline has come, unless the timer `generation` was superseded (`DeadlineTimer`).
    func deadlineCame(_ generation: UInt64) async {
        guard !shuttingDown, deadlineTimer.came(generation) else { return }
        await decide { .tick(at: $0) }
    }
}

/// What one input did: its decisions, the moment they were made (a session is active or inactive
/// from then, before any ramp), and what carrying them out did.
struct Carried: Sendable {
    let decisions: [PolicyDecision]
    let decidedAt: ContinuousClock.Instant
    let effects: FocusExecutor.Effects
}
