import AsyncSupport
import AudioPolicy
import Logging
import RPC

/// The policy loop's side in the engine: each command's turn (`PolicyLoop`), the decisions reported
/// and carried out in the lane (`FocusLane`), the policy's next deadline.
extension VoxNavEngine {
    /// Applies one input in its turn in the policy loop; returns its decisions once they are carried out.
    @discardableResult
    func decide(_ input: @escaping @Sendable (Double) -> PolicyInput) async -> [PolicyDecision] {
        await loop.decide(input).decisions
    }

    /// One command's turn (`PolicyLoop`): the input applied, the decisions reported and handed to the
    /// lane, the reply sent once they are carried out. Returns work to run beside the loop, if any.
    func handle(_ command: PolicyLoop.Command) async -> PolicyLoop.Child? {
        switch command {
        case .input(let stamped, let reply):
            return await apply(stamped, reply: reply)
        case .note(let stamped):
            return await apply(stamped, reply: nil)
        case .expectedStyle(let client, let purpose, let reply):
            let decisions = configureIfNew(client, at: now())
            let style = policy.promptStyle(for: client, purpose: purpose)
            await carryOut(decisions) { _ in reply.resume(returning: style) }
        case .promptReady(let client, let purpose, let toneless, let reply):
            if let wait = bedToHear() {
                // Asked again once the bed has been heard; the loop goes on meanwhile.
                return PolicyLoop.Child(
                    work: { [loop] in
                        try? await Task.sleep(for: wait)
                        loop.send(command)
                    }, busy: clock.busy())
            }
            await promptReady(client, purpose: purpose, toneless: toneless, reply: reply)
        case .duckDeeper(let extra, let reply):
            let events = policy.deeperDucks(by: extra)
            guard !events.isEmpty else {
                reply.resume()
                return nil
            }
            logger.debug("ducked deeper for the prompt to stand out", metadata: ["dB": "\(extra)", "sources": "\(events.count)"])
            await lane.submit {
                _ = await self.applyFocus(events)
                reply.resume()
            }
        case .guidancePromptEnded(let client, let session, let ending, let reply):
            // A prompt held back is said again (queued) before the player goes on, beside the loop.
            guard let sayIt = guidancePromptEnded(client, session: session, ending) else {
                reply.resume()
                return nil
            }
            return PolicyLoop.Child(
                work: {
                    await sayIt()
                    reply.resume()
                }, busy: clock.busy())
        case .released(let client, let reply):
            if policy.isReleasing(client) {
                releaseWaiters[client, default: []].append(reply)
            } else {
                await lane.submit { reply.resume() }
            }
        case .carryOut(let job):
            await lane.submit(job)
        case .spawn(let child):
            return child
        }
        return nil
    }

    /// An input's turn: the policy applies it and its decisions are carried out before the reply.
    private func apply(
        _ stamped: @Sendable (Double) -> PolicyInput, reply: CheckedContinuation<PolicyLoop.Carried, Never>?
    ) async -> PolicyLoop.Child? {
        let decisions = policy.apply(stamped(now()))
        let decidedAt = ContinuousClock.now
        guard heldBackOwed() else {
            await carryOut(decisions) { reply?.resume(returning: .init(decisions: decisions, decidedAt: decidedAt, effects: $0)) }
            return nil
        }
        // What the moment held back is said (queued) beside the loop, after the decisions are
        // carried out and before the reply: the input's sender sees it done, as a simulated
        // clock must for the same drive every time.
        let carried = OneShot<PolicyLoop.Carried>()
        await carryOut(decisions) { _ = carried.set(.init(decisions: decisions, decidedAt: decidedAt, effects: $0)) }
        return PolicyLoop.Child(
            work: {
                let done = await carried.value
                await self.sayHeldBack()
                reply?.resume(returning: done)
            }, busy: clock.busy())
    }

    /// A prompt's audio is ready: the policy's verdict, the session activated and what it ducked,
    /// the bed under it and the client's gain, as one grant.
    private func promptReady(
        _ client: ClientID, purpose: PromptPurpose, toneless: Bool, reply: CheckedContinuation<PromptGrant, Never>
    ) async {
        let at = now()
        var decisions = configureIfNew(client, at: at)
        let style = policy.promptStyle(for: client, purpose: purpose)
        if toneless, style == .short {
            let skipped = PromptGrant(verdict: .skip(reason: PromptPlayer.tonelessReason), style: style, activatedAt: nil, ducked: [], paused: [])
            await carryOut(decisions) { _ in reply.resume(returning: skipped) }
            return
        }
        let wasActive = policy.activeClients.contains(client)
        // Measured before the session's activation holds the meter (and before any duck is heard).
        let bedLevel = bedMeter.level
        let (verdict, ready) = policy.promptReady(client, purpose: purpose, at: at)
        decisions += ready
        let decidedAt = ContinuousClock.now
        logger.debug("prompt ready", metadata: ["client": "\(client.rawValue)", "verdict": "\(verdict)"])
        let heldBack = policy.heldBack(verdict, client: client, purpose: purpose)
        let gain = policy.guidanceGain(of: client)
        let bed = bed(measured: bedLevel)
        await carryOut(decisions) { effects in
            reply.resume(
                returning: PromptGrant(
                    verdict: verdict, style: style, activatedAt: wasActive ? nil : decidedAt, ducked: effects.ducked, paused: effects.paused,
                    heldBack: heldBack, gain: gain, bed: bed))
        }
    }

