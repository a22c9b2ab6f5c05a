import PulseAudio

/// The volume each sink input had before the engine first lowered it, so that a restore
/// returns it exactly there however many ducks overlapped (no ratcheting down).
struct DuckJournal {
    private var original: [UInt32: ChannelVolumes] = [:]

    /// Remembers `volumes` for `index` unless an earlier duck already did.
    mutating func recordIfAbsent(_ index: UInt32, _ volumes: ChannelVolumes) {
        if original[index] == nil { original[index] = volumes }
    }

    func originalVolume(of index: UInt32) -> ChannelVolumes? { original[index] }

    mutating func forget(_ index: UInt32) { original[index] = nil }

    var entries: [UInt32: ChannelVolumes] { original }
}
