import AudioPolicy
import CarAudio
import EngineTime
import PulseAudio
import RPC
import SourceFocus

extension VoxNavEngine {
    /// Starts a simulated source, or changes its activity (the assistant going from listening to
    /// speaking). Starting one that already runs with the same activity changes nothing.
    /// - Parameters:
    ///   - position: seconds into the programme to begin at (a podcast started again).
    ///   - duration: a chime's length in seconds on the engine's clock (default: its sound's
    ///     length); it then ends by itself.
    public func startSource(
        _ kind: SourceKind, activity: SourceActivity = .default, at position: Double? = nil, duration: Double? = nil
    ) async throws -> EngineState.Source {
        guard serverAvailable else { throw EngineError.serverUnavailable }
        do {
            let started = try await start(kind, activity: activity, at: position, duration: duration)
            await journalSources()
            return started
        } catch {
            await journalSources()
            throw error
        }
    }

    private func start(_ kind: SourceKind, activity: SourceActivity, at position: Double?, duration: Double?) async throws -> EngineState.Source {
        let id = SourceID.simulated(kind)
        if case .simulated(let running)? = sources[id] {
            if running.activity == activity { return try await describe(id) }
            // A new activity is a new stream (a microphone opens or closes) and a new role for the policy.
            let replacement = try await makeSource(kind, activity)
            sources.replace(replacement)
            running.stop()
            emit(.sourceChanged(id.rawValue, kind: kind, activity: Self.told(activity)))
            await decide { .sourceChanged(id, activity, at: $0) }
            return try await describe(id)
        }
        let source = try await makeSource(kind, activity, at: position)
        sources.started(source)
        emit(.sourceStarted(id.rawValue, kind: kind, activity: Self.told(activity)))
        await decide { .sourceStarted(Source(id: id, kind: kind, activity: activity), at: $0) }
        if kind == .vehicleChime {
            // A chime plays once and then leaves the policy, timed on the engine's clock so that a
            // simulated drive ends it at the same moment every run.
            let end = now() + (duration ?? source.programmeDuration ?? 1)
            spawnChild {
                await self.clock.sleep(until: end)
                guard !Task.isCancelled else { return }
                await self.simulatedSourceEnded(id, source)
            }
        }
        return try await describe(id)
    }

    func makeSource(
        _ kind: SourceKind, _ activity: SourceActivity, at position: Double? = nil, paused: Bool = false
    ) async throws -> any SimulatedSource {
        do {
            return try await server.startSource(kind, activity, at: position, paused: paused, sink: configuration.sourcesSink)
        } catch let error as CarSourceError {
            throw EngineError.invalidSource("\(error)")
        } catch {
            throw EngineError.audio("\(error)")
        }
    }

    private func simulatedSourceEnded(_ id: SourceID, _ source: any SimulatedSource) async {
        guard case .simulated(let current)? = sources[id], current === source else { return }
        sources.remove(id)
        emit(.sourceEnded(id.rawValue, kind: source.kind))
        await decide { .sourceEnded(id, at: $0) }
    }

    /// Stops a simulated source; what it held back (a podcast paused by a call) resumes.
    public func stopSource(_ kind: SourceKind) async throws {
        let id = SourceID.simulated(kind)
        guard case .simulated(let source)? = sources.remove(id) else {
            throw EngineError.sourceNotRunning(kind.rawValue)
        }
        source.stop()
        await journalSources()
        emit(.sourceEnded(id.rawValue, kind: kind))
        await decide { .sourceEnded(id, at: $0) }
    }

    /// A source's activity as its events tell it: none when it is the default.
    static func told(_ activity: SourceActivity) -> SourceActivity? {
        activity == .default ? nil : activity
    }

    // MARK: other programs' streams (followed from `run()`'s start-up)

    /// Another program's stream appeared, changed or went (the server's sink-input subscription).
    func foreignStreamChanged(_ event: SinkInputEvent) async {
        guard !shuttingDown else { return }
        switch event.change {
        case .new: await foreignStreamAppeared(event.index)
        case .remove:
            let id = SourceID.foreign(event.index)
            // Gone mid-duck: nothing is left to restore, but the server's memory of it is set right.
            await carryOut { await self.focus.streamGone(event.index) }
            guard let handle = sources.remove(id) else { return }
            emit(.sourceEnded(id.rawValue, kind: handle.kind))
            await decide { .sourceEnded(id, at: $0) }
        case .change:
            var known = sources[.foreign(event.index)] != nil
            if !known { known = await focus.holds(event.index) }
            guard known else {
                // Not taken up when it appeared (not yet set up, see foreignStreamAppeared).
                await foreignStreamAppeared(event.index)
                return
            }
            await focus.holdServerMemory(event.index)
            await foreignStreamCorkChanged(event.index)
        }
    }

    /// Another program's stream that the policy stopped can only be muted: the program plays on
    /// unheard. When its user pauses it and plays it again (its own cork off after on), that is the
    /// newest choice, as pressing play is in a car: it is unmuted and enters the policy again, which
    /// may stop whatever stopped it.
    private func foreignStreamCorkChanged(_ index: UInt32) async {
        let id = SourceID.foreign(index)
        guard case .foreign(_, let kind, _)? = sources[id],
            let input = try? await server.sinkInput(index: index)
        else { return }
        let wasCorked = sources.noteCorked(index, input.corked)
        guard wasCorked, !input.corked, policy.state(of: .source(id)) == .stopped else { return }
        logger.info("another program's stopped stream plays again: it is the newest choice", metadata: ["sinkInput": "\(index)"])
        await decide { .sourceEnded(id, at: $0) }
        await focus.unmute(index, volume: input.volume)
        await decide { .sourceStarted(Source(id: id, kind: kind), at: $0) }
    }

    func foreignStreamAppeared(_ index: UInt32) async {
        let id = SourceID.foreign(index)
        guard sources.isUnmanaged(index), let input = try? await server.sinkInput(index: index),
            // Read again after the await: the same stream may have been taken up meanwhile.
            sources.isUnmanaged(index), let kind = configuration.policy.classify.kind(properties: input.properties)
        else { return }
        // pipewire-pulse shows a new stream for a few milliseconds before it is set up: corked at
        // volume 0, before WirePlumber gives it the volume remembered for it. That is not its
        // volume; it is taken up at its next change, once it has one.
        if input.corked, input.volume.values.allSatisfy({ $0 == 0 }) { return }
        let name = input.properties["application.name"] ?? input.name
        sources.adopt(sinkInput: index, kind: kind, name: name, corked: input.corked)
        emit(.sourceStarted(id.rawValue, kind: kind, activity: nil))
        logger.info("managing another program's stream", metadata: ["sinkInput": "\(index)", "kind": "\(kind.rawValue)", "name": "\(name)"])
        await decide { .sourceStarted(Source(id: id, kind: kind), at: $0) }
    }
}