    /// A client that asks about a prompt without a session of its own gets a voicePrompt one.
    private func configureIfNew(_ client: ClientID, at time: Double) -> [PolicyDecision] {
        policy.configurations[client] == nil ? policy.apply(.configure(client, .voicePrompt, at: time)) : []
    }

    /// Reports a batch the policy has just decided and hands its focus events to the lane; `done`
    /// gets what carrying them out did, once they are.
    private func carryOut(_ decisions: [PolicyDecision], then done: @escaping @Sendable (FocusExecutor.Effects) -> Void) async {
        // A cut first, before any ramp of the same batch (ramps take time): heard within 100 ms.
        for case .cutPrompt(let cut) in decisions { prompts.cut(cut) }
        if decisions.contains(.nativeNavigationTookOver) { await nativeNavigationTookOver() }
        scheduleDeadline()
        let decidedAt = now()
        emit(decisions, at: decidedAt)
        for decision in decisions { log(decision) }
        measureBed(around: decisions)
        let events = decisions.compactMap { if case .focus(let event) = $0 { event } else { nil } }
        let heldDucks = decisions.contains { if case .sessionActivated = $0 { true } else { false } } ? policy.heldDucks(besides: events) : []
        if events.isEmpty && heldDucks.isEmpty {
            // Nothing to carry out: answered now, not after the ramps of earlier batches.
            trackBedIfIdle()
            done(FocusExecutor.Effects())
        } else {
            await lane.submit { done(await self.carryOutInLane(events, catchingUp: heldDucks, decidedAt: decidedAt)) }
        }
        await answerReleased()
    }

    /// Those waiting for a session whose hold has just ended are answered after this batch's
    /// restores are carried out.
    private func answerReleased() async {
        for client in Array(releaseWaiters.keys) where !policy.isReleasing(client) {
            let waiting = releaseWaiters.removeValue(forKey: client) ?? []
            await lane.submit { for reply in waiting { reply.resume() } }
        }
    }

    /// A batch's turn in the lane: its focus events carried out and told, then the bed measured again
    /// if no session is active any more.
    private func carryOutInLane(_ events: [FocusEvent], catchingUp held: [FocusEvent] = [], decidedAt: Double) async -> FocusExecutor.Effects {
        let missing = held.isEmpty ? [] : await focus.notCarriedOut(held, sources: sources.handles)
        let effects = await applyFocus(events + missing, toldAsDecidedAt: decidedAt)
        trackBedIfIdle()
        return effects
    }

    /// - Parameter decidedAt: when the events were decided, for the events telling subscribers of
    ///   those carried out; nil tells none (a duck made deeper, ducks carried out again on a new server).
    func applyFocus(_ events: [FocusEvent], toldAsDecidedAt decidedAt: Double? = nil) async -> FocusExecutor.Effects {
        guard !events.isEmpty else { return FocusExecutor.Effects() }
        let handles = sources.handles
        var tell: @Sendable ([FocusEvent]) -> Void = { _ in }
        if let decidedAt { tell = sourceEvents(decidedAt: decidedAt, handles: handles) }
        let effects = await focus.apply(events, sources: handles, voxNavDucks: rolePolicy.voxNavDucks, carriedOut: tell)
        for id in effects.stopped { sources.remove(id) }
        for (id, handled) in effects.handled {
            var event = EngineEvent(type: .sourceHandled, time: now())
            event.source = id.rawValue
            event.kind = sources[id]?.kind
            event.handling = handled.handling
            event.player = handled.player
            event.reason = handled.reason
            emit(event)
            logger.info(
                "another program's stream handled",
                metadata: ["source": "\(id)", "handling": "\(handled.handling.rawValue)", "player": "\(handled.player ?? "none")"])
        }
        return effects
    }

    private func log(_ decision: PolicyDecision) {
        switch decision {
        case .violation(let violation): logger.warning("guideline violation", metadata: ["violation": "\(violation)"])
        case .configurationRejected(let client, let error):
            logger.info("configuration rejected", metadata: ["client": "\(client)", "reason": "\(error)"])
        default: logger.debug("decision", metadata: ["decision": "\(decision)"])
        }
    }

    /// Wakes the policy when its next deadline (a linger or the idle cap) comes: one timer per new
    /// deadline, a child of `run()`; one whose deadline has changed since finds itself superseded.
    private func scheduleDeadline() {
        guard let deadline = policy.nextDeadline else {
            deadlineTimer = nil
            return
        }
        guard deadlineTimer?.deadline != deadline else { return }
        deadlineGenerations += 1
        let generation = deadlineGenerations
        deadlineTimer = (deadline, generation)
        spawnChild {
            await self.clock.sleep(until: deadline + 0.001)
            guard !Task.isCancelled, await self.deadlineCame(generation) else { return }
            await self.decide { .tick(at: $0) }
        }
    }

    /// Whether the timer `generation` is still the one for the policy's next deadline; it is gone then.
    private func deadlineCame(_ generation: UInt64) -> Bool {
        guard deadlineTimer?.generation == generation, !shuttingDown else { return false }
        deadlineTimer = nil
        return true
    }
}
