import DriveSimulation
import Foundation
import FoundationXML
import Testing

/// Issue 50, row 13: escape sequences in a scenario's name and a route's road name were printed raw
/// by `voxnav drive` and written raw into summary.txt (the terminal retitled, the screen cleared).
/// The real `voxnav drive` (its own voxnavd and private headless PulseAudio server): what it prints and
/// summary.txt carry them written out; timeline.json keeps the text, escaped as JSON escapes it, and
/// timeline.svg is XML that parses.
@Suite struct ControlCharacterDriveTests {
    static let scenario = #"""
        name: "Evil \e]0;pwned\a\e[2J\e[H drive\r\u009B31m"
        language: en-US
        route:
          maneuvers:
            - {type: startRoute, roadName: "Main\e[31m Street"}
            - {distance: 250, type: rightTurn, roadName: "Solar\e]0;owned\a Circle"}
            - {distance: 100, type: arriveAtDestination}
        speed: 50 km/h
        """#

    @Test func nothingPrintedOrWrittenCarriesAControlCharacter() async throws {
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(Self.scenario))
        #expect(output.status == 0, "\(output.text)")
        let summary = try String(contentsOf: output.directory.appendingPathComponent("summary.txt"), encoding: .utf8)
        for (what, text) in [("printed", output.text), ("summary.txt", summary)] {
            let controls = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
            #expect(controls.isEmpty, "\(what) carries \(controls.map { String($0.value, radix: 16) }): \(text)")
            #expect(text.contains(#"drive "Evil \u001B]0;pwned\u0007\u001B[2J\u001B[H drive\r\u009B31m""#), "\(what): \(text)")
        }
        // The prompt's text came back from the daemon: its road names are written out too, if it kept them.
        let report = try output.report()
        #expect(report.name == "Evil \u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[H drive\r\u{9B}31m")
        let json = try String(contentsOf: output.reportURL, encoding: .utf8)
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a raw control character in timeline.json")
        let svg = try Data(contentsOf: output.svgURL)
        let parser = XMLParser(data: svg)
        #expect(parser.parse(), "timeline.svg: \(String(describing: parser.parserError))")
    }
}
