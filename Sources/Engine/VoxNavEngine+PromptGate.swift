import AudioPolicy
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
    /// waits for the bed to be heard (`bedToHear`; wall time, the simulated clock stands still).
    func promptReady(_ client: ClientID, purpose: PromptPurpose, toneless: Bool) async -> PromptGrant {
        while !stopped, let wait = bedToHear() { try? await Task.sleep(for: wait) }
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
        let bedLevel = bedMeter.level
        let (verdict, ready) = policy.promptReady(client, purpose: purpose, at: at)
        decisions += ready
        let decidedAt = ContinuousClock.now
        logger.debug("prompt ready", metadata: ["client": "\(client.rawValue)", "verdict": "\(verdict)"])
        let heldBack = policy.heldBack(verdict, client: client, purpose: purpose)
        let gain = policy.guidanceGain(of: client)
        let bed = bed(measured: bedLevel)
        let effects = await handOver(decisions).value
        return PromptGrant(
            verdict: verdict, style: style, activatedAt: wasActive ? nil : decidedAt, ducked: effects.ducked, paused: effects.paused,
            heldBack: heldBack, gain: gain, bed: bed)
    }

    func duckDeeper(by extra: Double) async {
        let events = policy.deeperDucks(by: extra)
        guard !stopped, !events.isEmpty else { return }
        logger.debug("ducked deeper for the prompt to stand out", metadata: ["dB": "\(extra)", "sources": "\(events.count)"])
        await carryOut { _ = await self.applyFocus(events) }
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

    static let stoppedReason = "the engine has stopped"
}
