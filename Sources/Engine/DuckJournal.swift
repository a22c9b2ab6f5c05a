import PulseAudio

/// The volume each sink input had before the engine first lowered it, and the level the engine
/// last set, so that a restore returns it exactly to where it was however many ducks overlapped
/// (no ratcheting down), unless the user moved it meanwhile: then the user's level stands.
struct DuckJournal {
    private var original: [UInt32: ChannelVolumes] = [:]
    private var applied: [UInt32: ChannelVolumes] = [:]

    /// Remembers `volumes` for `index` unless an earlier duck already did.
    mutating func recordIfAbsent(_ index: UInt32, _ volumes: ChannelVolumes) {
        if original[index] == nil { original[index] = volumes }
    }

    /// Notes the level the engine set (the duck target), to tell the user's own changes from ours.
    mutating func noteApplied(_ index: UInt32, _ volumes: ChannelVolumes) { applied[index] = volumes }

    func originalVolume(of index: UInt32) -> ChannelVolumes? { original[index] }

    /// Where a restore should take `index` from `current`: its original volume, or nil when the user
    /// changed the volume during the duck (it is not the level the engine set) and theirs must stand.
    func restoreTarget(of index: UInt32, current: ChannelVolumes) -> ChannelVolumes? {
        guard let original = original[index] else { return nil }
        if let applied = applied[index], applied != current { return nil }
        return original
    }

    mutating func forget(_ index: UInt32) {
        original[index] = nil
        applied[index] = nil
    }

    var entries: [UInt32: ChannelVolumes] { original }
}
