import Foundation
import PropertyBased
import PulseAudio
import Testing

@testable import Engine
@testable import SourceFocus

/// The duck journal's account of what a desktop server remembers (pure: no server).
@Suite struct DuckJournalMemoryTests {
    static let group = "sink-input-by-media-role:music"

    /// A journal holding `index` ducked from `own` (what the server remembered too) to `own` −15 dB.
    static func ducked(_ index: UInt32, own: ChannelVolumes, group: String = group) -> DuckJournal {
        var journal = DuckJournal()
        journal.recordIfAbsent(index, own)
        journal.remember(index, RememberedStream(name: group, channelMap: [1, 2], volume: own, muted: false))
        journal.noteApplied(index, own.scaled(byDecibels: -15))
        return journal
    }

    static let volumes = Gen.int(in: 1_000...65_536).array(of: 2...2).map { ChannelVolumes($0.map(UInt32.init)) }

    @Test func letGoAsLeftTheServerRemembersWhatItDidBefore() async {
        await propertyCheck(count: 200, input: Self.volumes) { own in
            let journal = Self.ducked(7, own: own)
            let entry = journal.streams[7]!
            #expect(entry.memoryAfterRelease(current: own.scaled(byDecibels: -15))?.volume == own)
            // Gone: what it remembered before.
            #expect(entry.memoryAfterRelease(current: nil)?.volume == own)
        }
    }

    @Test func aUsersChangeDuringTheDuckIsWhatTheServerRemembersAfterwards() async {
        await propertyCheck(count: 200, input: Self.volumes, Gen.int(in: 0...65_536)) { own, users in
            let journal = Self.ducked(7, own: own)
            let usersLevel = ChannelVolumes([UInt32(users), UInt32(users)])
            guard usersLevel != own.scaled(byDecibels: -15) else { return }
            #expect(journal.streams[7]!.memoryAfterRelease(current: usersLevel)?.volume == usersLevel)
            #expect(journal.restoreTarget(of: 7, current: usersLevel) == nil)
        }
    }

    @Test func aMuteOnlyEntryIsLetGoAsItWas() {
        var journal = DuckJournal()
        let remembered = RememberedStream(name: Self.group, channelMap: [1, 2], volume: nil, muted: false)
        journal.noteMuted(3, true)
        journal.remember(3, remembered)
        #expect(journal.streams[3]!.memoryAfterRelease(current: ChannelVolumes([5, 5])) == remembered)
        // Nothing remembered (a bare server): nothing to write.
        var bare = DuckJournal()
        bare.noteMuted(3, true)
        bare.remember(3, nil)
        #expect(bare.streams[3]!.memoryAfterRelease(current: nil) == nil)
    }

    @Test func aNewStreamArrivingAtALevelTheEngineSetHasItsGroupsVolume() async {
        await propertyCheck(count: 300, input: Self.volumes, Gen.double(in: 0...1)) { own, fraction in
            let journal = Self.ducked(7, own: own)
            let target = own.scaled(byDecibels: -15)
            // Anywhere on the ramp between the duck target and its own volume.
            let onTheRamp = target.interpolated(to: own, fraction: fraction)
            #expect(journal.trueVolume(ofNewStreamIn: Self.group, arrivingAt: onTheRamp) == own)
            // Another group, or no group: the stream's own.
            #expect(journal.trueVolume(ofNewStreamIn: "sink-input-by-media-role:video", arrivingAt: onTheRamp) == onTheRamp)
            #expect(journal.trueVolume(ofNewStreamIn: nil, arrivingAt: onTheRamp) == onTheRamp)
        }
    }

    @Test func aNewStreamAtALevelTheEngineNeverSetKeepsIt() async {
        await propertyCheck(count: 300, input: Self.volumes, Gen.int(in: 0...65_536)) { own, other in
            let journal = Self.ducked(7, own: own)
            let target = own.scaled(byDecibels: -15)
            let level = ChannelVolumes([UInt32(other), UInt32(other)])
            let between = zip(level.values, zip(target.values, own.values)).allSatisfy { v, b in v >= min(b.0, b.1) && v <= max(b.0, b.1) }
            guard !between else { return }
            #expect(journal.trueVolume(ofNewStreamIn: Self.group, arrivingAt: level) == level)
            // A different channel count is not ours either.
            #expect(journal.trueVolume(ofNewStreamIn: Self.group, arrivingAt: ChannelVolumes([target.values[0]])) == ChannelVolumes([target.values[0]]))
        }
    }

