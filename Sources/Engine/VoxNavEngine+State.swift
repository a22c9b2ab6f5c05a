import AudioPolicy
import CarAudio
import RPC

extension VoxNavEngine {
    /// The engine's state, with volumes read back from the server.
    public func state() async throws -> EngineState {
        var described: [EngineState.Source] = []
        for id in sources.ids { described.append(try await describe(id)) }
        let sessions = policy.configurations.keys.sorted().map { client in
            EngineState.Session(
                client: client.rawValue, configuration: policy.configurations[client]!,
                active: policy.activeClients.contains(client), promptStyle: policy.promptStyle(for: client))
        }
        let (waiting, playing) = await prompts.status
        let secondsWaiting = await prompts.secondsWaiting
        let (spoken, skipped) = await (prompts.spoken, prompts.skipped)
        return EngineState(
            time: now(), clock: clock.mode.rawValue, promptsWaiting: waiting, promptSecondsWaiting: secondsWaiting, promptPlaying: playing,
            sessionActive: !policy.activeClients.isEmpty, promptsSpoken: spoken, promptsSkipped: skipped,
            guidanceClients: guidance.count, promptStyle: policy.promptStyle(for: Self.localClient),
            sources: described, sessions: sessions, violations: policy.audit.violations.map(EngineState.ViolationEntry.init))
    }

    func describe(_ id: SourceID) async throws -> EngineState.Source {
        guard let handle = sources[id] else { throw EngineError.sourceNotRunning(id.rawValue) }
        // While the server is away there is nothing to read back; the rest of the state still is.
        let input = serverAvailable ? try await connection.sinkInput(index: handle.sinkInputIndex) : nil
        let effective = policy.state(of: .source(id)) ?? .playing
        var activity: String?
        var position: Double?
        if case .simulated(let source) = handle {
            activity = source.activity == .default ? nil : source.activity.rawValue
            position = source.position
        }
        return EngineState.Source(
            id: id.rawValue, kind: handle.kind, activity: activity, name: handle.name, sinkInput: handle.sinkInputIndex,
            simulated: { if case .simulated = handle { true } else { false } }(),
            state: effective.name, duckedDB: { if case .ducked(let dB) = effective { dB } else { nil } }(),
            volume: input?.volume.values ?? [],
            volumeDB: input.flatMap { $0.volume.maxDecibels.isFinite ? $0.volume.maxDecibels : nil },
            corked: input?.corked ?? false, muted: input?.muted ?? false, position: position)
    }
}
