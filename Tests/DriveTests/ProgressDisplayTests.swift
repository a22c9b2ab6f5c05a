import Foundation
import Testing

/// What `voxnav drive` shows while drives run: a bar per running drive on a terminal, plain lines
/// when standard error is not one (CI).
@Suite struct ProgressDisplayTests {
    /// Two copies of the short expectations drive in a fresh directory.
    static func twoDrives() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["first", "second"] {
            try ExpectationDriveTests.scenario.write(to: directory.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        }
        return directory.path
    }

    @Test func withoutATerminalEachDrivePrintsPlainLinesEveryTenth() async throws {
        let output = try await DriveRunner.driveShowingProgress(try Self.twoDrives(), ["--jobs", "2"], terminal: false)
        #expect(output.status == 1, "the scenario's expectations fail on purpose: \(output.text)")
        #expect(!output.text.contains("\u{1B}"), "no terminal codes in a log")
        let lines = output.text.split(separator: "\n").map(String.init)
        for label in ["first", "second"] {
            let progress = lines.filter { $0.hasPrefix("\(label): ") && $0.contains(" of 1:30 (") }
            #expect(progress.first == "\(label): 0:00 of 1:30 (0 %), 0 prompts", "\(lines)")
            #expect(progress.last?.hasPrefix("\(label): 1:30 of 1:30 (100 %), ") == true, "\(lines)")
            #expect(progress.count == 11, "a line per tenth: \(progress)")
            // The prompts heard so far never go down.
            let heard = progress.compactMap { Int($0.split(separator: " ").dropLast().last ?? "") }
            #expect(heard.count == 11 && zip(heard, heard.dropFirst()).allSatisfy { $0 <= $1 } && heard.last! >= 3, "\(heard)")
        }
    }

    @Test func onATerminalEachRunningDriveHasABarRedrawnInPlace() async throws {
        let output = try await DriveRunner.driveShowingProgress(try Self.twoDrives(), ["--jobs", "2"], terminal: true)
        #expect(output.status == 1, "\(output.text)")
        // Each bar is written on a cleared line: "first   [████····]  0:42 / 1:30  2 prompts".
        // ("\r\n" from the terminal is one Character, a newline.)
        let bars = output.text.components(separatedBy: "\u{1B}[2K").dropFirst().map { String($0.prefix { !$0.isNewline }) }
        for label in ["first", "second"] {
            let mine = bars.filter { $0.hasPrefix(label + " ") }
            #expect(!mine.isEmpty, "\(bars)")
            #expect(mine.allSatisfy { $0.contains("[") && $0.contains(" / 1:30  ") && ($0.hasSuffix("prompts") || $0.hasSuffix("prompt")) }, "\(mine)")
            // The bar tells the truth to the end: the last one drawn is the drive's end.
            #expect(mine.last?.contains("1:30 / 1:30") == true, "\(mine)")
        }
        #expect(output.text.contains("\u{1B}[J"), "the bars of ended drives are cleared")
        // The results are printed above the bars, and the bars are gone at the end.
        #expect(output.text.contains("FAIL  first  Expectations: ") && output.text.contains("FAIL  second  Expectations: "), "\(output.text)")
        let tail = output.text.components(separatedBy: "2 drives in ").last ?? ""
        #expect(!tail.contains("\u{1B}[2K"), "no bar after the summary")
    }
}
