import AsyncSupport
import AudioPolicy
import CarAudio
import EngineTime
import PulseAudio
import RPC
import SourceFocus

/// The car's sources as the engine's loop starts, follows and ends them: the simulated ones (a
/// radio, a call, a chime) and other programs' streams, each told to the policy as it starts,
/// changes or ends.
///
/// A part of `VoxNavEngine`, owned by it and run only in its turns: each method is handed the engine
/// as its isolated context. The registry of sources is this part's alone.
final class SourceDesk {
    /// Which sources the engine acts on, in the order the simulated ones started.
    var registry = SourceRegistry()

    /// Starts a simulated source, or changes its activity (`EngineSources.start`); the journal
    /// notes what runs either way.
    func start(
        _ kind: SourceKind, activity: SourceActivity, at position: Double?, duration: Double?, on engine: isolated VoxNavEngine
    ) async throws -> EngineState.Source {
        guard engine.supervisor.available else { throw EngineError.serverUnavailable }
        do {
            let started = try await startOrChange(kind, activity: activity, at: position, duration: duration, on: engine)
            await journal(on: engine)
            return started
        } catch {
            await journal(on: engine)
            throw error
        }
    }

    /// The policy takes the source (or its new activity) at once, so that what it cuts is cut at
    /// once; its stream is made meanwhile, beside the decision, and joins the registry in the lane
    /// before the decisions are carried out (`decide(_:first:)`): a busy server delays the ducks, not
    /// the cut. A stream the server could not make is told to the policy as ended (or back at its
    /// activity), its start carried out on no other source.
    private func startOrChange(
        _ kind: SourceKind, activity: SourceActivity, at position: Double?, duration: Double?, on engine: isolated VoxNavEngine
    ) async throws -> EngineState.Source {
        guard kind.activities.contains(activity) else {
            throw EngineError.invalidSource("\(kind.rawValue) has no activity \(activity.rawValue)")
        }
        let id = SourceID.simulated(kind)
        var running: (any SimulatedSource)?
        if case .simulated(let source)? = registry[id] { running = source }
        if let running, running.activity == activity { return try await describe(id, on: engine) }
        let made = OneShot<Result<any SimulatedSource, EngineError>>()
        // The batch that takes the stream, as the lane's step is given it.
        let handedAs = OneShot<UInt64>()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [server = engine.server, sink = engine.configuration.sourcesSink, position = running == nil ? position : nil] in
                _ = made.set(await Self.make(kind, activity, at: position, sink: sink, on: server))
            }
            if let running {
                // A new activity is a new stream (a microphone opens or closes) and a new role for the policy.
                engine.emit(.sourceChanged(id.rawValue, kind: kind, activity: Self.told(activity)))
                await engine.decide({ .sourceChanged(id, activity, at: $0) }) { engine, batch in
                    _ = handedAs.set(batch)
                    guard case .success(let source) = await made.value else { return false }
                    engine.sourceDesk.registry.replace(source)
                    running.stop()
                    return true
                }
            } else {
                engine.emit(.sourceStarted(id.rawValue, kind: kind, activity: Self.told(activity)))
                await engine.decide({ .sourceStarted(Source(id: id, kind: kind, activity: activity), at: $0) }) { engine, batch in
                    _ = handedAs.set(batch)
                    guard case .success(let source) = await made.value else { return false }
                    engine.sourceDesk.registry.started(source)
                    return true
                }
            }
        }
        let source: any SimulatedSource
        switch await made.value {
        case .failure(let error):
            let batch = handedAs.isSet ? await handedAs.value : nil
            if let running {
                engine.emit(.sourceChanged(id.rawValue, kind: kind, activity: Self.told(running.activity)))
                await engine.undo({ .sourceChanged(id, running.activity, at: $0) }, of: batch)
            } else {
                engine.emit(.sourceEnded(id.rawValue, kind: kind))
                await engine.undo({ .sourceEnded(id, at: $0) }, of: batch)
            }
            throw error
        case .success(let stream): source = stream
        }
        // The engine stopped before the lane took the stream: it is nobody's.
        guard case .simulated(let kept)? = registry[id], kept === source else {
            source.stop()
            throw EngineError.serverUnavailable
        }
        if kind == .vehicleChime { endChime(source, after: duration ?? source.programmeDuration ?? 1, on: engine) }
        return try await describe(id, on: engine)
    }

    /// A chime plays once and then leaves the policy, timed on the engine's clock so that a
    /// simulated drive ends it at the same moment every run.
    private func endChime(_ source: any SimulatedSource, after seconds: Double, on engine: isolated VoxNavEngine) {
        let (id, end) = (SourceID.simulated(source.kind), engine.now() + seconds)
        engine.spawnChild { [clock = engine.clock] in
            await clock.sleep(until: end)
            guard !Task.isCancelled else { return }
            await engine.turn { engine in await engine.sourceDesk.ended(id, source, on: engine) }
        }
    }

    /// A simulated source's stream on the engine's server.
    func make(
        _ kind: SourceKind, _ activity: SourceActivity, at position: Double? = nil, paused: Bool = false, on engine: isolated VoxNavEngine
    ) async throws -> any SimulatedSource {
        try await Self.make(kind, activity, at: position, paused: paused, sink: engine.configuration.sourcesSink, on: engine.server).get()
    }

    /// A simulated source's stream on `server`, or why it could not be made.
    private static func make(
        _ kind: SourceKind, _ activity: SourceActivity, at position: Double?, paused: Bool = false, sink: String?, on server: any AudioServer
    ) async -> Result<any SimulatedSource, EngineError> {
        do {
            return .success(try await server.startSource(kind, activity, at: position, paused: paused, sink: sink))
        } catch let error as CarSourceError {
            return .failure(.invalidSource("\(error)"))
        } catch {
            return .failure(.audio("\(error)"))
        }
    }

    /// A simulated source that ends by itself (a chime) has ended, unless it was replaced meanwhile.
    func ended(_ id: SourceID, _ source: any SimulatedSource, on engine: isolated VoxNavEngine) async {
        guard case .simulated(let current)? = registry[id], current === source else { return }
        registry.remove(id)
        engine.emit(.sourceEnded(id.rawValue, kind: source.kind))
        await engine.decide { .sourceEnded(id, at: $0) }
    }

    /// Stops a simulated source; what it held back (a podcast paused by a call) resumes.
    func stop(_ kind: SourceKind, on engine: isolated VoxNavEngine) async throws {
        let id = SourceID.simulated(kind)
        guard case .simulated(let source)? = registry.remove(id) else {
            throw EngineError.sourceNotRunning(kind.rawValue)
        }
        source.stop()
        await journal(on: engine)
        engine.emit(.sourceEnded(id.rawValue, kind: kind))
        await engine.decide { .sourceEnded(id, at: $0) }
    }

    /// A source's activity as its events tell it: none when it is the default.
    static func told(_ activity: SourceActivity) -> SourceActivity? {
        activity == .default ? nil : activity
    }

    /// A source as the policy has it and, read back from the server, its volume, cork and mute:
    /// from `readBack` when given (a listing made for several sources), else asked now.
    func describe(_ id: SourceID, readBack: [UInt32: SinkInput]? = nil, on engine: isolated VoxNavEngine) async throws -> EngineState.Source {
        guard let handle = registry[id] else { throw EngineError.sourceNotRunning(id.rawValue) }
        // While the server is away there is nothing to read back; the rest of the state still is.
        let input: SinkInput?
        if let readBack {
            input = readBack[handle.sinkInputIndex]
        } else {
            input = engine.supervisor.available ? try await engine.server.sinkInput(index: handle.sinkInputIndex) : nil
        }
        let effective = engine.policy.state(of: .source(id)) ?? .playing
        var activity: String?
        var position: Double?
        var interruption: (handling: ForeignHandling, player: String?)?
        switch handle {
        case .simulated(let source):
            activity = source.activity == .default ? nil : source.activity.rawValue
            position = source.position
        case .foreign(let index, _, _):
            interruption = await engine.focus.interruption(of: index)
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
