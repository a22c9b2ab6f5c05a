import AudioPolicy
import ClientGuidance
import Guidance
import RPC

/// The engine's guidance requests (`engine.guidance`): each one turn of its loop, taken by the
/// `GuidanceDesk`, the keeper of the clients' guidance sessions.
public struct EngineGuidance: Sendable {
    let engine: VoxNavEngine

    /// Starts (or restarts) guidance for a client in a language, with a vehicle profile, its distances
    /// in `units` (one the pack words; nil: the pack's own), saying as much as `verbosity` asks, road
    /// names and numbers as `roads` asks (`GuidanceDesk.start`).
    public func start(
        client: ClientID, language: String?, profile: String?, units: UnitSystem? = nil, verbosity: Verbosity = .normal,
        roads: RoadMentions = .all, arrivalOnDeparture: Bool = false
    ) async throws(EngineError) -> (language: String, profile: String, units: UnitSystem) {
        try await engine.turn { (engine) throws(EngineError) in
            try engine.guidanceDesk.start(
                client, language: language, profile: profile, units: units, verbosity: verbosity, roads: roads,
                arrivalOnDeparture: arrivalOnDeparture, on: engine)
        }
    }

    /// Takes one progress report (`GuidanceDesk.update`).
    public func update(client: ClientID, progress: GuidanceProgress) async throws(EngineError) -> GuidanceUpdate.Result {
        try await engine.turn { (engine) throws(EngineError) in try await engine.guidanceDesk.update(client, progress: progress, on: engine) }
    }

    /// Ends a client's guidance (`GuidanceDesk.end`); false when it had none.
    @discardableResult
    public func end(client: ClientID, reason: GuidanceEndReason = .clientRequest) async -> Bool {
        await engine.turn { engine in engine.guidanceDesk.end(client, reason: reason, on: engine) }
    }

    /// The guidance engine is recalculating its route (`GuidanceDesk.reroute`).
    public func reroute(client: ClientID, time: Double?) async throws(EngineError) -> GuidanceReroute.Result {
        try await engine.turn { (engine) throws(EngineError) in try await engine.guidanceDesk.reroute(client, time: time, on: engine) }
    }

    /// Pauses a client's guidance (`GuidanceDesk.pause`).
    public func pause(client: ClientID, reason: GuidancePauseReason, time: Double?) async throws(EngineError) -> GuidancePause.Result {
        try await engine.turn { (engine) throws(EngineError) in try await engine.guidanceDesk.pause(client, reason: reason, time: time, on: engine) }
    }

    /// Guidance goes on (`GuidanceDesk.resume`); returns what it had been paused for.
    public func resume(client: ClientID) async throws(EngineError) -> GuidancePauseReason? {
        try await engine.turn { (engine) throws(EngineError) in try engine.guidanceDesk.resume(client, on: engine) }
    }

    /// A driver asks to hear the next maneuver again (`GuidanceDesk.repeatNext`).
    public func repeatNext(client: ClientID, time: Double?) async throws(EngineError) -> GuidanceRepeat.Result {
        try await engine.turn { (engine) throws(EngineError) in try await engine.guidanceDesk.repeatNext(client, time: time, on: engine) }
    }

    /// The driver asks when they will arrive (`GuidanceDesk.estimates`).
    public func estimates(client: ClientID, time: Double?) async throws(EngineError) -> GuidanceEstimates.Result {
        try await engine.turn { (engine) throws(EngineError) in try await engine.guidanceDesk.estimates(client, time: time, on: engine) }
    }

    /// The language and units of a client's guidance, if it started one (alerts are said in them by default).
    public func speech(of client: ClientID) async -> (language: String, units: UnitSystem)? {
        await engine.turn { engine in engine.guidanceDesk.sessions[client].map { ($0.language, $0.units) } }
    }
}
