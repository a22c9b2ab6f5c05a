import AudioPolicy
import RPC

/// The clients' audio sessions (`engine.sessions`): each request one input of the engine's loop,
/// decided by the `PolicyEngine` and carried out before the reply.
public struct EngineSessions: Sendable {
    let engine: VoxNavEngine

    /// Sets a client's session configuration. An impossible one is refused with the reason and changes nothing.
    public func configure(client: ClientID, _ configuration: SessionConfiguration) async throws(EngineError) {
        try await engine.turn { (engine) throws(EngineError) in
            let decisions = await engine.decide { .configure(client, configuration, at: $0) }
            for case .configurationRejected(client, let error) in decisions { throw .invalidSession(error.reason) }
        }
    }

    /// Activates or deactivates a client's session as the client asks. Activating without prompt
    /// audio is allowed but capped by the policy's idle cap, and audited. Returns what happened to
    /// the others (sources ducked, paused, stopped), as words.
    public func setActive(client: ClientID, active: Bool, notifyOthers: Bool = true) async throws(EngineError) -> [String] {
        try await engine.turn { (engine) throws(EngineError) in
            guard active else { return await engine.decide { .deactivate(client, notifyOthers: notifyOthers, at: $0) }.map(\.words) }
            guard engine.policy.configurations[client] != nil else {
                throw .activationRejected("this client has no session to activate: call session.configure first")
            }
            let decisions = await engine.decide { .activate(client, at: $0) }
            for case .activationRejected(client, let holder) in decisions {
                throw .activationRejected("\(holder.rawValue) holds the audio focus and rejects this session")
            }
            return decisions.map(\.words)
        }
    }

    /// The client shows or hides its voice-control template: the one window it may record in (recording
    /// outside it is audited, and so is a recording session still active when it is hidden). Returns
    /// the style its prompts get now.
    public func setVoiceControl(client: ClientID, shown: Bool) async -> PromptStyle {
        await engine.turn { engine in
            await engine.decide { .voiceControlScreen(client, shown: shown, at: $0) }
            return engine.policy.promptStyle(for: client)
        }
    }

    /// The style a prompt of `client` for `purpose` would get now.
    public func promptStyle(client: ClientID, purpose: PromptPurpose = .instruction) async -> PromptStyle {
        await engine.turn { engine in engine.policy.promptStyle(for: client, purpose: purpose) }
    }

    /// Guideline violations seen so far, of one client or of all.
    public func violations(of client: ClientID? = nil) async -> [Violation] {
        await engine.turn { engine in client.map { engine.policy.audit.violations(of: $0) } ?? engine.policy.audit.violations }
    }

    /// A client went away: its prompts are cancelled, its session deactivated, its guidance ended, at once.
    public func clientDisconnected(_ client: ClientID) async {
        await engine.turn { engine in
            engine.guidanceDesk.end(client, reason: .disconnected, on: engine)
            // The playing prompt ends through the engine. Prompts queued to outlive the client play
            // first, in its session: this returns when the last has ended.
            await engine.player.cancelAll(of: client, reason: "the client disconnected")
            await engine.decide { .clientGone(client, at: $0) }
        }
    }
}