    /// A group let go of is known for `ReleasedGroups.hold`: a new stream of it at a level between
    /// the duck and the group's own is taken at its own, one elsewhere keeps its level, and after
    /// the hold every level is the stream's own.
    @Test func aGroupLetGoIsKnownForItsHoldOnly() async {
        await propertyCheck(count: 200, input: Self.volumes, Gen.double(in: 0...1)) { own, fraction in
            let entry = Self.ducked(7, own: own).streams[7]!
            var released = ReleasedGroups()
            let start = ContinuousClock.now
            released.note(entry, memory: entry.memoryAfterRelease(current: nil)!, at: start)
            let onTheRamp = own.scaled(byDecibels: -15).interpolated(to: own, fraction: fraction)
            let soon = start + .milliseconds(200)
            #expect(released.trueVolume(ofNewStreamIn: Self.group, arrivingAt: onTheRamp, at: soon) == (onTheRamp == own ? nil : own))
            #expect(released.memory(ofGroup: Self.group, at: soon)?.volume == own)
            #expect(released.trueVolume(ofNewStreamIn: "sink-input-by-media-role:video", arrivingAt: onTheRamp, at: soon) == nil)
            let louder = own.scaled(byDecibels: 3)
            if louder != own { #expect(released.trueVolume(ofNewStreamIn: Self.group, arrivingAt: louder, at: soon) == nil) }
            let later = start + ReleasedGroups.hold
            #expect(released.trueVolume(ofNewStreamIn: Self.group, arrivingAt: onTheRamp, at: later) == nil)
            #expect(released.memory(ofGroup: Self.group, at: later) == nil)
        }
    }

    @Test func theHeldMemoryOfAGroupIsTheFirstRecorded() {
        var journal = Self.ducked(7, own: ChannelVolumes([40_000, 40_000]))
        #expect(journal.heldMemory(ofGroup: Self.group)?.volume == ChannelVolumes([40_000, 40_000]))
        #expect(journal.heldMemory(ofGroup: "other") == nil)
        // A later read does not replace it.
        journal.remember(7, RememberedStream(name: Self.group, channelMap: [1, 2], volume: ChannelVolumes([1, 1]), muted: true))
        #expect(journal.streams[7]?.remembered?.volume == ChannelVolumes([40_000, 40_000]))
    }

    @Test func isAsLeftOnlyAtTheLevelAndMuteTheEngineSet() {
        var journal = Self.ducked(7, own: ChannelVolumes([40_000, 40_000]))
        let target = ChannelVolumes([40_000, 40_000]).scaled(byDecibels: -15)
        #expect(journal.streams[7]!.isAsLeft(volume: target, muted: false))
        #expect(!journal.streams[7]!.isAsLeft(volume: ChannelVolumes([30_000, 30_000]), muted: false))
        journal.noteMuted(7, true)
        #expect(!journal.streams[7]!.isAsLeft(volume: target, muted: false))
        #expect(journal.streams[7]!.isAsLeft(volume: target, muted: true))
    }

    @Test func aJournalWrittenBeforeMemoryWasKeptStillReads() throws {
        let old = #"{"streams":[12,{"original":{"values":[40000,40000]},"applied":{"values":[22494,22494]},"muted":false,"identity":{}}]}"#
        let journal = try JSONDecoder().decode(DuckJournal.self, from: Data(old.utf8))
        #expect(journal.streams[12]?.original == ChannelVolumes([40_000, 40_000]))
        #expect(journal.streams[12]?.remembered == nil)
        let withMemory = Self.ducked(9, own: ChannelVolumes([40_000, 40_000]))
        let again = try JSONDecoder().decode(DuckJournal.self, from: JSONEncoder().encode(withMemory))
        #expect(again == withMemory)
    }
}
