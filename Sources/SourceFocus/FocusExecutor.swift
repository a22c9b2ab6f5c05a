import AsyncSupport
import AudioPolicy
import CarAudio
import Logging
import MPRIS
import PulseAudio
import RPC

/// Carries out the policy's focus events on real sink inputs, and owns what that changed: the duck
/// journal and the journal file. Ducks are ramped down from the journalled volume and back to
/// exactly that volume; interruptions pause (or, for another program's stream, mute) and resume;
/// stops switch a simulated source off. What the server remembers for each stream's group is held
/// at what it was before (`ServerMemoryKeeper`). The engine hands it one batch at a time.
package actor FocusExecutor {
    /// The server the streams are on: the real connection, or an in-memory one in tests.
    package let connection: any StreamVolumeControl
    package let logger: Logger
    /// The journal file, and its failures told.
    private var journalWriter: JournalWriter
    /// Keeps the server's memory of the groups it changes; its writer runs in the engine's `run()`.
    package nonisolated let memory: ServerMemoryKeeper
    /// Other programs' players, paused and played through MPRIS where one plays the stream.
    package let players: ForeignPlayers
    /// The deepest duck the policy can ask for (dB): what bounds a journalled restore (`undo`).
    private let deepestDuckDB: Double
    /// The streams lowered or muted now, each with its own volume.
    package private(set) var journal = DuckJournal()
    /// The groups of streams let go of lately, for a new stream of theirs that comes in at a duck.
    private var releasedGroups = ReleasedGroups()
    /// The batch whose ramps are under way, until `settle`: the ramps' answers, and what it lets go
    /// of once they are answered. One at a time: the lane settles a batch before its next job.
    private var underWay: (answers: [OneShot<(any Error)?>], batch: FocusBatch)?
    /// False on the virtual clock: prompts make no sound there, so a duck or a restore is set at
    /// once instead of ramped over wall time (a long drive has thousands; the simulated moments and
    /// the levels are the same).
    private let rampsTakeTime: Bool

    package init(
        connection: any StreamVolumeControl, logger: Logger, journalFile: JournalFile?, deepestDuckDB: Double, players: MPRISPlayers?,
        tell: @escaping @Sendable (EngineEvent) -> Void, rampsTakeTime: Bool = true,
        memorySettle: [Duration] = ServerMemoryKeeper.defaultSettle
    ) {
        self.connection = connection
        self.players = ForeignPlayers(players: players, logger: logger)
        self.rampsTakeTime = rampsTakeTime
        self.deepestDuckDB = deepestDuckDB
        self.logger = logger
        journalWriter = JournalWriter(file: journalFile, logger: logger, tell: tell)
        memory = ServerMemoryKeeper(connection: connection, logger: logger, settle: memorySettle)
    }

    /// What carrying out a batch of events did, for the prompt's outcome.
    package struct Effects: Sendable {
        package var ducked: [PromptOutcome.DuckedSource] = []
        /// Sources interrupted (paused, or muted when they are another program's).
        package var paused: [SourceKind] = []
        /// Simulated sources the policy switched off, to be forgotten by the engine.
        package var stopped: [SourceID] = []
        /// How each of other programs' streams was interrupted or let go (paused through its player, or muted).
        package var handled: [(source: SourceID, ForeignPlayers.Handled)] = []
        /// A level not reached (another program's stream left at its own while the journal cannot be
        /// written): the next reconciliation tries again, whatever its input.
        package var behind = false
        /// Told once the ramps have sent their last steps: a prompt's uncork waits for it
        /// (`PlaybackStream.play(_:after:)`), so its first sample is heard over the duck.
        package var rampsSent = RampsSent.already

        package init() {}
    }

    /// Makes the streams as the policy wants them, as planned before anything is done (`FocusPlan`):
    /// its events that are edges (an interruption, its end, a stop) carried out in its order, then
    /// each stream ducked or restored where its level (`levels`) differs from what the journal says
    /// is done. A duck not carried
    /// out before (another program's stream while the journal could not be written) is carried out
    /// by the next reconciliation that can; a level already held is left alone. A level event of
    /// the policy's names the ramp its move takes (a source resumed into a duck is ducked at once);
    /// a level with no event of its own (a deeper duck, a source started again) ramps at its own time.
    ///
    /// Returns once the ramps are done (the levels are heard), with what the server should be told
    /// to remember for the groups touched: `remember` writes it, after the answer.
    ///
    /// - Parameter voxNavDucks: false where the server ducks by role itself (`ServerRolePolicy`):
    ///   ducks are left to it, and so are their restores (nothing was journalled).
    /// - Parameter carriedOut: given the policy's events carried out (or left to the server), before
    ///   the ramps run: those not carried out (another program's stream while the journal cannot be
    ///   written, a restore of a stream never ducked, a stream gone) are left out, and a duck left
    ///   undone before and made now is told as the policy decided it.
    ///
    /// Returns once the ramps are under way, with what it did: a prompt's first sample waits for
    /// their last steps to be sent (`Effects.rampsSent`), not for the server's answers. `settle`
    /// then waits for those, lets go of what was restored and writes the server's memory: the
    /// engine's lane runs it before its next job.
    package func reconcile(
        _ levels: [SourceID: SourceLevel], events: [FocusEvent], sources: [SourceID: SourceHandle], voxNavDucks: Bool = true,
        carriedOut: @Sendable ([FocusEvent]) -> Void = { _ in }
    ) async -> Effects {
        // One batch's ramps at a time: one not settled yet (a caller that did not) is first.
        await settle()
        var batch = FocusBatch()
        let plan = FocusPlan(levels: levels, events: events, sources: sources, journal: journal, voxNavDucks: voxNavDucks)
        for event in plan.edges + plan.moves { await carry(event, sources: sources, voxNavDucks: voxNavDucks, into: &batch) }
        persist(journal)
        carriedOut(plan.told(done: batch.done, journal: journal))
        var effects = batch.effects
        effects.rampsSent = RampsSent(count: batch.ramps.count)
        var answers: [OneShot<(any Error)?>] = []
        for move in batch.ramps {
            answers.append(await move.ramp.begin(on: connection, sinkInput: move.index, from: move.from, to: move.to, sent: effects.rampsSent))
        }
        // Behind or not as the journal will be once the restores are let go.
        effects.behind = plan.isBehind(after: batch.restoring.reduce(into: journal) { $0.forget($1.index) })
        underWay = (answers, batch)
        return effects
    }

    /// After a reconciliation's answer, once its ramps are answered: a duck's level alone is ours
    /// then, and a restored stream is let go; the journal is written as they left it (a kill before
    /// this write is undone as well: a stream at the level the journal says it ramps to is ours),
    /// and what the server should remember for the groups touched: for each stream held, and each
    /// let go, what it remembered before. Nothing when no batch is under way (settled already).
    package func settle() async {
        guard let (answers, batch) = underWay else { return }
        underWay = nil
        for answer in answers { _ = await answer.value }
        var released = batch.released
        for move in batch.ramps { journal.rampDone(move.index) }
        for restore in batch.restoring {
            journal.forget(restore.index)
            if journal.streams[restore.index] == nil, let memory = restore.entry.memoryAfterRelease(current: restore.from) {
                released.append(memory)
                releasedGroups.note(restore.entry, memory: memory, at: .now)
            }
        }
        let held = batch.touched.compactMap { journal.streams[$0]?.remembered }
        persist(journal)
        await memory.keep(held + released)
    }

    /// One event carried out, what it did added to `batch`.
    private func carry(_ event: FocusEvent, sources: [SourceID: SourceHandle], voxNavDucks: Bool, into batch: inout FocusBatch) async {
        guard case .source(let id) = event.participant, let handle = sources[id] else { return }
        let index = handle.sinkInputIndex
        let before = journal.streams[index]
        let step: FocusBatch.Step
        do {
            step = try await carryOut(event, of: id, handle, voxNavDucks: voxNavDucks, into: &batch)
        } catch {
            // A stream that vanished meanwhile is no error; the server going away is reported elsewhere.
            logger.debug("focus event not applied", metadata: ["event": "\(event)", "source": "\(id)", "error": "\(error)"])
            step = .touched(level: nil)
        }
        guard case .touched(let current) = step else { return }
        batch.touched.insert(index)
        if let before, journal.streams[index] == nil, let memory = before.memoryAfterRelease(current: current) {
            batch.released.append(memory)
        }
    }

    /// One event of a batch carried out on its stream, its ramps and restores added to `batch`.
    private func carryOut(
        _ event: FocusEvent, of id: SourceID, _ handle: SourceHandle, voxNavDucks: Bool, into batch: inout FocusBatch
    ) async throws -> FocusBatch.Step {
        let index = handle.sinkInputIndex
        switch event {
        case .ducked(_, let dB, let seconds):
            guard voxNavDucks else {
                logger.debug("duck left to the server's role policy", metadata: ["source": "\(id)", "dB": "\(dB)"])
                batch.done.append(event)
                return .untouched
            }
            return try await duck(event, of: handle, by: dB, over: seconds, into: &batch)
        case .restored(_, let seconds):
            let current = batch.take(try await restoreStep(index, over: seconds), of: index)
            // Nothing to restore (never ducked) is no restore, unless the server ducked by role.
            if current != nil || !voxNavDucks { batch.done.append(event) }
            return .touched(level: current)
        case .interruptionBegan:
            return try await interrupt(event, of: id, handle, into: &batch)
        case .interruptionEnded(_, let shouldResume):
            try await endInterruption(event, of: id, handle, resume: shouldResume, into: &batch)
        case .stopped:
            switch handle {
            case .simulated(let source):
                source.stop()
                journal.forget(index)
                batch.effects.stopped.append(id)
                batch.done.append(event)
            case .foreign:
                guard journalProblem == nil else { break }
                try await mute(index)
                batch.done.append(event)
            }
        }
        return .touched(level: nil)
    }

    /// A duck: the stream's own volume journalled (and what the server remembers for its group),
    /// then its ramp down added to the batch. Another program's stream is left at its level while
    /// the journal cannot be written.
    private func duck(
        _ event: FocusEvent, of handle: SourceHandle, by dB: Double, over seconds: Double, into batch: inout FocusBatch
    ) async throws -> FocusBatch.Step {
        let index = handle.sinkInputIndex
        let before = journal.streams[index]
        // As the server's events told it, where they have: no request comes before the ramp.
        var known = connection.knownSinkInput(index: index)
        if known == nil { known = try await connection.sinkInput(index: index) }
        guard let input = known else { return .untouched }
        let remembered = await memoryBeforeFirstChange(of: input)
        let own = before == nil ? trueVolume(ofNewStream: input) : input.volume
        let kept = journal
        journal.recordIfAbsent(index, own, identity: DuckJournal.identity(of: input))
        journal.remember(index, remembered)
        let target = journal.originalVolume(of: index)!.scaled(byDecibels: dB)
        journal.noteApplied(index, target, rampingFrom: input.volume)
        persist(journal)
        if case .foreign = handle, before == nil, let why = journalProblem {
            // No journal, no duck: a daemon killed now would leave another program's stream
            // lowered for good. It mixes with the prompt until a journal write succeeds.
            journal = kept
            logger.info("another program's stream is not ducked: the journal cannot be written", metadata: ["sinkInput": "\(index)", "why": "\(why)"])
            return .untouched
        }
        batch.ramps.append((index, input.volume, target, ramp(seconds)))
        batch.done.append(event)
        batch.effects.ducked.append(.init(kind: handle.kind, sinkInput: index, from: journal.originalVolume(of: index)!.values, to: target.values))
        return .touched(level: nil)
    }

    /// An interruption: a simulated source paused; another program's stream paused by its player
    /// where one plays it (it resumes where it was), else muted. A ducked source paused is let go
    /// at its own level, unheard: when it plays again it is at that level, or ducked anew if a
    /// prompt still plays then (the policy says which).
    private func interrupt(_ event: FocusEvent, of id: SourceID, _ handle: SourceHandle, into batch: inout FocusBatch) async throws -> FocusBatch.Step {
        let index = handle.sinkInputIndex
        if case .foreign = handle, let why = journalProblem {
            // Neither paused nor muted without a journal (nothing would undo it after a kill).
            logger.info("another program's stream is not interrupted: the journal cannot be written", metadata: ["sinkInput": "\(index)", "why": "\(why)"])
            return .untouched
        }
        batch.effects.paused.append(handle.kind)
        switch handle {
        case .simulated(let source): await source.pause()
        case .foreign:
            let properties = try await connection.sinkInput(index: index)?.properties ?? [:]
            let handled = await players.pause(sinkInput: index, properties: properties)
            if handled.handling == .muted { try await mute(index) }
            if handled.handling == .paused { await persistPlayers() }
            batch.effects.handled.append((id, handled))
        }
        batch.done.append(event)
        // Its level is let go by the reconciliation's level pass (a paused source is wanted at its own, at once).
        return .touched(level: nil)
    }

    /// An interruption's end: a simulated source resumed, or switched off when told not to resume;
    /// another program's stream played again by its player, or unmuted.
    private func endInterruption(
        _ event: FocusEvent, of id: SourceID, _ handle: SourceHandle, resume shouldResume: Bool, into batch: inout FocusBatch
    ) async throws {
        let index = handle.sinkInputIndex
        switch handle {
        case .simulated(let source):
            batch.done.append(event)
            if shouldResume {
                source.resume()
            } else {
                // Told not to resume: it stays silent until started again, so it is switched off.
                source.stop()
                journal.forget(index)
                batch.effects.stopped.append(id)
            }
        case .foreign:
            if let handled = await players.resume(sinkInput: index, shouldResume: shouldResume) {
                await persistPlayers()
                batch.effects.handled.append((id, handled))
                batch.done.append(event)
            } else {
                // A stream we can only mute is never left muted; one never muted (the journal
                // could not be written) is not told unmuted.
                let wasMuted = journal.streams[index]?.muted == true
                try await connection.setSinkInputMute(index: index, muted: false)
                journal.noteMuted(index, false)
                guard wasMuted else { return }
                batch.effects.handled.append((id, ForeignPlayers.Handled(handling: .unmuted)))
                batch.done.append(event)
            }
        }
    }

    /// What takes a journalled stream back to its own level over `seconds`: the level it has, the ramp
    /// (none when the user set a level during the duck: it stands, and the entry is forgotten now) and
    /// the entry to forget once the ramp is done. Nil when nothing of the stream was journalled.
    private func restoreStep(_ index: UInt32, over seconds: Double) async throws -> FocusBatch.RestoreStep? {
        guard journal.originalVolume(of: index) != nil, let input = try await connection.sinkInput(index: index) else { return nil }
        guard let target = journal.restoreTarget(of: index, current: input.volume), let entry = journal.streams[index] else {
            journal.forget(index)
            return (input.volume, nil, nil)
        }
        // Journalled before the ramp and forgotten after it: a kill in between is undone.
        journal.noteRestoring(index, from: input.volume, to: target)
        return (input.volume, (index, input.volume, target, ramp(seconds)), entry)
    }

    /// Undoes everything `journal` records, as a clean shutdown does and as the next daemon does
    /// after a killed one: volumes back to their journalled level (unless the user changed them),
    /// mutes lifted, on the streams that are still there and still the same; and what the server
    /// remembers for each stream's group set back to what it remembered before. A journal may come
    /// from disk, where others than VoxNav might have written it: no volume is set louder than
    /// VoxNav could have made it (`DuckJournal.Entry.boundedRestoreTarget`), nor remembered louder
    /// than `PA_VOLUME_UI_MAX`.
    package func undo(_ journal: DuckJournal) async {
        var memories: [RememberedStream] = []
        for (index, entry) in journal.streams {
            guard let input = try? await connection.sinkInput(index: index),
                entry.identity.allSatisfy({ input.properties[$0.key] == $0.value })
            else {
                // Gone (or another stream now): only the server's memory of it is left to set right.
                if let memory = entry.memoryAfterRelease(current: nil) { memories.append(memory) }
                continue
            }
            if let target = entry.boundedRestoreTarget(current: input.volume, deepestDuckDB: deepestDuckDB) {
                if let original = entry.original, target != original {
                    logger.warning(
                        "a journalled volume is louder than VoxNav could have set: restored to the most it could have",
                        metadata: ["sinkInput": "\(index)", "journalled": "\(original)", "restored": "\(target)", "current": "\(input.volume)"])
                }
                try? await connection.setSinkInputVolume(index: index, to: target)
            }
            if entry.muted { try? await connection.setSinkInputMute(index: index, muted: false) }
            if let memory = entry.memoryAfterRelease(current: input.volume) { memories.append(memory) }
        }
        await memory.keep(
            memories.map { memory in
                var memory = memory
                memory.volume = memory.volume.map { $0.limited(by: nil, ceiling: ChannelVolumes.uiMaximum) }
                return memory
            })
        await memory.flush()
    }

    /// Pauses another program's stream the only way a client can: by muting it, journalled first so
    /// that a killed daemon's successor unmutes it. It falls silent but
    /// keeps playing (its position advances), as module-role-cork does beside its event. A client
    /// cannot cork a stream it does not own, and the "request-cork" stream event
    /// (`PA_STREAM_EVENT_REQUEST_CORK`) can be sent only from inside the server
    /// (`pa_sink_input_send_event`); `pa_context_send_message_to_object` reaches only registered
    /// handlers, none of them for sink inputs.
    private func mute(_ index: UInt32) async throws {
        let input = (try? await connection.sinkInput(index: index)).flatMap { $0 }
        var remembered: RememberedStream?
        if let input { remembered = await memoryBeforeFirstChange(of: input) }
        journal.noteMuted(index, true, identity: input.map(DuckJournal.identity(of:)) ?? [:])
        journal.remember(index, remembered)
        persist(journal)
        try await connection.setSinkInputMute(index: index, muted: true)
    }

    /// What the server remembered for the stream's group before the engine first changed a stream
    /// of it: held in the journal already (another stream of the group is lowered), or read from the
    /// server. Nil when this stream's entry has it already, or the server remembers nothing.
    private func memoryBeforeFirstChange(of input: SinkInput) async -> RememberedStream? {
        guard journal.streams[input.index]?.remembered == nil, !memory.remembersNothing else { return nil }
        if let held = journal.heldMemory(ofGroup: input.restoreGroup) ?? releasedGroups.memory(ofGroup: input.restoreGroup, at: .now) {
            return held
        }
        return await memory.memory(of: input)
    }

    /// The volume a stream first lowered now really has: where it came in at a level the engine set
    /// on a sibling (held lowered, or let go of lately), the group's remembered volume.
    private func trueVolume(ofNewStream input: SinkInput) -> ChannelVolumes {
        let group = input.restoreGroup
        return releasedGroups.trueVolume(ofNewStreamIn: group, arrivingAt: input.volume, at: .now)
            ?? journal.trueVolume(ofNewStreamIn: group, arrivingAt: input.volume)
    }

    private func persist(_ journal: DuckJournal) { write { $0.save(journal) } }

    /// Writes the journal file, unless the sound server was given up (`PulseConnection.abandon`).
    private func write(_ change: (inout JournalFile) -> JournalFile.WriteReport?) {
        journalWriter.write(abandoned: connection.isAbandoned, change)
    }

    /// Why the journal cannot be written now, if it cannot: other programs' streams are then left as
    /// they are (not ducked, paused or muted) until a write succeeds again.
    package var journalProblem: String? { journalWriter.problem }

    /// Notes the players VoxNav holds paused in the journal file.
    private func persistPlayers() async {
        let records = await players.records
        write { $0.save(players: records) }
    }

    /// Plays again the players a killed daemon left paused, where the user left them so.
    package func resumeLeftPlayers(_ records: [PausedPlayerRecord]) async {
        for (busName, outcome) in await players.resumeLeft(records) {
            logger.notice("a player a previous daemon paused", metadata: ["player": "\(busName)", "outcome": "\(outcome)"])
        }
    }

    /// Connected again after the server went away (`forgetAll` gave `lost`): what the server
    /// remembers is read anew, and the groups of the streams held when it went are set back to
    /// what they remembered before (a server that keeps its memory on disk may still hold a duck).
    package func reconnected(lost: DuckJournal) async {
        await memory.serverChanged()
        await memory.keep(lost.streams.values.compactMap { $0.memoryAfterRelease(current: nil) })
    }

    /// Undoes everything journalled now (a clean shutdown) and empties the journal.
    package func undoAll() async {
        await undo(journal)
        journal = DuckJournal()
        persist(journal)
    }

    /// The sound server went away: the volumes journalled were its; its sink input numbers mean
    /// nothing on the next one. Returns the journal as it was (the sources' own volumes, what the
    /// server remembered) and empties it.
    package func forgetAll() async -> DuckJournal {
        await players.forgetAll()
        await persistPlayers()
        let lost = journal
        journal = DuckJournal()
        persist(journal)
        return lost
    }

    /// A stream held lowered or muted has gone: its entry goes, and what the server should remember
    /// for its group from now on is written.
    package func streamGone(_ index: UInt32) async {
        await players.forget(index)
        await persistPlayers()
        guard let entry = journal.streams[index] else { return }
        journal.forgetAll(index)
        persist(journal)
        guard let memory = entry.memoryAfterRelease(current: nil) else { return }
        releasedGroups.note(entry, memory: memory, at: .now)
        await self.memory.keep([memory])
    }

    /// A stream held lowered or muted changed (its program corked it, say), and a desktop server
    /// saves its volume again on any change: the memory of its group is written back.
    package func holdServerMemory(_ index: UInt32) async {
        guard let entry = journal.streams[index], let remembered = entry.remembered,
            let input = try? await connection.sinkInput(index: index),
            entry.isAsLeft(volume: input.volume, muted: input.muted)
        else { return }
        await memory.keep([remembered])
    }

    /// Unmutes another program's stream that its user played again (see
    /// `VoxNavEngine.foreignStreamCorkChanged`); a stream no longer held releases its group's memory.
    package func unmute(_ index: UInt32, volume: ChannelVolumes) async {
        do {
            try await connection.setSinkInputMute(index: index, muted: false)
        } catch {
            logger.debug("unmuting a stream failed", metadata: ["sinkInput": "\(index)", "error": "\(error)"])
        }
        let released = journal.streams[index]
        journal.noteMuted(index, false)
        persist(journal)
        if journal.streams[index] == nil, let memory = released?.memoryAfterRelease(current: volume) {
            await self.memory.keep([memory])
        }
    }

    /// How another program's stream is held now: paused through its player, or muted; nil: neither.
    package func interruption(of index: UInt32) async -> (handling: ForeignHandling, player: String?)? {
        if let paused = await players.paused[index] {
            return (paused.byVoxNav ? .paused : .alreadyPaused, paused.player.busName)
        }
        return journal.streams[index]?.muted == true ? (.muted, nil) : nil
    }

    /// Whether the stream is lowered or muted now.
    package func holds(_ index: UInt32) -> Bool { journal.streams[index] != nil }

    /// Notes the simulated sources in the journal file.
    package func save(sources: [SimulatedSourceRecord]) { write { $0.save(sources: sources) } }

    /// What a previous daemon left in the journal file, taken off the disk (and where a bad one was moved).
    package func takeOver() -> (found: JournalFile.Found, movedTo: String?) { journalWriter.takeOver() }

    /// About one step every 8 ms (at least 2 steps, at most 25); one step at once where ramps take no time.
    package func ramp(_ seconds: Double) -> VolumeRamp {
        guard rampsTakeTime else { return VolumeRamp(duration: .zero, steps: 1) }
        return VolumeRamp(duration: .milliseconds(Int(seconds * 1000)), steps: min(25, max(2, Int(seconds / 0.008))))
    }
}
