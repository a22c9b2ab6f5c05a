import AudioPolicy
import CarAudio
import EngineTime
import PulseAudio
import RPC
import SourceFocus

extension VoxNavEngine {
    /// Follows the connection: when the server goes away, what cannot wait ends and the engine
    /// reconnects, in a child task of `run()`.
    func watchSoundServer() {
        server.onDisconnect { [weak self] in
            guard let engine = self else { return }
            engine.spawnChild { await engine.soundServerLost() }
        }
    }

    /// The server went away: prompts end with the reason, other programs' streams leave the policy,
    /// the duck journal (the dead server's volumes) is emptied, and reconnecting begins.
    func soundServerLost() async {
        guard serverAvailable, !shuttingDown else { return }
        serverAvailable = false
        logger.error("lost the sound server; reconnecting")
        emit(.serverLost(reason: "the connection to the sound server was lost"))
        let reason = EngineError.serverUnavailableReason
        prompts.cancelAll(reason: reason)
        // Other programs' streams went with the server; if their programs come back, they are found anew.
        for (id, handle) in sources.foreign {
            sources.remove(id)
            emit(.sourceEnded(id.rawValue, kind: handle.kind))
            await decide { .sourceEnded(id, at: $0) }
        }
        let lost = await carryOut { await self.focus.forgetAll() }
        bedMeter.forget()
        // Not counted on the simulated clock: reconnecting waits on the wall clock.
        spawnChild(counted: false) { [weak self] in
            await SoundServerSupervisor.retry {
                guard let self, await !self.shuttingDown else { return true }
                return await self.tryToRestore(lost)
            }
        }
    }

    /// One attempt: reconnect, set the server's memory right, reopen the prompt stream, start the
    /// simulated sources again as they were (the podcast at its place, each at its own volume),
    /// carry out again what the policy says of them now, pick up other programs' streams. False
    /// when the server is not (or no longer) there. `lost`: the duck journal when the server went.
    private func tryToRestore(_ lost: DuckJournal) async -> Bool {
        do {
            try await server.reconnect()
            // A server that remembers streams (WirePlumber, which outlives pipewire-pulse and keeps
            // its state on disk; PulseAudio's stream-restore database) may still hold a level the
            // engine had set: its own save of a duck, or the nudged half of a write pair, when the
            // server died before the engine's writes back. New streams of those groups would start
            // there. What it remembered before the engine's changes is written back first.
            await focus.reconnected(lost: lost)
            let roles = await server.rolePolicy()
            if roles != rolePolicy { logger.notice("the sound server's role policy changed", metadata: ["rolePolicy": "\(roles.rawValue)"]) }
            try await output.serverChanged(roles)
            promptSink = await output.sink(resume: false).name
            var restarted: [SourceID] = []
            for record in sources.records {
                let id = SourceID.simulated(record.kind)
                guard case .simulated(let old)? = sources[id] else { continue }
                // One the policy holds paused starts paused: no blip, no step past its place.
                let fresh = try await makeSource(
                    record.kind, record.activity, at: record.position, paused: policy.state(of: .source(id)) == .paused)
                // Stopped while this one was being made: it stays stopped.
                guard case .simulated(let current)? = sources[id], current === old else {
                    fresh.stop()
                    continue
                }
                // One the engine held lowered had its own volume journalled; the new stream gets it,
                // whatever the server started it at, before the policy is carried out on it again.
                if let own = lost.originalVolume(of: old.sinkInputIndex) { await setOwnVolume(of: fresh, to: own) }
                restarted.append(id)
                sources.replace(fresh)
                old.stop()
            }
            let ids = restarted
            let paused = ids.filter { id in
                guard case .simulated(let source)? = sources[id] else { return false }
                return policy.state(of: .source(id)) == .paused && !source.isPaused
            }
            // The new server's streams made as the policy wants them: the journal is empty, so every duck is made anew.
            let levels = policy.levels
            handedLevels = levels
            await carryOut { await self.reconcile(levels, events: paused.map { .interruptionBegan(.source($0)) })() }
            for input in try await server.sinkInputs() { await foreignStreamAppeared(input.index) }
            serverAvailable = true
            trackBed()
            await journalSources()
            emit(.serverRestored)
            logger.notice("the sound server is back", metadata: ["sourcesStartedAgain": "\(ids.count)"])
            return true
        } catch {
            logger.debug("the sound server is not back yet", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Sets a re-created source's stream to `volume` and waits (at most 0.5 s) until the server
    /// reports it, so that what is carried out next starts from it.
    private func setOwnVolume(of source: any SimulatedSource, to volume: ChannelVolumes) async {
        let index = source.sinkInputIndex
        do {
            guard let input = try await server.sinkInput(index: index), input.volume != volume else { return }
            logger.info(
                "a source started again comes in at another volume than its own: set back",
                metadata: ["sinkInput": "\(index)", "kind": "\(source.kind.rawValue)", "volume": "\(input.volume)", "own": "\(volume)"])
            try await server.setSinkInputVolume(index: index, to: volume)
            for _ in 0..<25 {
                if try await server.sinkInput(index: index)?.volume == volume { return }
                try await Task.sleep(for: .milliseconds(20))
            }
            logger.warning("the server did not report the volume set on a source started again", metadata: ["sinkInput": "\(index)"])
        } catch {
            logger.debug("setting the own volume of a source started again failed", metadata: ["kind": "\(source.kind.rawValue)", "error": "\(error)"])
        }
    }
}
