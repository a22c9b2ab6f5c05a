import AudioPolicy
import ClientGuidance
import Guidance
import RPC

/// The guidance requests, taken by the engine's `GuidanceDesk` in the engine's turn.
extension VoxNavEngine {
    /// Starts (or restarts) guidance for a client in a language, with a vehicle profile, its distances
    /// in `units` (one the pack words; nil: the pack's own), saying as much as `verbosity` asks, road
    /// names and numbers as `roads` asks (`GuidanceDesk.start`).
    public func startGuidance(
        client: ClientID, language: String?, profile: String?, units: UnitSystem? = nil, verbosity: Verbosity = .normal,
        roads: RoadMentions = .all, arrivalOnDeparture: Bool = false
    ) throws(EngineError) -> (language: String, profile: String, units: UnitSystem) {
        try guidance.start(
            client, language: language, profile: profile, units: units, verbosity: verbosity, roads: roads,
            arrivalOnDeparture: arrivalOnDeparture, on: self)
    }

    /// Takes one progress report (`GuidanceDesk.update`).
    public func updateGuidance(client: ClientID, progress: GuidanceProgress) async throws(EngineError) -> GuidanceUpdate.Result {
        try await guidance.update(client, progress: progress, on: self)
    }

    /// Ends a client's guidance (`GuidanceDesk.end`); false when it had none.
    @discardableResult
    public func endGuidance(client: ClientID, reason: GuidanceEndReason = .clientRequest) -> Bool {
        guidance.end(client, reason: reason, on: self)
    }

    /// The guidance engine is recalculating its route (`GuidanceDesk.reroute`).
    public func rerouteGuidance(client: ClientID, time: Double?) async throws(EngineError) -> GuidanceReroute.Result {
        try await guidance.reroute(client, time: time, on: self)
    }

    /// Pauses a client's guidance (`GuidanceDesk.pause`).
    public func pauseGuidance(client: ClientID, reason: GuidancePauseReason, time: Double?) async throws(EngineError) -> GuidancePause.Result {
        try await guidance.pause(client, reason: reason, time: time, on: self)
    }

    /// Guidance goes on (`GuidanceDesk.resume`); returns what it had been paused for.
    public func resumeGuidance(client: ClientID) throws(EngineError) -> GuidancePauseReason? {
        try guidance.resume(client, on: self)
    }

    /// A driver asks to hear the next maneuver again (`GuidanceDesk.repeatNext`).
    public func repeatGuidance(client: ClientID, time: Double?) async throws(EngineError) -> GuidanceRepeat.Result {
        try await guidance.repeatNext(client, time: time, on: self)
    }

    /// The driver asks when they will arrive (`GuidanceDesk.estimates`).
    public func sayEstimates(client: ClientID, time: Double?) async throws(EngineError) -> GuidanceEstimates.Result {
        try await guidance.estimates(client, time: time, on: self)
    }

    /// The language and units of a client's guidance, if it started one (alerts are said in them by default).
    public func guidanceSpeech(client: ClientID) -> (language: String, units: UnitSystem)? {
        guidance.sessions[client].map { ($0.language, $0.units) }
    }

    /// A client's guidance session, if it has one.
    func guidanceSession(of client: ClientID) -> GuidanceSession? { guidance.sessions[client] }

    /// Whether the car's own navigation guides now (a `nativeNavigation` source runs).
    var nativeNavigationGuiding: Bool { policy.sources.values.contains { $0.kind == .nativeNavigation } }

    /// Whether something is held back that an input may have let go (the call or the assistant
    /// ended): checked after every input; cheap when nothing is held.
    func heldBackOwed() -> Bool {
        if guidance.sessions.holdsBack { return true }
        return !prompts.clientsHoldingAlerts.isEmpty
    }

    /// What the moment held back or cut is said once it has passed: each guidance's latest held-back
    /// instruction (`GuidanceDesk.sayHeldBack`), and the alerts a cut holds (`PromptPlayer.releaseHeldAlerts`)
    /// for each client whose alerts are spoken again.
    func sayHeldBack() async {
        await guidance.sayHeldBack(on: self)
        for client in prompts.clientsHoldingAlerts.sorted() where policy.promptStyle(for: client, purpose: .alert) == .normal {
            for words in prompts.releaseHeldAlerts(of: client) {
                logger.info("an alert the moment cut, once it passed", metadata: ["client": "\(client.rawValue)", "alert": "\(words)"])
            }
        }
    }
}
