import DriveSimulation
import Foundation
import Testing

/// A driver who presses "repeat" twice in a row: the real `voxnav drive`, judged from its report.
@Suite struct RepeatDriveTests {
    /// A long first leg at 50 km/h with the radio on; the driver asks for a repeat at 10 s and again at 11 s.
    static let scenario = """
        name: Repeat, please
        language: en-US
        route:
          maneuvers:
            - {type: startRoute, roadName: Main Street}
            - {distance: 800, type: rightTurn, roadName: Solar Circle}
            - {distance: 100, type: arriveAtDestination}
        speed: 50 km/h
        audio:
          - {at: 0, event: radio.on}
          - {at: 10, event: repeat}
          - {at: 11, event: repeat}
        """

    @Test func theRepeatIsSaidOnceWithTheDistanceNow() async throws {
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(Self.scenario))
        #expect(output.status == 0, "\(output.text)")
        let report = try output.report()
        // Nothing of the announcer's is due then (the turn's initial window was missed, its prepare
        // comes at about 300 m): the one prompt queued between 10 and 12 s is the repeat.
        let asked = report.prompts.filter { ($0.queuedAt ?? -1) >= 9.5 && ($0.queuedAt ?? .infinity) < 12 }
        #expect(asked.count == 1, "\(report.prompts.map { ($0.text, $0.queuedAt) })")
        let repeated = try #require(asked.first)
        #expect(repeated.played, "\(repeated)")
        // About 800 − 13.9 × 10.25 ≈ 658 m (0.41 mi, no usual step within 15 %: "point four miles"): the initial
        // wording, the whole action with the road.
        #expect(repeated.text == "In point four miles, turn right onto Solar Circle", "\(repeated.text)")
        // The announcer's own prompts still come: the turn's prepare and "turn now" after the repeat.
        let later = report.prompts.filter { $0.played && ($0.startedAt ?? 0) > (repeated.startedAt ?? 0) }
        #expect(later.contains { $0.text.hasPrefix("Turn right onto Solar Circle") }, "\(report.prompts.map(\.text))")
        #expect(report.summary.violations == 0)
    }
}
