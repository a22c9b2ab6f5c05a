import Foundation
import PropertyBased
import Testing

@testable import DriveSimulation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The JUnit XML of a run: its counts, a failure per failed expectation, an error per drive that
/// could not run, and any text at all kept intact through an XML parser.
@Suite struct JUnitReportTests {
    static func drive(_ scenario: String, failures: [ExpectationFailure] = [], error: String? = nil) -> DriveOutcome {
        error.map { DriveOutcome.error($0, scenario: scenario, wallSeconds: 0.25) }
            ?? DriveOutcome(
                scenario: scenario, name: "Drive \(scenario)", expectations: 4, failures: failures, driveSeconds: 503.9, wallSeconds: 5.6125,
                promptsQueued: 21, reportDirectory: "out/\(scenario)")
    }

    static let failure = ExpectationFailure(path: "expect.said[0]", expected: "said \"Turn <left> & go\"", seen: "no prompt matched")

    @Test func statusesCountsAndExitStatus() {
        let passed = Self.drive("a.yaml")
        let failed = Self.drive("b.yaml", failures: [Self.failure])
        let broken = Self.drive("c.yaml", error: "c.yaml is not a valid scenario")
        #expect([passed.status, failed.status, broken.status] == [.passed, .failed, .error])
        #expect(DriveOutcome.exitStatus([]) == 0)
        #expect(DriveOutcome.exitStatus([passed, passed]) == 0)
        #expect(DriveOutcome.exitStatus([passed, failed]) == 1)
        #expect(DriveOutcome.exitStatus([failed, broken, passed]) == 2)
        let run = DriveRunOutcome(drives: [passed, failed, broken, passed], wallSeconds: 12.34)
        #expect(run.passed == 2 && run.failed == 1 && run.errors == 1 && run.exitStatus == 2)
        #expect(run.summaryLine == "4 drives in 12.3 s: 2 passed, 1 failed, 1 could not run")
        #expect(DriveRunOutcome(drives: [passed], wallSeconds: 1).summaryLine == "1 drive in 1.0 s: 1 passed, 0 failed, 0 could not run")
    }

    @Test func aRunReadsBackAsTestCasesWithTheirFailuresAndErrors() throws {
        let second = ExpectationFailure(path: "expect.summary.violations", expected: "violations at most 0", seen: "2: idleSession at 1:01")
        let run = DriveRunOutcome(
            drives: [Self.drive("a.yaml"), Self.drive("b.yaml", failures: [Self.failure, second]), Self.drive("c.yaml", error: "c.yaml:\nbad key")],
            wallSeconds: 12.3456)
        let xml = JUnitReport.render(run)
        let document = try XMLDocument(data: Data(xml.utf8), options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "time")?.stringValue == "12.346")
        let cases = try root.nodes(forXPath: "//testsuite/testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["a.yaml: Drive a.yaml", "b.yaml: Drive b.yaml", "c.yaml"])
        #expect(cases.map { $0.attribute(forName: "time")?.stringValue } == ["5.613", "5.613", "0.250"])
        #expect(cases[0].elements(forName: "failure").isEmpty && cases[0].elements(forName: "error").isEmpty)
        let failures = cases[1].elements(forName: "failure")
        #expect(
            failures.map { $0.attribute(forName: "message")?.stringValue } == [
                "expect.said[0]: expected said \"Turn <left> & go\"", "expect.summary.violations: expected violations at most 0",
            ])
        #expect(failures.map(\.stringValue) == [Self.failure.description, second.description])
        let errors = cases[2].elements(forName: "error")
        #expect(errors.count == 1 && errors[0].attribute(forName: "message")?.stringValue == "c.yaml:" && errors[0].stringValue == "c.yaml:\nbad key")
        #expect(cases[0].elements(forName: "system-out").first?.stringValue == "8:23 of driving, 21 prompts, 4 expectations\nreport: out/a.yaml")
    }

    /// Any text a scenario or a prompt may hold goes through an XML parser intact (but for the
    /// characters XML 1.0 cannot hold, which are dropped).
    @Test func anyTextSurvivesTheXML() async throws {
        let characters: [Character] = ["<", ">", "&", "\"", "'", "a", "ß", "漢", "🚗", " ", "\n", "\t", "\u{1}", "\u{1B}", "]", "-"]
        await propertyCheck(count: 200, input: Gen.int(in: 0...(characters.count - 1)).array(of: 0...40)) { indices in
            let text = String(indices.map { characters[$0] })
            let failure = ExpectationFailure(path: "expect.said[0]", expected: text, seen: text)
            let run = DriveRunOutcome(drives: [Self.drive(text, failures: [failure])], wallSeconds: 1)
            let document = try XMLDocument(data: Data(JUnitReport.render(run).utf8), options: [])
            let testcase = try #require(try document.nodes(forXPath: "//testcase").first as? XMLElement)
            let kept = String(text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }.map(Character.init))
            #expect(
                testcase.attribute(forName: "file")?.stringValue?.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
                    == kept.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " "))
            #expect(testcase.elements(forName: "failure").first?.stringValue == "expect.said[0]: expected \(kept); seen: \(kept)")
        }
    }
}
