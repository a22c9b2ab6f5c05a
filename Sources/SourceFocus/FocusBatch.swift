import AudioPolicy
import PulseAudio

/// What `FocusExecutor.reconcile` gathers while it carries a batch of focus events out, one event at a
/// time, before the ramps run together: what it did, for the prompt's outcome, the events carried
/// out, the ramps, and what each restore lets go of once its ramp is done.
package struct FocusBatch {
    /// A ramp of one stream from one level to another.
    package typealias Move = (index: UInt32, from: ChannelVolumes, to: ChannelVolumes, ramp: VolumeRamp)
    /// A restore: the level the stream has, its ramp, and the journal entry to let go once the ramp is done.
    package typealias RestoreStep = (from: ChannelVolumes, move: Move?, entry: DuckJournal.Entry?)

    /// What one event did to its stream: nothing (left as it was), or something, with the level a
    /// restore ramps it from.
    package enum Step {
        case untouched
        case touched(level: ChannelVolumes?)
    }

    package var effects = FocusExecutor.Effects()
    package var done: [FocusEvent] = []
    package var ramps: [Move] = []
    /// What the server should remember for the streams this batch let go of.
    package var released: [RememberedStream] = []
    package var touched: Set<UInt32> = []
    /// Restores whose entries go once their ramps are done: the entry before, and the level it ramped from.
    package var restoring: [(index: UInt32, entry: DuckJournal.Entry, from: ChannelVolumes)] = []

    /// Adds a restore's ramp and the entry it lets go to the batch; returns the level it ramps from.
    package mutating func take(_ step: RestoreStep?, of index: UInt32) -> ChannelVolumes? {
        guard let step else { return nil }
        if let move = step.move { ramps.append(move) }
        if let entry = step.entry { restoring.append((index, entry, step.from)) }
        return step.from
    }
}
