import AudioPolicy
import CarAudio
import PulseAudio

/// Applies the arbiter's decisions to real sink inputs: ramps ducked sources down from their
/// journalled volume and back up to exactly that volume when the duck ends.
struct FocusApplier {
    let connection: PulseConnection
    let duckRamp: VolumeRamp
    let restoreRamp: VolumeRamp

    /// Brings every source to the state the arbiter wants; returns the sources it lowered.
    func apply(
        sources: [CarSource], activeSessions: [SessionConfiguration], arbiter: FocusArbiter,
        journal: inout DuckJournal
    ) async throws -> [PromptOutcome.DuckedSource] {
        var moves: [(source: CarSource, from: ChannelVolumes, to: ChannelVolumes, ramp: VolumeRamp)] = []
        var lowered: [PromptOutcome.DuckedSource] = []
        for source in sources {
            guard let input = try await connection.sinkInput(index: source.sinkInputIndex) else { continue }
            switch arbiter.state(of: source.kind, activeSessions: activeSessions) {
            case .ducked(let dB):
                journal.recordIfAbsent(input.index, input.volume)
                let target = journal.originalVolume(of: input.index)!.scaled(byDecibels: dB)
                if target != input.volume {
                    moves.append((source, input.volume, target, duckRamp))
                    lowered.append(.init(kind: source.kind, sinkInput: input.index, from: input.volume.values, to: target.values))
                }
            case .playing, .paused, .stopped:
                // Pausing and stopping come with the full policy; anything not ducked gets its own volume back.
                if let original = journal.originalVolume(of: input.index) {
                    journal.forget(input.index)
                    if original != input.volume { moves.append((source, input.volume, original, restoreRamp)) }
                }
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for move in moves {
                let connection = self.connection
                let index = move.source.sinkInputIndex
                group.addTask { try await move.ramp.run(on: connection, sinkInput: index, from: move.from, to: move.to) }
            }
            try await group.waitForAll()
        }
        return lowered
    }
}
