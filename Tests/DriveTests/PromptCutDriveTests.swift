import DriveSimulation
import Foundation
import Testing

/// The assistant starts listening while a prompt speaks, in a drive: the real `voxnav drive` (its own
/// voxnavd and headless server), judged from its report and by the scenario's own expectations. The
/// departure prompt is cut at the moment the assistant listens, drawn as cut with its rule, nothing
/// sounds while it listens, and the guidance picks up once it ends.
@Suite struct PromptCutDriveTests {
    static let scenario = """
        name: The assistant listens mid-prompt
        language: en-US
        route:
          maneuvers:
            - {type: startRoute, roadName: Shoreline Boulevard}
            - {distance: 900, type: rightTurn, roadName: Solar Circle}
            - {distance: 600, type: leftTurn, roadName: Baker Street}
            - {distance: 1200, type: arriveAtDestination}
        speed: 50 km/h
        audio:
          - {at: 0, event: radio.on}
          - {at: 1, event: assistant.listen, until: 20}
        expect:
          summary: {violations: 0, promptsCut: {min: 1, max: 1}}
          notSaid:
            - {pattern: ., from: "0:01", to: "0:19"}
          said:
            - {text: "In point four miles, turn right onto Solar Circle", from: "0:20", to: "0:21"}
        """

    @Test func theAssistantListeningCutsTheSpeakingPromptAtOnce() async throws {
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(Self.scenario))
        #expect(output.status == 0, "the scenario's expectations: \(output.text)")
        let report = try output.report()
        #expect(report.summary.promptsCut == 1)
        let cut = try #require(report.prompts.first { $0.cut != nil }, "\(report.prompts)")
        #expect(cut.cut == "assistantListening" && cut.result == .interrupted, "\(cut)")
        #expect(cut.text == "Head out on Shoreline Boulevard")
        // Cut at the moment the assistant listens (the virtual clock: no ramp takes time).
        let heardUntil = try #require(cut.audioInterval?.end)
        #expect(heardUntil >= 1 && heardUntil < 1.1, "the departure was heard until \(heardUntil) s")
        #expect(!report.prompts.contains { $0.sounded && $0.startedAt.map { $0 >= 1 && $0 < 20 } == true }, "\(report.prompts)")
        #expect(output.text.contains("cut: assistantListening"), "\(output.text)")
        // The report's picture draws it as cut, with its rule.
        let svg = try String(contentsOf: output.directory.appendingPathComponent("timeline.svg"), encoding: .utf8)
        #expect(svg.contains("class=\"prompt-cut\"") && svg.contains("✂ assistantListening"), "no cut prompt drawn")
    }
}
