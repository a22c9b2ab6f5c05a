import DriveSimulation
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Many drives in one run of the real `voxnav drive`: a directory, a pool of jobs, a folder per
/// drive, the JSON of `--json` and the JUnit file read back.
@Suite struct DriveSuiteTests {
    static func outcome(_ output: DriveRunner.Output) throws -> DriveRunOutcome {
        try JSONDecoder().decode(DriveRunOutcome.self, from: Data(output.text.utf8))
    }

    /// The JUnit file parsed: each test case's name with its failures' and errors' messages.
    static func junit(_ url: URL) throws -> (root: XMLElement, cases: [(name: String, failures: [String], errors: [String])]) {
        let document = try XMLDocument(contentsOf: url, options: [])
        let root = try #require(document.rootElement())
        let cases = try root.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }.map { element in
            (
                name: element.attribute(forName: "name")?.stringValue ?? "",
                failures: element.elements(forName: "failure").map { $0.attribute(forName: "message")?.stringValue ?? "" },
                errors: element.elements(forName: "error").map { $0.attribute(forName: "message")?.stringValue ?? "" }
            )
        }
        return (root, cases)
    }

    @Test func theExamplesDirectoryRunsEveryExampleWithItsExpectations() async throws {
        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString.prefix(8)).xml")
        let output = try await DriveRunner.drive(
            DriveRunner.root.appendingPathComponent("examples").path, ["--jobs", "2", "--json", "--junit", junit.path])
        #expect(output.status == 0, "\(output.text)")
        let run = try Self.outcome(output)
        #expect(
            run.drives.map { URL(fileURLWithPath: $0.scenario).lastPathComponent } == [
                "berlin-graphhopper-fr.yaml", "city-commute.yaml", "highway-podcast-call.yaml", "roundabouts-de.yaml",
            ])
        #expect(run.passed == 4 && run.failed == 0 && run.errors == 0 && run.exitStatus == 0)
        for drive in run.drives {
            #expect(drive.status == .passed && drive.expectations >= 8 && drive.failures.isEmpty, "\(drive)")
            let folder = output.directory.appendingPathComponent(URL(fileURLWithPath: drive.scenario).deletingPathExtension().lastPathComponent)
            #expect(drive.reportDirectory == folder.path)
            let report = try JSONDecoder().decode(TimelineReport.self, from: Data(contentsOf: folder.appendingPathComponent("timeline.json")))
            #expect(report.name == drive.name && report.summary.promptsQueued == drive.promptsQueued)
            let summary = try String(contentsOf: folder.appendingPathComponent("summary.txt"), encoding: .utf8)
            #expect(summary.contains("expectations: \(drive.expectations) held"), "\(summary)")
        }
        let (root, cases) = try Self.junit(junit)
        #expect(root.attribute(forName: "tests")?.stringValue == "4" && root.attribute(forName: "failures")?.stringValue == "0")
        #expect(cases.count == 4 && cases.allSatisfy { $0.failures.isEmpty && $0.errors.isEmpty })
    }

    @Test func aFailingScenarioIsAFailureInTheJUnitFileAndTheExitStatus() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try ExpectationDriveTests.scenario.write(to: directory.appendingPathComponent("failing.yaml"), atomically: true, encoding: .utf8)
        let passing = ExpectationDriveTests.scenario.replacingOccurrences(of: "name: Expectations", with: "name: Passing")
            .replacingOccurrences(
                of:
                    "  said:\n    - {pattern: turn right, before: {maneuver: turn, distance: 50 m}}\n    - {text: Take the ferry}\n  notSaid:\n    - {pattern: (?i)turn right}\n",
                with: ""
            )
            .replacingOccurrences(of: "    - {source: fmRadio, during: prompts, only: playing}\n", with: "")
        try passing.write(to: directory.appendingPathComponent("passing.yaml"), atomically: true, encoding: .utf8)
        let junit = directory.appendingPathComponent("results.xml")
        let output = try await DriveRunner.drive(directory.path, ["--jobs", "2", "--junit", junit.path])
        #expect(output.status == 1, "\(output.text)")
        #expect(output.text.contains("FAIL  failing  Expectations: "), "\(output.text)")
        #expect(output.text.contains("        ✗ expect.said[1]: expected said \"Take the ferry\"; seen: no prompt matched"), "\(output.text)")
        #expect(output.text.contains("PASS  passing  Passing: "), "\(output.text)")
        #expect(output.text.contains("2 drives in ") && output.text.contains(": 1 passed, 1 failed, 0 could not run"), "\(output.text)")

        let (root, cases) = try Self.junit(junit)
        #expect(root.attribute(forName: "tests")?.stringValue == "2")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let failing = try #require(cases.first { $0.name.hasSuffix("failing.yaml: Expectations") })
        #expect(
            failing.failures == [
                "expect.said[1]: expected said \"Take the ferry\"", "expect.notSaid[0]: expected not said /(?i)turn right/",
                "expect.sources[1]: expected fmRadio during prompts: only playing",
            ])
        let passed = try #require(cases.first { $0.name.hasSuffix("passing.yaml: Passing") })
        #expect(passed.failures.isEmpty && passed.errors.isEmpty)

        // A scenario that cannot run is an error, and the run exits 2; the others still run.
        try "name: broken\nlanguage: en-US\n".write(to: directory.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let broken = try await DriveRunner.drive(directory.path, ["--json", "--junit", junit.path])
        #expect(broken.status == 2, "\(broken.text)")
        let run = try Self.outcome(broken)
        #expect(run.drives.map(\.status) == [.error, .failed, .passed])
        #expect(run.drives[0].error?.contains("missing required key 'route'") == true, "\(run.drives[0])")
        let withError = try Self.junit(junit).cases
        #expect(withError.count == 3 && withError[0].errors.count == 1 && withError[0].errors[0].contains("broken.yaml is not a valid scenario"))
    }

    @Test func theSameScenarioTwiceGetsTwoFolders() async throws {
        let scenario = try DriveRunner.scenarioFile(ExpectationDriveTests.scenario)
        let output = try await DriveRunner.drive(scenario, [scenario, "--jobs", "2", "--json"])
        #expect(output.status == 1, "\(output.text)")
        let run = try Self.outcome(output)
        let base = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
        #expect(
            run.drives.map(\.reportDirectory) == [
                output.directory.appendingPathComponent(base).path, output.directory.appendingPathComponent(base + "-2").path,
            ])
        // Two drives side by side on their own daemons decide the same: the same prompts, the same failures.
        let reports = try run.drives.map {
            try JSONDecoder().decode(TimelineReport.self, from: Data(contentsOf: URL(fileURLWithPath: $0.reportDirectory! + "/timeline.json")))
        }
        #expect(reports[0].prompts.map(\.text) == reports[1].prompts.map(\.text) && !reports[0].prompts.isEmpty)
        #expect(run.drives[0].failures == run.drives[1].failures && run.drives[0].failures.count == 3)
    }

    @Test func badArgumentsAreRefusedBeforeAnyDriveStarts() async throws {
        let example = DriveRunner.example("city-commute")
        let jobs = try await DriveRunner.drive(example, ["--jobs", "0"])
        #expect(jobs.status == 64 && jobs.text.contains("--jobs must be from 1 to 64"), "\(jobs.text)")
        let record = try await DriveRunner.drive(example, [example, "--record", "/tmp/x.wav"])
        #expect(record.status == 64 && record.text.contains("--record and --socket are for one scenario"), "\(record.text)")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try await DriveRunner.drive(empty.path)
        #expect(none.status == 2 && none.text.contains("no scenario files (*.yaml, *.yml) in this directory"), "\(none.text)")
        #expect(!FileManager.default.fileExists(atPath: none.directory.path), "nothing written")
    }
}
