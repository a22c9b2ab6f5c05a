import AudioPolicy

extension VoxNavEngine {
    /// Sets a client's session configuration. An impossible one is refused with the reason and changes nothing.
    public func configureSession(client: ClientID, _ configuration: SessionConfiguration) async throws {
        let decisions = await decide { .configure(client, configuration, at: $0) }
        for case .configurationRejected(client, let error) in decisions {
            throw EngineError.invalidSession(error.reason)
        }
    }

    /// Activates or deactivates a client's session as the client asks. Activating without prompt
    /// audio is allowed but capped by the policy's idle cap, and audited. Returns what happened to
    /// the others (sources ducked, paused, stopped), as words.
    public func setSessionActive(client: ClientID, active: Bool, notifyOthers: Bool = true) async throws -> [String] {
        if active {
            guard policy.configurations[client] != nil else {
                throw EngineError.activationRejected("this client has no session to activate: call session.configure first")
            }
            let decisions = await decide { .activate(client, at: $0) }
            for case .activationRejected(client, let holder) in decisions {
                throw EngineError.activationRejected("\(holder.rawValue) holds the audio focus and rejects this session")
            }
            return decisions.map(\.words)
        }
        return await decide { .deactivate(client, notifyOthers: notifyOthers, at: $0) }.map(\.words)
    }

    /// The client shows or hides its voice-control template: the one window it may record in (recording
    /// outside it is audited, and so is a recording session still active when it is hidden). Returns
    /// the style its prompts get now.
    public func setVoiceControl(client: ClientID, shown: Bool) async -> PromptStyle {
        await decide { .voiceControlScreen(client, shown: shown, at: $0) }
        return policy.promptStyle(for: client)
    }

    /// The style a prompt of `client` for `purpose` would get now.
    public func promptStyle(client: ClientID, purpose: PromptPurpose = .instruction) -> PromptStyle {
        policy.promptStyle(for: client, purpose: purpose)
    }

    /// The user's voice-guidance level for a client's prompts (all unless set).
    public func voiceGuidance(client: ClientID) -> VoiceGuidance { policy.settings.voiceGuidance(of: client) }

    /// Sets the user's voice-guidance level for a client's prompts. A prompt already playing plays
    /// on; every later one meets the new level.
    public func setVoiceGuidance(client: ClientID, _ level: VoiceGuidance) async {
        await decide { .voiceGuidance(client, level, at: $0) }
    }

    /// What a client's prompts do during a call (tone unless set).
    public func promptsDuringCall(client: ClientID) -> PromptsDuringCall { policy.settings.promptsDuringCall(of: client) }

    /// Sets what a client's prompts do during a call. A prompt already playing plays on (a call that
    /// starts later cuts a guidance instruction that would no longer be spoken); a prompt held back by
    /// the call is said, as the maneuver is now, once its style is spoken again.
    public func setPromptsDuringCall(client: ClientID, _ setting: PromptsDuringCall) async {
        await decide { .promptsDuringCall(client, setting, at: $0) }
    }

    /// How loud a client's prompts are (normal unless set).
    public func guidanceGain(client: ClientID) -> GuidanceGain { policy.settings.guidanceGain(of: client) }

    /// Sets how loud a client's prompts are; a prompt already playing plays on at its level.
    public func setGuidanceGain(client: ClientID, _ gain: GuidanceGain) async {
        await decide { .guidanceGain(client, gain, at: $0) }
    }

    /// Guideline violations seen so far, of one client or of all.
    public func violations(of client: ClientID? = nil) -> [Violation] {
        client.map { policy.audit.violations(of: $0) } ?? policy.audit.violations
    }
}
