import Foundation
import PulseAudio
import Testing

@testable import SourceFocus

/// The duck journal's account of volumes (pure).
@Suite struct DuckJournalVolumeTests {
    static let own = ChannelVolumesFixture.own

    @Test func overlappingDucksRestoreToTheFirstVolumeWithoutRatcheting() {
        var journal = DuckJournal()
        journal.recordIfAbsent(7, Self.own)
        journal.noteApplied(7, Self.own.scaled(byDecibels: -15))
        // A second duck while the first holds records nothing new: the original stays.
        journal.recordIfAbsent(7, Self.own.scaled(byDecibels: -15))
        journal.noteApplied(7, Self.own.scaled(byDecibels: -20))
        #expect(journal.originalVolume(of: 7) == Self.own)
        #expect(journal.restoreTarget(of: 7, current: Self.own.scaled(byDecibels: -20)) == Self.own)
    }

    @Test func aLevelTheEngineDidNotSetIsTheUsersAndStands() {
        var journal = DuckJournal()
        journal.recordIfAbsent(7, Self.own)
        journal.noteApplied(7, Self.own.scaled(byDecibels: -15))
        #expect(journal.restoreTarget(of: 7, current: Self.own.scaled(byDecibels: -3)) == nil)
    }

    @Test func forgettingADuckKeepsAMuteUntilItIsLifted() {
        var journal = DuckJournal()
        journal.recordIfAbsent(7, Self.own)
        journal.noteMuted(7, true)
        journal.forget(7)
        #expect(!journal.isEmpty && journal.streams[7]?.muted == true && journal.originalVolume(of: 7) == nil)
        journal.noteMuted(7, false)
        #expect(journal.isEmpty)
    }

    @Test func aStreamThatIsGoneIsForgottenMuteAndAll() {
        var journal = DuckJournal()
        journal.recordIfAbsent(7, Self.own)
        journal.noteMuted(7, true)
        journal.forgetAll(7)
        #expect(journal.isEmpty)
    }

    @Test func survivesTheJournalFileRoundTrip() throws {
        var journal = DuckJournal()
        journal.recordIfAbsent(3, Self.own, identity: ["application.name": "player"])
        journal.noteApplied(3, Self.own.scaled(byDecibels: -15))
        journal.noteMuted(4, true, identity: ["application.name": "podcasts"])
        let data = try JSONEncoder().encode(journal)
        #expect(try JSONDecoder().decode(DuckJournal.self, from: data) == journal)
    }
}

enum ChannelVolumesFixture {
    static let own = ChannelVolumes([40_000, 40_000])
}
