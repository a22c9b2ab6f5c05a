import AudioPolicy
import Guidance
import PropertyBased
import RPC
import Testing

@testable import DriveSimulation

/// Guidance prompts placed against their maneuvers (pure test): how far ahead the first and the last
/// sample were heard, and the summary's "time after the last word" of the final instructions.
@Suite struct ManeuverLeadTests {
    /// 10 m/s on a straight road: the departure `m0` at 0 m, `turn` at 500 m (50 s), `arrive` at 1000 m (100 s).
    static let kinematics = ExpectationEvaluationTests.kinematics

    /// A guidance prompt's events: queued and started at `start`, `seconds` of audio (with `preRoll`).
    static func guidance(
        _ id: String, maneuver: String?, state: ManeuverState?, at start: Double, seconds: Double, preRoll: Double? = nil,
        result: EventType = .promptFinished
    ) -> [EventRecord] {
        let queued = EngineEvent.promptQueued(client: "nav", prompt: id, text: id, priority: .normal, maneuver: maneuver, state: state).record(at: start)
        let started = EngineEvent.promptStarted(client: "nav", prompt: id, text: id, style: .normal, preRoll: preRoll, level: .init()).record(at: start)
        let ended = EventRecord(
            type: result, time: start + seconds + 0.2, client: "nav", prompt: id, text: id, style: .normal,
            reason: result == .promptFinished ? nil : "cut", duration: result == .promptFinished ? seconds : nil)
        return [queued, started, ended]
    }

    static func placed(_ events: [[EventRecord]], end: Double = 120) -> TimelineReport {
        TimelineBuilder.build(events.flatMap { $0 }, end: end).placed(on: kinematics)
    }

    @Test func theFirstAndLastSamplesArePlacedAgainstTheirManeuver() throws {
        let report = Self.placed([Self.guidance("p-1", maneuver: "turn", state: .execute, at: 45, seconds: 2, preRoll: 0.5)])
        let lead = try #require(report.prompts.first?.lead)
        // The first word after the pre-roll, at 45.5 s: 45 m, 4.5 s to go; the last sample at 47 s (the
        // audio's 2 s hold the pre-roll): 30 m, 3 s.
        #expect(abs(lead.firstSample.meters - 45) < 1e-9 && abs(lead.firstSample.seconds! - 4.5) < 1e-9, "\(lead)")
        #expect(abs(lead.lastSample.meters - 30) < 1e-9 && abs(lead.lastSample.seconds! - 3) < 1e-9, "\(lead)")
        #expect(report.summary.finalInstructions == 1)
        #expect(abs(report.summary.minTimeAfterLastWord! - 3) < 1e-9)
    }

    @Test func aLastWordAfterTheManeuverIsNegativeAndAManeuverNotReachedHasNoSeconds() throws {
        let late = Self.placed([Self.guidance("p-1", maneuver: "turn", state: .execute, at: 49, seconds: 3)])
        let lead = try #require(late.prompts.first?.lead)
        #expect(abs(lead.lastSample.seconds! + 2) < 1e-9 && abs(lead.lastSample.meters + 20) < 1e-9, "\(lead)")
        #expect(abs(late.summary.minTimeAfterLastWord! + 2) < 1e-9)

        // Past the route's end (arrival at 100 s), nothing is reached again: an unknown maneuver gets no lead.
        let unknown = Self.placed([Self.guidance("p-1", maneuver: "nowhere", state: .execute, at: 10, seconds: 2)])
        #expect(unknown.prompts.first?.lead == nil)
    }

    @Test func onlyFinalInstructionsHeardToTheirEndCountAndNotTheDeparture() throws {
        let report = Self.placed([
            Self.guidance("p-1", maneuver: "m0", state: .execute, at: 0, seconds: 2),  // the departure
            Self.guidance("p-2", maneuver: "turn", state: .prepare, at: 20, seconds: 3),
            Self.guidance("p-3", maneuver: "turn", state: .execute, at: 44, seconds: 2, result: "prompt.interrupted"),
            Self.guidance("p-4", maneuver: "turn", state: .execute, at: 46, seconds: 2),
            Self.guidance("p-5", maneuver: "arrive", state: .execute, at: 90, seconds: 2),
            Self.guidance("p-6", maneuver: nil, state: nil, at: 60, seconds: 2),  // text
        ])
        #expect(report.prompts.map { $0.lead != nil } == [true, true, true, true, true, false])
        #expect(report.summary.finalInstructions == 2, "p-4 and p-5")
        #expect(abs(report.summary.minTimeAfterLastWord! - 2) < 1e-9, "p-4 ends 2 s before the turn")
        #expect(abs(report.summary.medianTimeAfterLastWord! - 5) < 1e-9, "the mean of 2 s and 8 s")
    }

    @Test func withoutFinalInstructionsThereAreNoTimesAndAnyLowerBoundHolds() {
        let report = Self.placed([Self.guidance("p-1", maneuver: "turn", state: .prepare, at: 20, seconds: 3)])
        #expect(report.summary.finalInstructions == 0)
        #expect(report.summary.minTimeAfterLastWord == nil && report.summary.medianTimeAfterLastWord == nil)
        let bound = DriveExpectations(summary: [SummaryBound(metric: .minTimeAfterLastWord, min: 3)])
        #expect(bound.evaluate(report, kinematics: Self.kinematics).isEmpty)
    }

    @Test func aBoundOnTheTimeAfterTheLastWordFailsNamingWhatWasSeen() {
        let report = Self.placed([Self.guidance("p-1", maneuver: "turn", state: .execute, at: 46, seconds: 2.5)])
        let failures = DriveExpectations(summary: [SummaryBound(metric: .minTimeAfterLastWord, min: 3)]).evaluate(report, kinematics: Self.kinematics)
        #expect(failures.map(\.path) == ["expect.summary.minTimeAfterLastWord"])
        #expect(failures.first?.seen.hasPrefix("1.5") == true, "\(failures)")
    }

    /// Over random final instructions on the straight road: the time after the last word is the
    /// maneuver's time less the end of the audio, the median lies between the least and the most.
    @Test func theTimesFollowTheAudioForAnyInstructions() async {
        await propertyCheck(count: 300, input: Gen.double(in: 1...48).array(of: 1...8)) { starts in
            let events = starts.enumerated().map { index, start in
                Self.guidance("p-\(index)", maneuver: "turn", state: .execute, at: start, seconds: 1.5)
            }
            let report = Self.placed(events)
            let expected = starts.map { 50 - ($0 + 1.5) }
            #expect(report.summary.finalInstructions == starts.count)
            #expect(abs(report.summary.minTimeAfterLastWord! - expected.min()!) < 1e-6)
            let median = report.summary.medianTimeAfterLastWord!
            #expect(median >= expected.min()! - 1e-9 && median <= expected.max()! + 1e-9)
        }
    }
}
