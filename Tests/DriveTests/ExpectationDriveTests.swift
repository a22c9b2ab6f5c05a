import AudioTestSupport
import DriveSimulation
import Foundation
import ProcessSupport
import Testing

/// A scenario's expectations judged by the real `voxnav drive`: the exit status and the failures
/// it prints, with what the drive did.
@Suite struct ExpectationDriveTests {
    /// A short drive with the radio on: two prompts for the turn, one for the arrival.
    static let scenario = """
        name: Expectations
        language: en-US
        route:
          maneuvers:
            - type: startRoute
            - {id: turn, distance: 600, type: rightTurn, roadName: Main Street}
            - {distance: 400, type: arriveAtDestination}
        speed: 40 km/h
        audio:
          - {at: "0:00", event: radio.on}
        expect:
          summary: {violations: 0, promptsQueued: {min: 2}, promptsSkipped: 0}
          said:
            - {pattern: turn right, before: {maneuver: turn, distance: 50 m}}
            - {text: Take the ferry}
          notSaid:
            - {pattern: (?i)turn right}
          sources:
            - {source: fmRadio, during: prompts, only: ducked}
            - {source: fmRadio, during: prompts, only: playing}

        """

    @Test func aFailedExpectationFailsTheDriveAndSaysWhatWasSeen() async throws {
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(Self.scenario))
        #expect(output.status == 1, "\(output.text)")
        let report = try output.report()
        let turns = report.prompts.filter { $0.played && $0.text.localizedCaseInsensitiveContains("turn right") }
        try #require(!turns.isEmpty, "\(output.text)")
        #expect(output.text.contains("expectations: 3 of 8 FAILED"), "\(output.text)")
        #expect(output.text.contains("✗ expect.said[1]: expected said \"Take the ferry\"; seen: no prompt matched (\"\(report.prompts[0].text)\" said at "))
        #expect(output.text.contains("✗ expect.notSaid[0]: expected not said /(?i)turn right/; seen: \"\(turns[0].text)\" said at "))
        #expect(output.text.contains("✗ expect.sources[1]: expected fmRadio during prompts: only playing; seen: ducked "))
        // The expectations that held are not listed.
        #expect(!output.text.contains("expect.said[0]") && !output.text.contains("expect.summary") && !output.text.contains("expect.sources[0]"))
    }

    /// `voxnav demo` judges the expectations too: it runs every drive it was given and then exits 1
    /// when one failed (the same scenario as above, through the demo command).
    @Test func theDemoFailsWhenAnExpectationFails() async throws {
        let scenario = try DriveRunner.scenarioFile(Self.scenario)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-demo-test-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: out) }
        let (status, text) = try await AudioServerLock.shared.withLock {
            try ChildProcess.run(DriveRunner.binary, ["demo", "--headless", "--scenario", scenario, "--out", out.path], limit: 600)
        }
        #expect(status == 1, "\(text)")
        #expect(text.contains("expectations: 3 of 8 FAILED"), "\(text)")
        #expect(text.contains("expectations failed in: scenario-"), "\(text)")
        #expect(FileManager.default.fileExists(atPath: out.path), "the report was not written")
    }

    @Test func aDriveWhoseExpectationsHoldExitsZero() async throws {
        let passing = Self.scenario.replacingOccurrences(of: "    - {text: Take the ferry}\n", with: "")
            .replacingOccurrences(of: "  notSaid:\n    - {pattern: (?i)turn right}\n", with: "")
            .replacingOccurrences(of: "    - {source: fmRadio, during: prompts, only: playing}\n", with: "")
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(passing))
        #expect(output.status == 0, "\(output.text)")
        #expect(output.text.contains("expectations: 5 held"), "\(output.text)")
    }
}
