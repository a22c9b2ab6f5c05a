import AudioPolicy
import CarAudio
import PulseAudio

extension VoxNavEngine {
    /// The longest wait between two attempts to reach a lost server: a server that is back is found
    /// within this much (the first attempts come sooner).
    static let reconnectBackoff: (first: Double, longest: Double) = (0.05, 0.4)

    /// Follows the connection: when the server goes away, what cannot wait ends and the engine reconnects.
    func watchSoundServer() {
        connection.onDisconnect { [weak self] in
            Task { await self?.soundServerLost() }
        }
    }

    /// The server went away: prompts end with the reason, other programs' streams leave the policy,
    /// the duck journal (the dead server's volumes) is emptied, and reconnecting begins.
    func soundServerLost() async {
        guard serverAvailable else { return }
        serverAvailable = false
        logger.error("lost the sound server; reconnecting")
        var event = EngineEvent(type: "server.lost", time: now())
        event.reason = "the connection to the sound server was lost"
        emit(event)
        let reason = EngineError.serverUnavailableReason
        for client in Set(queue.waiting.map(\.client)) { cancelPrompts(client: client, reason: reason) }
        if let current = currentPrompt { cancelPrompts(client: current.client, id: current.id, reason: reason) }
        // Other programs' streams went with the server; if their programs come back, they are found anew.
        for (id, handle) in sources {
            guard case .foreign = handle else { continue }
            sources[id] = nil
            emitSource("source.ended", id, handle.kind)
            await feed(.sourceEnded(id, at: now()))
        }
        await inOrderWithBatches { await self.forgetDucks() }
        startReconnecting()
    }

    /// The volumes journalled were the dead server's; its sink input numbers mean nothing on the next one.
    private func forgetDucks() {
        journal = DuckJournal()
        applier.journalFile?.save(journal)
    }

    private func startReconnecting() {
        reconnectTask?.cancel()
        reconnectTask = Task { [weak self] in
            var delay = VoxNavEngine.reconnectBackoff.first
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int(delay * 1000)))
                guard let self, !Task.isCancelled else { return }
                if await self.tryToRestore() { return }
                delay = min(delay * 2, VoxNavEngine.reconnectBackoff.longest)
            }
        }
    }

    /// One attempt: reconnect, reopen the prompt stream, start the simulated sources again as they
    /// were (the podcast at its place), carry out again what the policy says of them now, pick up
    /// other programs' streams. False when the server is not (or no longer) there.
    private func tryToRestore() async -> Bool {
        do {
            try await connection.reconnect()
            try await promptStream.reopen()
            var restarted: [SourceID] = []
            for record in sourceRecords {
                let id = SourceID.simulated(record.kind)
                guard case .simulated(let old)? = sources[id] else { continue }
                // One the policy holds paused starts paused: no blip, no step past its place.
                let fresh = try await makeSource(
                    record.kind, record.activity, at: record.position, paused: policy.state(of: .source(id)) == .paused)
                // Stopped while this one was being made: it stays stopped.
                guard case .simulated(let current)? = sources[id], current === old else { fresh.stop(); continue }
                restarted.append(id)
                sources[id] = .simulated(fresh)
                old.stop()
            }
            let ids = restarted
            let effects = await inOrderWithBatches { await self.reapplyPolicy(to: ids) }
            for input in try await connection.sinkInputs() { await foreignStreamAppeared(input.index) }
            serverAvailable = true
            journalSources()
            emit(EngineEvent(type: "server.restored", time: now()))
            logger.notice("the sound server is back: \(ids.count) sources started again, \(effects) ducks or pauses carried out again")
            return true
        } catch {
            logger.debug("the sound server is not back yet: \(error)")
            return false
        }
    }

    /// Ducks and pauses the re-created sources as the policy's current state says (one paused since
    /// it was made is left so). Returns how many.
    private func reapplyPolicy(to ids: [SourceID]) async -> Int {
        var events: [FocusEvent] = []
        for id in ids {
            guard case .simulated(let source)? = sources[id] else { continue }
            switch policy.state(of: .source(id)) {
            case .ducked(let dB)?: events.append(.ducked(.source(id), dB: dB, ramp: 0))
            case .paused? where !source.isPaused: events.append(.interruptionBegan(.source(id)))
            default: break
            }
        }
        _ = await applyFocus(events)
        return events.count
    }
}
