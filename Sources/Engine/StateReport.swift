import AudioPolicy
import CarAudio
import ClientGuidance
import EngineTime
import PulseAudio
import RPC
import SourceFocus

/// The engine's state as `state.get` tells it (`VoxNavEngine.state()`): each part's facts, read in
/// one turn of the engine's loop, and the sources' volumes read back from the server.
enum StateReport {
    /// How long a report waits for the server's read-back before answering without it.
    static let readBackTimeout: Duration = .milliseconds(500)

    /// The engine's state, with volumes read back from the server: in one request, given up after
    /// `readBackTimeout` (a stopped or hung server), when the state is the engine's own, without volumes.
    static func read(on engine: isolated VoxNavEngine) async throws -> EngineState {
        // Nothing read back: no volumes (the server is away, or does not answer).
        var inputs: [UInt32: SinkInput] = [:]
        if engine.supervisor.available, !engine.sourceDesk.registry.ids.isEmpty {
            do {
                inputs = Dictionary(try await engine.server.sinkInputs(timeout: Self.readBackTimeout).map { ($0.index, $0) }) { first, _ in first }
            } catch {
                engine.logger.warning("state read back without the sound server: it did not answer", metadata: ["error": "\(error)"])
            }
        }
        var described: [EngineState.Source] = []
        for id in engine.sourceDesk.registry.ids { described.append(try await engine.sourceDesk.describe(id, readBack: inputs, on: engine)) }
        let sessions = engine.policy.configurations.keys.sorted().map { client in
            EngineState.Session(
                client: client.rawValue, configuration: engine.policy.configurations[client]!,
                active: engine.policy.activeClients.contains(client), promptStyle: engine.policy.promptStyle(for: client))
        }
        let (waiting, playing) = engine.player.status
        let secondsWaiting = engine.player.secondsWaiting
        let (spoken, skipped) = (engine.player.spoken, engine.player.skipped)
        return EngineState(
            time: engine.now(), clock: engine.clock.mode.rawValue, promptsWaiting: waiting, promptSecondsWaiting: secondsWaiting, promptPlaying: playing,
            sessionActive: !engine.policy.activeClients.isEmpty, promptsSpoken: spoken, promptsSkipped: skipped,
            guidanceClients: engine.guidanceDesk.sessions.count, promptStyle: engine.policy.promptStyle(for: VoxNavEngine.localClient),
            sources: described, sessions: sessions, violations: engine.policy.audit.violations.map(EngineState.ViolationEntry.init),
            journalProblem: await engine.focus.journalProblem,
            guidance: engine.guidanceDesk.sessions.clients.compactMap { client in
                guard let session = engine.guidanceDesk.sessions[client] else { return nil }
                return EngineState.Guidance(
                    client: client.rawValue, language: session.language, units: session.units, paused: session.paused,
                    trip: session.trip.map { TripEstimates($0.estimate, arrivalDerived: $0.arrivalDerived) },
                    trafficSideAssumed: session.trafficSideAssumed.isEmpty ? nil : session.trafficSideAssumed.sorted())
            }, promptUnderflows: engine.output.underflows)
    }
}
