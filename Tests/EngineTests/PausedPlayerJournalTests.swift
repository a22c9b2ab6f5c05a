import Foundation
import Testing

@testable import Engine

/// The players VoxNav holds paused over MPRIS, in the journal file: written and read back, and a
/// record no daemon would have written left out with its reason, the rest kept.
@Suite struct PausedPlayerJournalTests {
    @Test func pausedPlayersAreWrittenAndReadBack() throws {
        var contents = JournalFile.Contents()
        contents.players = [
            PausedPlayerRecord(busName: "org.mpris.MediaPlayer2.mpv", at: 12.5),
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
}
