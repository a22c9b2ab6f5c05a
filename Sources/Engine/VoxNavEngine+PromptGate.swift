import AudioPolicy
import ClientGuidance
import RPC

/// The engine is its prompt player's `PromptGate`: each question is an input of the engine's loop,
/// applied in the player's own turn on the engine (the player runs there), its decisions carried out
/// before the answer. Once the engine has stopped, each is answered at once, deciding nothing.
extension VoxNavEngine: PromptGate {
    func expectedStyle(for client: ClientID, purpose: PromptPurpose) async -> PromptStyle {
        guard !stopped else { return .none }
        let decisions = configureIfNew(client, at: now())
        let style = policy.promptStyle(for: client, purpose: purpose)
        _ = await handOver(decisions).value
        return style
    }

    /// A prompt's audio is ready: the policy's verdict, the session activated and what it ducked,
    /// the bed under it and the client's gain, as one grant. On the compressed clock a prompt first
    /// waits for the bed to be heard (`BedWatch.toHear`; wall time, the simulated clock stands still).
    func promptReady(_ client: ClientID, purpose: PromptPurpose, toneless: Bool, level: @Sendable (PromptGrant) -> PromptLevel?) async
        -> PromptGrant
    {
        while !stopped, let wait = bed.toHear(on: self) { try? await Task.sleep(for: wait) }
        guard !stopped else { return PromptGrant(verdict: .skip(reason: Self.stoppedReason), activatedAt: nil, ducked: [], paused: []) }
        let at = now()
        var decisions = configureIfNew(client, at: at)
        let style = policy.promptStyle(for: client, purpose: purpose)
        if toneless, style == .short {
            _ = await handOver(decisions).value
            return PromptGrant(verdict: .skip(reason: PromptPlayer.tonelessReason), style: style, activatedAt: nil, ducked: [], paused: [])
        }
        let wasActive = policy.activeClients.contains(client)
        // Measured before the session's activation holds the meter (and before any duck is heard).
        let bedLevel = bed.level
        let (verdict, ready) = policy.promptReady(client, purpose: purpose, at: at)
        decisions += ready
        let decidedAt = ContinuousClock.now
        logger.debug("prompt ready", metadata: ["client": "\(client.rawValue)", "verdict": "\(verdict)"])
        let heldBack = policy.settings.heldBack(verdict, client: client, purpose: purpose)
        let gain = policy.settings.guidanceGain(of: client)
        var grant = PromptGrant(
            verdict: verdict, style: style, activatedAt: wasActive ? nil : decidedAt, ducked: [], paused: [], heldBack: heldBack, gain: gain,
            bed: bed.bed(measured: bedLevel, on: self))
        // The prompt's deeper duck, decided with its grant: one reconciliation takes the bed down.
        if let made = level(grant) {
            grant.level = made
            if made.plan.extraDuck < 0 { decisions += policy.apply(.duckDeeper(by: made.plan.extraDuck, at: at)) }
        }
        let effects = await handOver(decisions, inCallersTask: true).value
        (grant.ducked, grant.paused) = (effects.ducked, effects.paused)
        return grant
    }

    /// The prompt's deeper duck is the policy's (`PolicyInput.duckDeeper`): reconciled before the answer.
    func duckDeeper(by extra: Double) async {
        logger.debug("ducked deeper for the prompt to stand out", metadata: ["dB": "\(extra)"])
        await decide { .duckDeeper(by: extra, at: $0) }
    }

    func promptComing() async {
        await note { .promptComing(at: $0) }
    }

    func promptFinished(_ client: ClientID, anotherWaiting: Bool) async -> ContinuousClock.Instant? {
        // One reading of the clock for both: a "next due" read first would already lie in the past
        // of a later `at`, and the session would not linger for the prompt waiting.
        let carried = await apply { at in .promptFinished(client, nextDueAt: anotherWaiting ? at : nil, at: at) }
        let deactivated = carried.decisions.contains { if case .sessionDeactivated(client, _) = $0 { true } else { false } }
        return deactivated ? carried.decidedAt : nil
    }

    /// A guidance prompt ended: its guidance takes it (`GuidanceDesk.promptEnded`) before the player goes on.
    func guidancePromptEnded(_ client: ClientID, session id: UInt64, _ ending: GuidancePromptEnding) async {
        guard !stopped else { return }
        await guidance.promptEnded(client, session: id, ending, on: self)
    }

    static let stoppedReason = "the engine has stopped"
}
