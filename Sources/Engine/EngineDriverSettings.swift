import AudioPolicy

/// The driver's settings for each client's prompts (`engine.settings`, the policy's `DriverSettings`):
/// a change is an input of the engine's loop. A prompt already playing plays on as it was granted.
public struct EngineDriverSettings: Sendable {
    let engine: VoxNavEngine

    /// The user's voice-guidance level for a client's prompts (all unless set).
    public func voiceGuidance(client: ClientID) async -> VoiceGuidance {
        await engine.turn { engine in engine.policy.settings.voiceGuidance(of: client) }
    }

    /// Sets the user's voice-guidance level for a client's prompts; every later one meets it.
    public func setVoiceGuidance(client: ClientID, _ level: VoiceGuidance) async {
        await engine.turn { engine in await engine.decide { .voiceGuidance(client, level, at: $0) } }
    }

    /// What a client's prompts do during a call (tone unless set).
    public func promptsDuringCall(client: ClientID) async -> PromptsDuringCall {
        await engine.turn { engine in engine.policy.settings.promptsDuringCall(of: client) }
    }

    /// Sets what a client's prompts do during a call (a call that starts later cuts a guidance
    /// instruction that would no longer be spoken); a prompt held back by the call is said, as the
    /// maneuver is now, once its style is spoken again.
    public func setPromptsDuringCall(client: ClientID, _ setting: PromptsDuringCall) async {
        await engine.turn { engine in await engine.decide { .promptsDuringCall(client, setting, at: $0) } }
    }

    /// How loud a client's prompts are (normal unless set).
    public func guidanceGain(client: ClientID) async -> GuidanceGain {
        await engine.turn { engine in engine.policy.settings.guidanceGain(of: client) }
    }

    /// Sets how loud a client's prompts are.
    public func setGuidanceGain(client: ClientID, _ gain: GuidanceGain) async {
        await engine.turn { engine in await engine.decide { .guidanceGain(client, gain, at: $0) } }
    }
}
