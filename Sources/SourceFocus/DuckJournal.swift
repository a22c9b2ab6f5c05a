import PulseAudio

/// What the engine did to each sink input, so that it can be undone exactly: the volume before the
/// first duck, the level the engine last set, and whether the engine muted it. A restore returns a
/// stream to where it was however many ducks overlapped (no ratcheting down), unless the user moved
/// it meanwhile: then the user's level stands. Codable: it is written to disk before every change,
/// so that a daemon killed with SIGKILL can be undone by the next one. It also keeps what the server
/// remembered for the stream's group before the first change (`RememberedStream`), so that the
/// server's memory can be held at that while the stream is lowered and set right afterwards.
package struct DuckJournal: Codable, Equatable {
    package struct Entry: Codable, Equatable {
        package var original: ChannelVolumes?
        /// The level the engine set last, or is ramping to now.
        package var applied: ChannelVolumes?
        /// While a ramp runs: the level it started from (it goes to `applied`), so that a stream
        /// found between the two is known to be ours, mid-ramp, and not the user's own change.
        package var rampFrom: ChannelVolumes?
        package var muted = false
        /// Properties that tell this stream from another with the same index on a restarted server.
        package var identity: [String: String] = [:]
        /// What the server remembered for the stream's group before the engine first changed it;
        /// nil where the server remembers nothing (no stream-restore).
        package var remembered: RememberedStream?

        /// Where a restore should take the stream from `current`: its original volume, or nil when
        /// the user changed the volume during the duck (it is not the level the engine set).
        package func restoreTarget(current: ChannelVolumes) -> ChannelVolumes? {
            guard let original else { return nil }
            guard let applied, applied != current else { return original }
            // Found mid-ramp (the daemon was killed during it): ours, not the user's.
            if let rampFrom, current.lies(between: rampFrom, and: applied) { return original }
            return nil
        }

        /// Why this entry, read from a journal, cannot be one VoxNav wrote (volumes PulseAudio would
        /// refuse, or that would trap on their way to it); nil when it can.
        package var problem: String? {
            for (name, volumes) in [("original", original), ("applied", applied), ("ramp start", rampFrom), ("remembered volume", remembered?.volume)] {
                if let problem = volumes?.problem { return "\(name): \(problem)" }
            }
            if let original, let applied, original.values.count != applied.values.count {
                return "original and applied volumes have \(original.values.count) and \(applied.values.count) channels"
            }
            if let remembered, remembered.channelMap.count > ChannelVolumes.maximumChannels {
                return "remembered channel map of \(remembered.channelMap.count) channels"
            }
            return nil
        }

        /// `restoreTarget`, for a journal read from disk (whoever can write next to the socket can
        /// write one): never louder than VoxNav itself could have made the stream. A restore
        /// happens only when the stream is still at `applied`, the duck VoxNav set, which is its
        /// original lowered by at most `deepestDuckDB` (the deepest duck the policy can ask for);
        /// so the original was at most `current` raised by that much (0.1 dB more for rounding).
        /// And never above `PA_VOLUME_UI_MAX` (+11 dB, 153 %), the loudest a mixer offers. A target
        /// of another channel count than the stream's is not this stream's and is not applied.
        package func boundedRestoreTarget(current: ChannelVolumes, deepestDuckDB: Double) -> ChannelVolumes? {
            guard let target = restoreTarget(current: current), target.values.count == current.values.count else { return nil }
            let bound = current.scaled(byDecibels: -min(0, deepestDuckDB) + 0.1)
            return target.limited(by: bound, ceiling: ChannelVolumes.uiMaximum)
        }

        /// Whether a stream found at `volume` and `muted` is as the engine left it: the server's
        /// memory is held only then (not mid-ramp, and not after the user's own change).
        package func isAsLeft(volume: ChannelVolumes, muted: Bool) -> Bool {
            (applied.map { $0 == volume } ?? true) && (!self.muted || muted)
        }

        /// What the server should remember for the stream's group once the engine lets go of it
        /// (`current`: the stream's volume then, nil when it is gone): what it remembered before,
        /// but the volume the user set during the duck if they set one; a user's change is theirs.
        package func memoryAfterRelease(current: ChannelVolumes?) -> RememberedStream? {
            guard var remembered else { return nil }
            if let current, original != nil, restoreTarget(current: current) == nil { remembered.volume = current }
            return remembered
        }
    }

    package private(set) var streams: [UInt32: Entry] = [:]

    package init() {}

    /// A journal of these entries (those of a journal read from disk that passed the checks).
    package init(streams: [UInt32: Entry]) { self.streams = streams }

    /// The properties worth checking before touching a stream again.
    package static func identity(of input: SinkInput) -> [String: String] {
        input.properties.filter { ["application.process.id", "application.name", "media.name"].contains($0.key) }
    }

    /// Remembers `volumes` for `index` unless an earlier duck already did.
    package mutating func recordIfAbsent(_ index: UInt32, _ volumes: ChannelVolumes, identity: [String: String] = [:]) {
        if streams[index]?.original == nil {
            streams[index, default: Entry(identity: identity)].original = volumes
        }
    }

    /// Keeps what the server remembered for `index` before the first change (an earlier one stands).
    package mutating func remember(_ index: UInt32, _ remembered: RememberedStream?) {
        guard let remembered, streams[index] != nil, streams[index]!.remembered == nil else { return }
        streams[index]!.remembered = remembered
    }

    /// What the server remembered, before the engine's change, for a group it holds a stream of.
    package func heldMemory(ofGroup group: String?) -> RememberedStream? {
        guard let group else { return nil }
        return streams.values.lazy.compactMap(\.remembered).first { $0.name == group }
    }

    /// The volume a new stream of a group the engine holds lowered really has. The server starts a
    /// new stream at the volume it remembers for its group, and until the engine has written that
    /// memory back over the server's own save of a duck (`ServerMemoryKeeper`), it remembers a
    /// level the engine set: a stream that comes in at such a level (between a sibling's duck
    /// target and the group's remembered volume) has the remembered volume as its own.
    package func trueVolume(ofNewStreamIn group: String?, arrivingAt volume: ChannelVolumes) -> ChannelVolumes {
        guard let group else { return volume }
        for entry in streams.values {
            guard let remembered = entry.remembered, remembered.name == group, let own = remembered.volume,
                let applied = entry.applied, own.values.count == volume.values.count,
                applied.values.count == volume.values.count, own != volume
            else { continue }
            let ours = zip(volume.values, zip(applied.values, own.values)).allSatisfy { value, bounds in
                value >= min(bounds.0, bounds.1) && value <= max(bounds.0, bounds.1)
            }
            if ours { return own }
        }
        return volume
    }

    /// What the server remembered for every stream the engine holds lowered or muted.
    package var rememberedWhileHeld: [RememberedStream] { streams.values.compactMap(\.remembered) }

    /// Notes the level the engine set (the duck target), to tell the user's own changes from ours;
    /// `from`: a ramp there begins at that level (journalled before it starts, see `rampDone`).
    package mutating func noteApplied(_ index: UInt32, _ volumes: ChannelVolumes, rampingFrom from: ChannelVolumes? = nil) {
        streams[index]?.applied = volumes
        streams[index]?.rampFrom = from
    }

    /// A restore ramp begins: the entry stays, ramping from `current` back to `target`, until
    /// `forget` once the ramp is done, so that a daemon killed during it is undone by the next one.
    package mutating func noteRestoring(_ index: UInt32, from current: ChannelVolumes, to target: ChannelVolumes) {
        streams[index]?.applied = target
        streams[index]?.rampFrom = current
    }

    /// The ramp to the applied level is done: only that level is ours now.
    package mutating func rampDone(_ index: UInt32) { streams[index]?.rampFrom = nil }

    /// Notes that the engine muted (or unmuted) another program's stream.
    package mutating func noteMuted(_ index: UInt32, _ muted: Bool, identity: [String: String] = [:]) {
        if muted {
            streams[index, default: Entry(identity: identity)].muted = true
        } else if streams[index] != nil {
            streams[index]!.muted = false
            if streams[index]!.original == nil { streams[index] = nil }
        }
    }

    package func originalVolume(of index: UInt32) -> ChannelVolumes? { streams[index]?.original }

    /// Where a restore should take `index` from `current`: its original volume, or nil when the user
    /// changed the volume during the duck (it is not the level the engine set) and theirs must stand.
    package func restoreTarget(of index: UInt32, current: ChannelVolumes) -> ChannelVolumes? {
        streams[index]?.restoreTarget(current: current)
    }

    /// Forgets the volume part (the duck is over); a mute is kept until it is lifted.
    package mutating func forget(_ index: UInt32) {
        guard streams[index] != nil else { return }
        if streams[index]!.muted {
            streams[index]!.original = nil
            streams[index]!.applied = nil
        } else {
            streams[index] = nil
        }
    }

    /// Drops everything journalled of a stream, its mute too (the stream is gone).
    package mutating func forgetAll(_ index: UInt32) { streams[index] = nil }

    package var isEmpty: Bool { streams.isEmpty }
}
