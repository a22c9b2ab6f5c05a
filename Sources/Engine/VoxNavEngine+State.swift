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
        if serverAvailable, !sources.ids.isEmpty {
            do {
                inputs = Dictionary(try await server.sinkInputs(timeout: Self.readBackTimeout).map { ($0.index, $0) }) { first, _ in first }
            } catch {
                logger.warning("state read back without the sound server: it did not answer", metadata: ["error": "\(error)"])
            }
        }
        var described: [EngineState.Source] = []
        for id in sources.ids { described.append(try await describe(id, readBack: inputs)) }
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
            guidanceClients: guidance.count, promptStyle: policy.promptStyle(for: Self.localClient),
            sources: described, sessions: sessions, violations: policy.audit.violations.map(EngineState.ViolationEntry.init),
            journalProblem: await focus.journalProblem,
            guidance: guidance.clients.compactMap { client in
                guard let session = guidance[client] else { return nil }
                return EngineState.Guidance(
                    client: client.rawValue, language: session.language, units: session.units, paused: session.paused,
                    trip: session.trip.map { TripEstimates($0.estimate, arrivalDerived: $0.arrivalDerived) },
                    trafficSideAssumed: session.trafficSideAssumed.isEmpty ? nil : session.trafficSideAssumed.sorted())
            }, promptUnderflows: output.underflows)
    }

    /// A source as the policy has it and, read back from the server, its volume, cork and mute:
    /// from `readBack` when given (a listing made for several sources), else asked now.
    func describe(_ id: SourceID, readBack: [UInt32: SinkInput]? = nil) async throws -> EngineState.Source {
        guard let handle = sources[id] else { throw EngineError.sourceNotRunning(id.rawValue) }
        // While the server is away there is nothing to read back; the rest of the state still is.
        let input: SinkInput?
        if let readBack {
            input = readBack[handle.sinkInputIndex]
        } else {
            input = serverAvailable ? try await server.sinkInput(index: handle.sinkInputIndex) : nil
        }
        let effective = policy.state(of: .source(id)) ?? .playing
        var activity: String?
        var position: Double?
        var interruption: (handling: ForeignHandling, player: String?)?
        switch handle {
        case .simulated(let source):
            activity = source.activity == .default ? nil : source.activity.rawValue
            position = source.position
        case .foreign(let index, _, _):
            interruption = await focus.interruption(of: index)
        }
        return EngineState.Source(
            id: id.rawValue, kind: handle.kind, activity: activity, name: handle.name, sinkInput: handle.sinkInputIndex,
            simulated: { if case .simulated = handle { true } else { false } }(),
            state: effective.name, duckedDB: { if case .ducked(let dB) = effective { dB } else { nil } }(),
            volume: input?.volume.values ?? [],
            volumeDB: input.flatMap { $0.volume.maxDecibels.isFinite ? $0.volume.maxDecibels : nil },
            corked: input?.corked ?? false, muted: input?.muted ?? false, position: position,
            handling: interruption?.handling, player: interruption?.player)
    }
}
