import AudioPolicy
import RPC

extension PromptGrant {
    /// The grant of a client's ready prompt, decided in a turn of the engine's loop: the policy's
    /// verdict, the session activated and what it ducked, the bed under it and the client's gain,
    /// the prompt's deeper duck decided with it (one reconciliation takes the bed down), and what
    /// carrying them out did. On the compressed clock a prompt first waits for the bed to be heard
    /// (`BedWatch.toHear`; wall time, the simulated clock stands still).
    static func decided(
        for client: ClientID, purpose: PromptPurpose, toneless: Bool, level: @Sendable (PromptGrant) -> PromptLevel?,
        on engine: isolated VoxNavEngine
    ) async -> PromptGrant {
        while !engine.stopped, let wait = engine.bed.toHear(on: engine) { try? await Task.sleep(for: wait) }
        guard !engine.stopped else { return PromptGrant(verdict: .skip(reason: VoxNavEngine.stoppedReason), activatedAt: nil, ducked: [], paused: []) }
        let at = engine.now()
        var decisions = engine.configureIfNew(client, at: at)
        let style = engine.policy.promptStyle(for: client, purpose: purpose)
        if toneless, style == .short {
            _ = await engine.handOver(decisions).value
            return PromptGrant(verdict: .skip(reason: PromptPlayer.tonelessReason), style: style, activatedAt: nil, ducked: [], paused: [])
        }
        let wasActive = engine.policy.activeClients.contains(client)
        // Measured before the session's activation holds the meter (and before any duck is heard).
        let bedLevel = engine.bed.level
        let (verdict, ready) = engine.policy.promptReady(client, purpose: purpose, at: at)
        decisions += ready
        let decidedAt = ContinuousClock.now
        engine.logger.debug("prompt ready", metadata: ["client": "\(client.rawValue)", "verdict": "\(verdict)"])
        let heldBack = engine.policy.settings.heldBack(verdict, client: client, purpose: purpose)
        let gain = engine.policy.settings.guidanceGain(of: client)
        var grant = PromptGrant(
            verdict: verdict, style: style, activatedAt: wasActive ? nil : decidedAt, ducked: [], paused: [], heldBack: heldBack, gain: gain,
            bed: engine.bed.bed(measured: bedLevel, on: engine))
        // The prompt's deeper duck, decided with its grant: one reconciliation takes the bed down.
        if let made = level(grant) {
            grant.level = made
            if made.plan.extraDuck < 0 { decisions += engine.policy.apply(.duckDeeper(by: made.plan.extraDuck, at: at)) }
        }
        let effects = await engine.handOver(decisions, inCallersTask: true).value
        (grant.ducked, grant.paused, grant.afterDucks) = (effects.ducked, effects.paused, effects.rampsSent)
        return grant
    }
}
