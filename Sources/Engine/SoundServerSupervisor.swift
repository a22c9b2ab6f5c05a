import AudioPolicy
import CarAudio
import EngineTime
import PulseAudio
import RPC
import SourceFocus

/// The engine's hold on its sound server: it follows the connection, and when the server goes away
/// ends what cannot wait and brings it back, with the car's streams made again as the policy has
/// them. Whether the server is there now is this part's alone (`available`).
///
/// A part of `VoxNavEngine`, owned by it and run only in its turns: each method is handed the engine
/// as its isolated context. Attempts to reconnect run in a child of the engine's `run()`.
final class SoundServerSupervisor {
    /// The first wait and the longest one between two attempts: a server that is back is found
    /// within the longest (the first attempts come sooner).
    static let backoff: (first: Duration, longest: Duration) = (.milliseconds(50), .milliseconds(400))

    /// False from the moment the sound server is lost until it is back and the sources are restored.
    private(set) var available = true

    /// Follows the connection: when the server goes away, the engine takes it as lost.
    func watch(on engine: isolated VoxNavEngine) {
        engine.server.onDisconnect { [weak engine] in
            guard let engine else { return }
            engine.spawnChild { await engine.turn { engine in await engine.supervisor.lost(on: engine) } }
        }
    }

    /// The server went away: prompts end with the reason, other programs' streams leave the policy,
    /// the duck journal (the dead server's volumes) is emptied, and reconnecting begins.
    func lost(on engine: isolated VoxNavEngine) async {
        guard available, !engine.shuttingDown else { return }
        available = false
        engine.logger.error("lost the sound server; reconnecting")
        engine.emit(.serverLost(reason: "the connection to the sound server was lost"))
        engine.player.cancelAll(reason: EngineError.serverUnavailableReason)
        // Other programs' streams went with the server; if their programs come back, they are found anew.
        for (id, handle) in engine.sourceDesk.registry.foreign {
            engine.sourceDesk.registry.remove(id)
            engine.emit(.sourceEnded(id.rawValue, kind: handle.kind))
            await engine.decide { .sourceEnded(id, at: $0) }
        }
        let lost = await engine.carryOut { [focus = engine.focus] in await focus.forgetAll() }
        engine.bed.forget()
        // Not counted on the simulated clock: reconnecting waits on the wall clock.
        engine.spawnChild(counted: false) { [weak engine] in
            await Self.retry {
                guard let engine, await !engine.shuttingDown else { return true }
                return await engine.turn { engine in await engine.supervisor.restore(lost, on: engine) }
            }
        }
    }

    /// Tries until `attempt` returns true (the server is back, or trying no longer makes sense), at
    /// growing intervals, until the task is cancelled.
    static func retry(_ attempt: () async -> Bool) async {
        var delay = backoff.first
        while !Task.isCancelled {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            if await attempt() { return }
            delay = min(delay * 2, backoff.longest)
        }
    }

    /// One attempt: reconnect, set the server's memory right, reopen the prompt stream, start the
    /// simulated sources again as they were (the podcast at its place, each at its own volume),
    /// carry out again what the policy says of them now, pick up other programs' streams. False
    /// when the server is not (or no longer) there. `lost`: the duck journal when the server went.
    func restore(_ lost: DuckJournal, on engine: isolated VoxNavEngine) async -> Bool {
        do {
            try await engine.server.reconnect()
            // A server that remembers streams (WirePlumber, which outlives pipewire-pulse and keeps
            // its state on disk; PulseAudio's stream-restore database) may still hold a level the
            // engine had set: its own save of a duck, or the nudged half of a write pair, when the
            // server died before the engine's writes back. New streams of those groups would start
            // there. What it remembered before the engine's changes is written back first.
            await engine.focus.reconnected(lost: lost)
            let roles = await engine.server.rolePolicy()
            if roles != engine.rolePolicy {
                engine.logger.notice("the sound server's role policy changed", metadata: ["rolePolicy": "\(roles.rawValue)"])
            }
            try await engine.output.serverChanged(roles)
            engine.promptSink = await engine.output.sink(resume: false).name
            let restarted = try await startSourcesAgain(lost, on: engine)
            let paused = restarted.filter { id in
                guard case .simulated(let source)? = engine.sourceDesk.registry[id] else { return false }
                return engine.policy.state(of: .source(id)) == .paused && !source.isPaused
            }
            await Reconciliation.anew(events: paused.map { .interruptionBegan(.source($0)) }, on: engine)
            for input in try await engine.server.sinkInputs() { await engine.sourceDesk.foreignStreamAppeared(input.index, on: engine) }
            available = true
            engine.bed.track(on: engine)
            await engine.sourceDesk.journal(on: engine)
            engine.emit(.serverRestored)
            engine.logger.notice("the sound server is back", metadata: ["sourcesStartedAgain": "\(restarted.count)"])
            return true
        } catch {
            engine.logger.debug("the sound server is not back yet", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// The simulated sources made again on the new server, in their order, each as the policy holds
    /// it: one held paused starts paused (no blip, no step past its place), one held lowered gets the
    /// own volume journalled for it. Returns those made again.
    private func startSourcesAgain(_ lost: DuckJournal, on engine: isolated VoxNavEngine) async throws -> [SourceID] {
        var restarted: [SourceID] = []
        for record in engine.sourceDesk.registry.records {
            let id = SourceID.simulated(record.kind)
            guard case .simulated(let old)? = engine.sourceDesk.registry[id] else { continue }
            let fresh = try await engine.sourceDesk.make(
                record.kind, record.activity, at: record.position, paused: engine.policy.state(of: .source(id)) == .paused, on: engine)
            // Stopped while this one was being made: it stays stopped.
            guard case .simulated(let current)? = engine.sourceDesk.registry[id], current === old else {
                fresh.stop()
                continue
            }
            if let own = lost.originalVolume(of: old.sinkInputIndex) { await setOwnVolume(of: fresh, to: own, on: engine) }
            restarted.append(id)
            engine.sourceDesk.registry.replace(fresh)
            old.stop()
        }
        return restarted
    }

    /// Sets a re-created source's stream to `volume` and waits (at most 0.5 s) until the server
    /// reports it, so that what is carried out next starts from it.
    private func setOwnVolume(of source: any SimulatedSource, to volume: ChannelVolumes, on engine: isolated VoxNavEngine) async {
        let index = source.sinkInputIndex
        let server = engine.server
        do {
            guard let input = try await server.sinkInput(index: index), input.volume != volume else { return }
            engine.logger.info(
                "a source started again comes in at another volume than its own: set back",
                metadata: ["sinkInput": "\(index)", "kind": "\(source.kind.rawValue)", "volume": "\(input.volume)", "own": "\(volume)"])
            try await server.setSinkInputVolume(index: index, to: volume)
            for _ in 0..<25 {
                if try await server.sinkInput(index: index)?.volume == volume { return }
                try await Task.sleep(for: .milliseconds(20))
            }
            engine.logger.warning("the server did not report the volume set on a source started again", metadata: ["sinkInput": "\(index)"])
        } catch {
            engine.logger.debug(
                "setting the own volume of a source started again failed", metadata: ["kind": "\(source.kind.rawValue)", "error": "\(error)"])
        }
    }
}
