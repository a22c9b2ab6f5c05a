import AudioPolicy
import CarAudio
import ClientGuidance
import EngineTime
import PulseAudio
import RPC
import SourceFocus

extension VoxNavEngine {
    /// How long `state()` waits for the server's read-back before answering without it.
    static let readBackTimeout: Duration = .milliseconds(500)

    /// The engine's state, with volumes read back from the server: in one request, given up after
    /// `readBackTimeout` (a stopped or hung server), when the state is the engine's own, without volumes.
    public func state() async throws -> EngineState {
        // Nothing read back: no volumes (the server is away, or does not answer).
        var inputs: [UInt32: SinkInput] = [:]
        if serverAvailable, !sources.registry.ids.isEmpty {
            do {
                inputs = Dictionary(try await server.sinkInputs(timeout: Self.readBackTimeout).map { ($0.index, $0) }) { first, _ in first }
            } catch {
                logger.warning("state read back without the sound server: it did not answer", metadata: ["error": "\(error)"])
            }
        }
        var described: [EngineState.Source] = []
        for id in sources.registry.ids { described.append(try await sources.describe(id, readBack: inputs, on: self)) }
        let sessions = policy.configurations.keys.sorted().map { client in
            EngineState.Session(
                client: client.rawValue, configuration: policy.configurations[client]!,
                active: policy.activeClients.contains(client), promptStyle: policy.promptStyle(for: client))
        }
        let (waiting, playing) = prompts.status
        let secondsWaiting = prompts.secondsWaiting
        let (spoken, skipped) = (prompts.spoken, prompts.skipped)
        return EngineState(
            time: now(), clock: clock.mode.rawValue, promptsWaiting: waiting, promptSecondsWaiting: secondsWaiting, promptPlaying: playing,
            sessionActive: !policy.activeClients.isEmpty, promptsSpoken: spoken, promptsSkipped: skipped,
            guidanceClients: guidance.sessions.count, promptStyle: policy.promptStyle(for: Self.localClient),
            sources: described, sessions: sessions, violations: policy.audit.violations.map(EngineState.ViolationEntry.init),
            journalProblem: await focus.journalProblem,
            guidance: guidance.sessions.clients.compactMap { client in
                guard let session = guidance.sessions[client] else { return nil }
                return EngineState.Guidance(
                    client: client.rawValue, language: session.language, units: session.units, paused: session.paused,
                    trip: session.trip.map { TripEstimates($0.estimate, arrivalDerived: $0.arrivalDerived) },
                    trafficSideAssumed: session.trafficSideAssumed.isEmpty ? nil : session.trafficSideAssumed.sorted())
            }, promptUnderflows: output.underflows)
    }
}
