import AudioPolicy
import PulseAudio
import Testing

@testable import Engine
@testable import SourceFocus

/// What a reconciliation plans from the policy's levels and events and the journal (pure): moves only
/// where a stream is not at its wanted level, the policy's ramp where it made an event, the level's
/// own time where it made none, and which moves are told.
@Suite struct FocusPlanTests {
    static let radio = SourceID.foreign(9)
    static let sources: [SourceID: SourceHandle] = [radio: .foreign(sinkInput: 9, kind: .fmRadio, name: "Radio")]
    static let own = ChannelVolumes([40000, 40000])

    static func journal(duckedBy dB: Double?) -> DuckJournal {
        var journal = DuckJournal()
        guard let dB else { return journal }
        journal.recordIfAbsent(9, own)
        journal.noteApplied(9, own.scaled(byDecibels: dB))
        return journal
    }

    @Test func aLevelHeldMakesNoMoveAndADifferentOneMakesOne() {
        let ducked: [SourceID: SourceLevel] = [Self.radio: .ducked(dB: -15, ramp: 0.03)]
        #expect(FocusPlan.moves(to: ducked, events: [], sources: Self.sources, journal: Self.journal(duckedBy: -15)).isEmpty)
        #expect(
            FocusPlan.moves(to: [Self.radio: .ducked(dB: -21, ramp: 0.03)], events: [], sources: Self.sources, journal: Self.journal(duckedBy: -15))
                == [.ducked(.source(Self.radio), dB: -21, ramp: 0.03)])
        #expect(
            FocusPlan.moves(to: [Self.radio: .own(ramp: 0.2)], events: [], sources: Self.sources, journal: Self.journal(duckedBy: -15))
                == [.restored(.source(Self.radio), ramp: 0.2)])
        #expect(FocusPlan.moves(to: [Self.radio: .own(ramp: 0.2)], events: [], sources: Self.sources, journal: Self.journal(duckedBy: nil)).isEmpty)
    }

    /// The policy's event names the ramp: a source resumed into a duck is ducked at once.
    @Test func thePolicysEventGivesTheRamp() {
        let resumed: [FocusEvent] = [.interruptionEnded(.source(Self.radio), shouldResume: true), .ducked(.source(Self.radio), dB: -15, ramp: 0)]
        let plan = FocusPlan(
            levels: [Self.radio: .ducked(dB: -15, ramp: 0.03)], events: resumed, sources: Self.sources, journal: Self.journal(duckedBy: nil),
            voxNavDucks: true)
        #expect(plan.edges == [resumed[0]] && plan.moves == [resumed[1]] && plan.toTell == resumed)
    }

    /// A duck the policy decided earlier and made only now is told; a duck made deeper is not.
    @Test func aDuckOwedIsToldAndADeeperOneIsNot() {
        let owed = FocusPlan(
            levels: [Self.radio: .ducked(dB: -15, ramp: 0.03)], events: [], sources: Self.sources, journal: Self.journal(duckedBy: nil),
            voxNavDucks: true)
        #expect(owed.toTell == [.ducked(.source(Self.radio), dB: -15, ramp: 0.03)])
        let deeper = FocusPlan(
            levels: [Self.radio: .ducked(dB: -21, ramp: 0.03)], events: [], sources: Self.sources, journal: Self.journal(duckedBy: -15),
            voxNavDucks: true)
        #expect(deeper.moves.count == 1 && deeper.toTell.isEmpty)
    }

    /// Where the server ducks by role, the policy's level events are left to it as they are.
    @Test func whereTheServerDucksTheEventsGoAsTheyAre() {
        let events: [FocusEvent] = [.ducked(.source(Self.radio), dB: -15, ramp: 0.03)]
        let plan = FocusPlan(
            levels: [Self.radio: .ducked(dB: -21, ramp: 0.03)], events: events, sources: Self.sources, journal: DuckJournal(), voxNavDucks: false)
        #expect(plan.moves == events && plan.toTell == events)
        #expect(plan.told(done: events, journal: DuckJournal()) == events, "a duck left to the server is told as done")
        #expect(!plan.isBehind(after: DuckJournal()))
    }

    /// A level still unreached after the reconciliation (the journal held no duck) is behind; one reached is not.
    @Test func aLevelUnreachedIsBehind() {
        let plan = FocusPlan(
            levels: [Self.radio: .ducked(dB: -15, ramp: 0.03)], events: [], sources: Self.sources, journal: DuckJournal(), voxNavDucks: true)
        #expect(plan.isBehind(after: DuckJournal()))
        #expect(!plan.isBehind(after: Self.journal(duckedBy: -15)))
    }
}
