import Foundation
import MPRIS
import Testing

@testable import Engine
@testable import SourceFocus

/// The players VoxNav holds paused over MPRIS, in the journal file: written and read back, and a
/// record no daemon would have written left out with its reason, the rest kept.
@Suite struct PausedPlayerJournalTests {
    @Test func pausedPlayersAreWrittenAndReadBack() throws {
        var contents = JournalFile.Contents()
        contents.players = [
            PausedPlayerRecord(busName: "org.mpris.MediaPlayer2.mpv", at: 12.5, time: 1_795_000_000, processID: 4242),
            PausedPlayerRecord(busName: "org.mpris.MediaPlayer2.vlc.instance42", at: nil),
        ]
        #expect(!contents.isEmpty)
        let data = try JSONEncoder().encode(contents)
        guard case .journal(let read, let problems) = JournalFile.decode(data) else {
            Issue.record("not read back: \(String(decoding: data, as: UTF8.self))")
            return
        }
        #expect(problems.isEmpty)
        #expect(read.players == contents.players)
    }

    @Test(arguments: [
        (#"{"busName":"org.freedesktop.DBus","at":1}"#, "not an MPRIS player's bus name"),
        (#"{"busName":"org.mpris.MediaPlayer2.","at":1}"#, "not an MPRIS player's bus name"),
        (#"{"busName":"org.mpris.MediaPlayer2.mpv","at":-3}"#, "position -3"),
        (#"{"busName":"org.mpris.MediaPlayer2.\#(String(repeating: "x", count: 300))"}"#, "a bus name of"),
        (#"{"at":1}"#, "busName"),
        (#"{"busName":"org.mpris.MediaPlayer2.mpv","at":1,"time":-5}"#, "time -5"),
    ])
    func aRecordNoDaemonWroteIsLeftOutAndTheRestKept(_ bad: String, _ why: String) throws {
        let json = #"{"streams":[],"sources":[],"players":[\#(bad),{"busName":"org.mpris.MediaPlayer2.mpv","at":4}]}"#
        guard case .journal(let read, let problems) = JournalFile.decode(Data(json.utf8)) else {
            Issue.record("the whole journal was refused for one bad record")
            return
        }
        #expect(read.players == [PausedPlayerRecord(busName: "org.mpris.MediaPlayer2.mpv", at: 4)])
        #expect(problems.count == 1 && problems[0].hasPrefix("paused player 0 is left out") && problems[0].contains(why), "\(problems)")
    }

    /// A journal written before players were journalled still reads.
    @Test func aJournalWithoutPlayersStillReads() throws {
        guard case .journal(let read, let problems) = JournalFile.decode(Data(#"{"streams":[],"sources":[]}"#.utf8)) else {
            Issue.record("refused")
            return
        }
        #expect(read.players.isEmpty && problems.isEmpty)
    }

    /// A record ages (round 3): it is played again only within 10 minutes of its pause, with its time
    /// and position, and for the same process; a record of an older daemon (no time) never.
    @Test func aRecordIsPlayedAgainOnlyWithinTenMinutesForTheSameProcess() {
        let paused = 1_795_000_000.0
        let player = MPRISPlayer(busName: "org.mpris.MediaPlayer2.mpv", processID: 4242)
        let record = PausedPlayerRecord(busName: player.busName, at: 12.5, time: paused, processID: 4242)
        #expect(record.replayRefusal(now: paused + 5, player: player) == nil)
        #expect(record.replayRefusal(now: paused + 600, player: player) == nil)
        #expect(record.replayRefusal(now: paused + 601, player: player) == "it was paused 10 minutes ago, more than 10 minutes")
        #expect(record.replayRefusal(now: paused + 3 * 3600, player: player) == "it was paused 180 minutes ago, more than 10 minutes")
        #expect(record.replayRefusal(now: paused - 3600, player: player) == "the record's time is in the future")
        let another = MPRISPlayer(busName: player.busName, processID: 5151)
        #expect(record.replayRefusal(now: paused + 5, player: another) == "another instance of the player (process 5151, not 4242)")
        // A player that names no process (the bus would not say) is judged by the rest.
        #expect(record.replayRefusal(now: paused + 5, player: MPRISPlayer(busName: player.busName, processID: nil)) == nil)
        var noTime = record
        noTime.time = nil
        #expect(noTime.replayRefusal(now: paused + 5, player: player) == "the record has no time: it may be from any day")
        var noPosition = record
        noPosition.at = nil
        #expect(noPosition.replayRefusal(now: paused + 5, player: player) == "the record has no position to tell whether the user moved it")
    }
}
