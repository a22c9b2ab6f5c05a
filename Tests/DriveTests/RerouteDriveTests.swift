import DriveSimulation
import Foundation
import Testing

/// A drive whose guidance engine reroutes twice in a row: the real `voxnav drive`, judged from its report.
@Suite struct RerouteDriveTests {
    /// Two turns at 50 km/h with the radio on; reroutes 3 s apart after the first turn.
    static let scenario = """
        name: Rerouted twice
        language: en-US
        route:
          maneuvers:
            - {type: startRoute, roadName: Main Street}
            - {distance: 250, type: rightTurn, roadName: Solar Circle}
            - {distance: 450, type: leftTurn, roadName: Elm Street}
            - {distance: 100, type: arriveAtDestination}
        speed: 50 km/h
        audio:
          - {at: 0, event: radio.on}
          - {at: 24, event: reroute}
          - {at: 27, event: reroute}
        """

    @Test func recalculatingIsSaidOnceAndGuidanceGoesOnAfterIt() async throws {
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(Self.scenario))
        #expect(output.status == 0, "\(output.text)")
        let report = try output.report()
        let recalculating = report.prompts.filter { $0.text == "Recalculating route" }
        #expect(recalculating.count == 1, "\(report.prompts.map(\.text))")
        let heard = try #require(recalculating.first)
        #expect(heard.played, "\(heard)")
        #expect(abs((heard.queuedAt ?? 0) - 24) < 1, "\(heard)")
        // The announcer started again on the route after it: the left turn is still announced, after the reroute.
        let after = report.prompts.filter { $0.played && ($0.startedAt ?? 0) > (heard.startedAt ?? 0) }
        #expect(after.contains { $0.text.lowercased().contains("turn left") }, "\(report.prompts.map { ($0.text, $0.startedAt) })")
        #expect(after.contains { $0.text.lowercased().contains("destination") }, "\(report.prompts.map(\.text))")
        // Prompts never overlap, the radio is only ducked, and no guideline was broken.
        let played = report.prompts.compactMap(\.audioInterval).sorted { $0.start < $1.start }
        #expect(zip(played, played.dropFirst()).allSatisfy { $0.end <= $1.start + 1e-6 })
        #expect(report.summary.violations == 0)
    }
}
