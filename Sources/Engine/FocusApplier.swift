import AudioPolicy
import CarAudio
import Logging
import PulseAudio

/// Carries out the policy's focus events on real sink inputs: ducks are ramped down from the
/// journalled volume and back to exactly that volume; interruptions pause (or, for another
/// program's stream, mute) and resume; stops switch a simulated source off.
struct FocusApplier {
    let connection: PulseConnection
    let logger: Logger
    /// Where the journal is kept between daemons; nil keeps it in memory only.
    let journalFile: JournalFile?

    /// What carrying out a batch of events did, for the prompt's outcome.
    struct Effects {
        var ducked: [PromptOutcome.DuckedSource] = []
        /// Sources interrupted (paused, or muted when they are another program's).
        var paused: [SourceKind] = []
        /// Simulated sources the policy switched off, to be forgotten by the engine.
        var stopped: [SourceID] = []
    }

    func apply(_ events: [FocusEvent], sources: [SourceID: SourceHandle], journal: inout DuckJournal) async -> Effects {
        var effects = Effects()
        var ramps: [(index: UInt32, from: ChannelVolumes, to: ChannelVolumes, ramp: VolumeRamp)] = []
        for event in events {
            guard case .source(let id) = event.participant, let handle = sources[id] else { continue }
            let index = handle.sinkInputIndex
            do {
                switch event {
                case .ducked(_, let dB, let seconds):
                    guard let input = try await connection.sinkInput(index: index) else { continue }
                    journal.recordIfAbsent(index, input.volume, identity: DuckJournal.identity(of: input))
                    let target = journal.originalVolume(of: index)!.scaled(byDecibels: dB)
                    journal.noteApplied(index, target)
                    persist(journal)
                    ramps.append((index, input.volume, target, Self.ramp(seconds)))
                    effects.ducked.append(.init(kind: handle.kind, sinkInput: index, from: journal.originalVolume(of: index)!.values, to: target.values))
                case .restored(_, let seconds):
                    guard journal.originalVolume(of: index) != nil,
                          let input = try await connection.sinkInput(index: index) else { continue }
                    let target = journal.restoreTarget(of: index, current: input.volume)
                    journal.forget(index)
                    // nil: the user set a volume during the duck; it stands.
                    if let target { ramps.append((index, input.volume, target, Self.ramp(seconds))) }
                case .interruptionBegan:
                    effects.paused.append(handle.kind)
                    switch handle {
                    case .simulated(let source): await source.pause()
                    case .foreign:
                        try await mute(index, journal: &journal)
                    }
                case .interruptionEnded(_, let shouldResume):
                    switch handle {
                    case .simulated(let source):
                        if shouldResume {
                            source.resume()
                        } else {
                            // Told not to resume: it stays silent until started again, so it is switched off.
                            source.stop()
                            journal.forget(index)
                            effects.stopped.append(id)
                        }
                    case .foreign:
                        // A stream we can only mute is never left muted.
                        try await connection.requestCork(sinkInput: index, corked: false)
                        journal.noteMuted(index, false)
                    }
                case .stopped:
                    switch handle {
                    case .simulated(let source):
                        source.stop()
                        journal.forget(index)
                        effects.stopped.append(id)
                    case .foreign:
                        try await mute(index, journal: &journal)
                    }
                }
            } catch {
                // A stream that vanished meanwhile is no error; the server going away is reported elsewhere.
                logger.debug("focus event \(event) on \(id) not applied: \(error)")
            }
        }
        persist(journal)
        await withTaskGroup(of: Void.self) { group in
            for move in ramps {
                let connection = self.connection
                group.addTask { try? await move.ramp.run(on: connection, sinkInput: move.index, from: move.from, to: move.to) }
            }
        }
        return effects
    }

    /// Mutes another program's stream, journalled first so that a killed daemon's successor unmutes it.
    private func mute(_ index: UInt32, journal: inout DuckJournal) async throws {
        let identity = (try? await connection.sinkInput(index: index)).flatMap { $0 }.map(DuckJournal.identity(of:)) ?? [:]
        journal.noteMuted(index, true, identity: identity)
        persist(journal)
        try await connection.requestCork(sinkInput: index, corked: true)
    }

    private func persist(_ journal: DuckJournal) { journalFile?.save(journal) }

    /// About one step every 8 ms (at least 2 steps, at most 25).
    static func ramp(_ seconds: Double) -> VolumeRamp {
        VolumeRamp(duration: .milliseconds(Int(seconds * 1000)), steps: min(25, max(2, Int(seconds / 0.008))))
    }
}
