import MPRIS

/// Another program's player that VoxNav paused over MPRIS, in the journal file: a daemon killed
/// while it held the player paused leaves it so, and the next one plays it again, if the user left
/// it as VoxNav did (`ResumeDecision`: still paused, where it was paused).
package struct PausedPlayerRecord: Codable, Equatable, Sendable {
    /// The player's bus name (`org.mpris.MediaPlayer2.…`).
    package var busName: String
    /// Where it was paused, if it tells its position.
    package var at: Double?
    /// When it was paused (seconds since 1970, the wall clock: it outlives the daemon).
    package var time: Double?
    /// The process that owned the player's bus name then: another instance under the same name is
    /// not the player VoxNav paused.
    package var processID: UInt32?

    /// How long after its pause a record is still played again: a daemon started hours later (socket
    /// activation starts it at the first client) must not start music the user has long forgotten.
    package static let replayWindow = 600.0

    /// The longest bus name D-Bus allows.
    package static let maximumBusName = 255

    /// Why the player this record names, found on the bus as `player` at wall-clock `now`, is not
    /// played again; nil when it may be (then `ResumeDecision` still asks the player itself). Only a
    /// record with its time, within `replayWindow`, with the position it paused at (without one any
    /// paused player of that name would count as untouched), for the same process.
    package func replayRefusal(now: Double, player: MPRISPlayer) -> String? {
        guard let time else { return "the record has no time: it may be from any day" }
        guard time <= now + 60 else { return "the record's time is in the future" }
        guard now - time <= Self.replayWindow else {
            // A damaged journal's time may be any number: the minutes are bounded before they are an Int.
            return "it was paused \(Int(min((now - time) / 60, 1e9))) minutes ago, more than \(Int(Self.replayWindow / 60)) minutes"
        }
        guard at != nil else { return "the record has no position to tell whether the user moved it" }
        if let processID, let now = player.processID, processID != now {
            return "another instance of the player (process \(now), not \(processID))"
        }
        return nil
    }

    /// Why this record, read from a journal, cannot be one VoxNav wrote; nil when it can.
    package var problem: String? {
        guard busName.hasPrefix(MPRISPlayer.busNamePrefix), busName.count > MPRISPlayer.busNamePrefix.count else {
            return "\(busName.prefix(60)) is not an MPRIS player's bus name"
        }
        guard busName.utf8.count <= Self.maximumBusName else { return "a bus name of \(busName.utf8.count) bytes" }
        if let at, !at.isFinite || at < 0 { return "position \(at)" }
        if let time, !time.isFinite || time < 0 { return "time \(time)" }
        return nil
    }
}
