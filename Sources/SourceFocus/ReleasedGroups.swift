import PulseAudio

/// The groups of streams the engine let go of lately (a lowered stream restored, or gone while
/// lowered), for a few seconds: until the server has the memory the engine wrote back
/// (`ServerMemoryKeeper`), it may still start a new stream of the group at a level the engine set.
/// A player that starts its stream again while a prompt plays does exactly that: its old stream
/// goes, and its new one comes in at the duck a moment later. Taken at that level, it would be
/// ducked a second time and "restored" to the first duck, which the server would then keep.
struct ReleasedGroups {
    private struct Released {
        /// What the server should remember for the group from the release on.
        var memory: RememberedStream
        /// The levels the engine set on the stream (its duck, where a ramp started).
        var levelsSet: [ChannelVolumes]
        var at: ContinuousClock.Instant
    }

    /// How long a release is kept: well past the keeper's last settled write (300 ms) and the
    /// server's own save after it, even on a loaded machine.
    static let hold: Duration = .seconds(5)

    private var released: [String: Released] = [:]

    /// Notes a stream's entry let go at `now`, with the memory written for its group.
    mutating func note(_ entry: DuckJournal.Entry, memory: RememberedStream, at now: ContinuousClock.Instant) {
        let levels = [entry.applied, entry.rampFrom].compactMap { $0 }
        guard !levels.isEmpty else { return }
        released = released.filter { now - $0.value.at < Self.hold }
        released[memory.name] = Released(memory: memory, levelsSet: levels, at: now)
    }

    /// What the server remembers for `group` now that the engine let a stream of it go, if lately.
    func memory(ofGroup group: String?, at now: ContinuousClock.Instant) -> RememberedStream? {
        guard let group, let entry = released[group], now - entry.at < Self.hold else { return nil }
        return entry.memory
    }

    /// A new stream of `group` arriving at `volume`: the group's remembered volume where `volume`
    /// lies between it and a level the engine set on the stream let go (the server's save of the
    /// duck, not yet overwritten); nil where it does not.
    func trueVolume(ofNewStreamIn group: String?, arrivingAt volume: ChannelVolumes, at now: ContinuousClock.Instant) -> ChannelVolumes? {
        guard let memory = memory(ofGroup: group, at: now), let own = memory.volume, own != volume,
            let entry = released[memory.name]
        else { return nil }
        return entry.levelsSet.contains { volume.lies(between: $0, and: own) } ? own : nil
    }
}
