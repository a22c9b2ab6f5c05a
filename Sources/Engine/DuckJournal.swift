import PulseAudio

/// What the engine did to each sink input, so that it can be undone exactly: the volume before the
/// first duck, the level the engine last set, and whether the engine muted it. A restore returns a
/// stream to where it was however many ducks overlapped (no ratcheting down), unless the user moved
/// it meanwhile: then the user's level stands. Codable: it is written to disk before every change,
/// so that a daemon killed with SIGKILL can be undone by the next one.
struct DuckJournal: Codable, Equatable {
    struct Entry: Codable, Equatable {
        var original: ChannelVolumes?
        var applied: ChannelVolumes?
        var muted = false
        /// Properties that tell this stream from another with the same index on a restarted server.
        var identity: [String: String] = [:]
    }

    private(set) var streams: [UInt32: Entry] = [:]

    /// The properties worth checking before touching a stream again.
    static func identity(of input: SinkInput) -> [String: String] {
        input.properties.filter { ["application.process.id", "application.name", "media.name"].contains($0.key) }
    }

    /// Remembers `volumes` for `index` unless an earlier duck already did.
    mutating func recordIfAbsent(_ index: UInt32, _ volumes: ChannelVolumes, identity: [String: String] = [:]) {
        if streams[index]?.original == nil {
            streams[index, default: Entry(identity: identity)].original = volumes
        }
    }

    /// Notes the level the engine set (the duck target), to tell the user's own changes from ours.
    mutating func noteApplied(_ index: UInt32, _ volumes: ChannelVolumes) { streams[index]?.applied = volumes }

    /// Notes that the engine muted (or unmuted) another program's stream.
    mutating func noteMuted(_ index: UInt32, _ muted: Bool, identity: [String: String] = [:]) {
        if muted {
            streams[index, default: Entry(identity: identity)].muted = true
        } else if streams[index] != nil {
            streams[index]!.muted = false
            if streams[index]!.original == nil { streams[index] = nil }
        }
    }

    func originalVolume(of index: UInt32) -> ChannelVolumes? { streams[index]?.original }

    /// Where a restore should take `index` from `current`: its original volume, or nil when the user
    /// changed the volume during the duck (it is not the level the engine set) and theirs must stand.
    func restoreTarget(of index: UInt32, current: ChannelVolumes) -> ChannelVolumes? {
        guard let entry = streams[index], let original = entry.original else { return nil }
        if let applied = entry.applied, applied != current { return nil }
        return original
    }

    /// Forgets the volume part (the duck is over); a mute is kept until it is lifted.
    mutating func forget(_ index: UInt32) {
        guard streams[index] != nil else { return }
        if streams[index]!.muted {
            streams[index]!.original = nil
            streams[index]!.applied = nil
        } else {
            streams[index] = nil
        }
    }

    mutating func forgetAll(_ index: UInt32) { streams[index] = nil }

    var isEmpty: Bool { streams.isEmpty }
}
