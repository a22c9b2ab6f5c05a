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

    /// A prompt's audio is ready: the policy's verdict, as one grant (`PromptGrant.decided`).
    func promptReady(_ client: ClientID, purpose: PromptPurpose, toneless: Bool, level: @Sendable (PromptGrant) -> PromptLevel?) async
        -> PromptGrant
    {
        await PromptGrant.decided(for: client, purpose: purpose, toneless: toneless, level: level, on: self)
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
        await guidanceDesk.promptEnded(client, session: id, ending, on: self)
    }

    static let stoppedReason = "the engine has stopped"
}
