import MPRIS

/// Another program's player that VoxNav paused over MPRIS, in the journal file: a daemon killed
/// while it held the player paused leaves it so, and the next one plays it again, if the user left
/// it as VoxNav did (`ResumeDecision`: still paused, where it was paused).
struct PausedPlayerRecord: Codable, Equatable, Sendable {
    /// The player's bus name (`org.mpris.MediaPlayer2.…`).
    var busName: String
    /// Where it was paused, if it tells its position.
    var at: Double?

    /// The longest bus name D-Bus allows.
    static let maximumBusName = 255

    /// Why this record, read from a journal, cannot be one VoxNav wrote; nil when it can.
    var problem: String? {
        guard busName.hasPrefix(MPRISPlayer.busNamePrefix), busName.count > MPRISPlayer.busNamePrefix.count else {
            return "\(busName.prefix(60)) is not an MPRIS player's bus name"
        }
        guard busName.utf8.count <= Self.maximumBusName else { return "a bus name of \(busName.utf8.count) bytes" }
        if let at, !at.isFinite || at < 0 { return "position \(at)" }
        return nil
    }
}
