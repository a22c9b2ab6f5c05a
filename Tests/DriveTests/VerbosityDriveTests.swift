import DriveSimulation
import Foundation
import Testing

/// The same example drive said briefly, normally and in detail: the real `voxnav drive`, judged
/// from its report.
@Suite struct VerbosityDriveTests {
    /// The example scenario with `verbosity` set, its expectations dropped (they are for normal
    /// guidance) and its route file named from anywhere.
    static func scenario(_ name: String, _ verbosity: String) throws -> String {
        let path = DriveRunner.example(name)
        let examples = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var text = try String(contentsOfFile: path, encoding: .utf8)
        if let expect = text.range(of: "\nexpect:") { text = String(text[..<expect.lowerBound]) + "\n" }
        text = text.replacingOccurrences(of: "osrm: routes/", with: "osrm: \(examples)/routes/")
        return text.replacingOccurrences(of: "\nvehicle: car\n", with: "\nverbosity: \(verbosity)\nvehicle: car\n")
    }

    static func prompts(_ name: String, _ verbosity: String) async throws -> [PromptRecord] {
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(try scenario(name, verbosity)))
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        #expect(report.summary.violations == 0, "\(report.audit)")
        #expect(report.summary.promptsQueued == report.prompts.count)
        return report.prompts
    }

    @Test(arguments: ["city-commute", "highway-podcast-call"])
    func thePromptCountRisesFromBriefToNormalToDetailed(_ name: String) async throws {
        let brief = try await Self.prompts(name, "brief")
        let normal = try await Self.prompts(name, "normal")
        let detailed = try await Self.prompts(name, "detailed")
        let counts = [brief.count, normal.count, detailed.count]
        #expect(brief.count < normal.count && normal.count < detailed.count, "\(name): \(counts)")
        // Brief never says "continue for" nor an early prompt on a town street.
        #expect(!brief.contains { $0.text.hasPrefix("Continue") }, "\(brief.map(\.text))")
        // Every "turn now" of normal guidance is in brief guidance too.
        let executes = normal.map(\.text).filter { $0.contains(" now") }
        #expect(executes.allSatisfy { text in brief.contains { $0.text == text } }, "\(executes) \(brief.map(\.text))")
    }

    /// Brief keeps the prepare prompt on a fast road only: none in town (at most 28 mph, under the
    /// car's 72 km/h), some on the motorway at 70 mph.
    @Test func briefPreparesOnlyOnFastRoads() async throws {
        let town = try await Self.prompts("city-commute", "brief")
        #expect(!town.contains { $0.text.hasPrefix("In ") }, "\(town.map(\.text))")
        let motorway = try await Self.prompts("highway-podcast-call", "brief")
        #expect(motorway.contains { $0.text.hasPrefix("In ") }, "\(motorway.map(\.text))")
    }
}
