import Testing

@testable import DriveSimulation

/// The `repeat` script event: parsed, scheduled, and acting on no source.
@Suite struct RepeatScenarioTests {
    private let head = """
        name: test
        language: en-US
        route:
          maneuvers:
            - type: startRoute
            - {distance: 500, type: rightTurn}
        speed: 36 km/h

        """

    @Test func repeatEventsAreReadAndScheduledInOrder() throws {
        let scenario = try Scenario(yaml: head + "audio:\n  - {at: 12, event: repeat}\n  - {at: 5, event: radio.on}\n  - {at: 12.5, event: repeat}\n")
        #expect(scenario.audio.map(\.action) == [.radioOn, .repeatManeuver, .repeatManeuver])
        #expect(CarAudioAction(rawValue: "repeat") == .repeatManeuver)
        #expect(CarAudioAction.repeatManeuver.kind == nil && CarAudioAction.repeatManeuver.isGuidance && !CarAudioAction.repeatManeuver.isStream)
        #expect(CarAudioAction.repeatManeuver.ending == nil)
        guard case .inline(let route) = scenario.route else {
            Issue.record("not inline")
            return
        }
        let schedule = DriveSchedule(scenario: scenario, route: route)
        let repeats = schedule.steps.compactMap { step -> Double? in
            if case .audio(let event) = step, event.action == .repeatManeuver { return event.time }
            return nil
        }
        #expect(repeats == [12, 12.5])
    }

    @Test func aRepeatTakesNoSourceMembers() throws {
        for (extra, message) in [
            ("name: x", "name is for stream.start and stream.stop only"), ("until: 20", "repeat has no end"),
            ("duration: 2", "duration is for a chime only"), ("role: music", "role is for stream.start only"),
        ] {
            do {
                _ = try Scenario(yaml: head + "audio:\n  - {at: 12, event: repeat, \(extra)}\n")
                Issue.record("\(extra) was accepted")
            } catch {
                #expect(error.problems.contains { $0.message.contains(message) }, "\(extra): \(error.problems)")
            }
        }
    }
}
