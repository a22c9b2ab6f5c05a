import Testing

@testable import DriveSimulation

/// The `reroute` script event: parsed, scheduled, and acting on no source.
@Suite struct RerouteScenarioTests {
    private let head = """
        name: test
        language: en-US
        route:
          maneuvers:
            - type: startRoute
            - {distance: 500, type: rightTurn}
        speed: 36 km/h

        """

    @Test func rerouteEventsAreReadAndScheduledInOrder() throws {
        let scenario = try Scenario(yaml: head + "audio:\n  - {at: 12, event: reroute}\n  - {at: 5, event: radio.on}\n  - {at: 13, event: reroute}\n")
        #expect(scenario.audio.map(\.action) == [.radioOn, .reroute, .reroute])
        #expect(CarAudioAction.reroute.kind == nil && CarAudioAction.reroute.isGuidance && !CarAudioAction.reroute.isStream)
        #expect(CarAudioAction.reroute.ending == nil)
        guard case .inline(let route) = scenario.route else {
            Issue.record("not inline")
            return
        }
        let schedule = DriveSchedule(scenario: scenario, route: route)
        let reroutes = schedule.steps.compactMap { step -> Double? in
            if case .audio(let event) = step, event.action == .reroute { return event.time }
            return nil
        }
        #expect(reroutes == [12, 13])
    }

    @Test func aRerouteTakesNoSourceMembers() throws {
        for (extra, message) in [
            ("name: x", "name is for stream.start and stream.stop only"), ("until: 20", "reroute has no end"),
            ("duration: 2", "duration is for a chime only"), ("role: music", "role is for stream.start only"),
        ] {
            do {
                _ = try Scenario(yaml: head + "audio:\n  - {at: 12, event: reroute, \(extra)}\n")
                Issue.record("\(extra) was accepted")
            } catch {
                #expect(error.problems.contains { $0.message.contains(message) }, "\(extra): \(error.problems)")
            }
        }
    }
}
