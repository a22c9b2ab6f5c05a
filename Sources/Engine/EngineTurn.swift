import RPC

/// The one way into the engine's state from outside it: `turn(_:)` runs a body as one turn of the
/// engine's loop, handed the engine as its isolated context, as SwiftNIO's `EventLoop.submit` runs
/// work on its loop. The engine's public face (`EngineGuidance`, `EnginePrompts`, `EngineSources`,
/// `EngineSessions`, `EngineDriverSettings`) is made of such turns, each handing its request to the
/// part that keeps what it changes; the children of `run()` come back the same way.
extension VoxNavEngine {
    @discardableResult
    func turn<T: Sendable, E: Error>(_ body: @Sendable (isolated VoxNavEngine) async throws(E) -> T) async throws(E) -> T {
        try await body(self)
    }

    /// The engine's state, with volumes read back from the server (`StateReport`).
    public func state() async throws -> EngineState { try await StateReport.read(on: self) }

    /// The guidance requests (`EngineGuidance`).
    public nonisolated var guidance: EngineGuidance { EngineGuidance(engine: self) }
    /// The prompt requests (`EnginePrompts`).
    public nonisolated var prompts: EnginePrompts { EnginePrompts(engine: self) }
    /// The simulated sources (`EngineSources`).
    public nonisolated var sources: EngineSources { EngineSources(engine: self) }
    /// The clients' audio sessions (`EngineSessions`).
    public nonisolated var sessions: EngineSessions { EngineSessions(engine: self) }
    /// The driver's settings for each client's prompts (`EngineDriverSettings`).
    public nonisolated var settings: EngineDriverSettings { EngineDriverSettings(engine: self) }
}
