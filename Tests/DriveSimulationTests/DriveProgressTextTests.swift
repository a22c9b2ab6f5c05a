import Testing

@testable import DriveSimulation

/// The progress display's words and terminal frames.
@Suite struct DriveProgressTextTests {
    @Test func aBarShowsTheDriveTimeAndPromptsSoFar() {
        #expect(
            DriveProgressText.bar(label: "city-commute", time: 126, total: 503, prompts: 5, labelWidth: 14, barWidth: 10)
                == "city-commute    [██········]  2:06 / 8:23  5 prompts")
        #expect(
            DriveProgressText.bar(label: "a-very-long-scenario-name", time: 503, total: 503, prompts: 1, labelWidth: 8, barWidth: 4)
                == "a-very-…  [████]  8:23 / 8:23  1 prompt")
        // Past the end or before the start, the bar stays within its width.
        #expect(DriveProgressText.bar(label: "x", time: 900, total: 10, prompts: 0, labelWidth: 1, barWidth: 3) == "x  [███]  15:00 / 0:10  0 prompts")
        #expect(DriveProgressText.bar(label: "x", time: 0, total: 0, prompts: 0, labelWidth: 1, barWidth: 3) == "x  [███]  0:00 / 0:00  0 prompts")
    }

    @Test func plainLinesComeEveryTenth() {
        #expect(DriveProgressText.line(label: "de", time: 107, total: 534, prompts: 3) == "de: 1:47 of 8:54 (20 %), 3 prompts")
        let tenths = stride(from: 0.0, through: 534, by: 1).map { DriveProgressText.tenth(time: $0, total: 534) }
        #expect(tenths.first == 0 && tenths.last == 10)
        #expect(zip(tenths, tenths.dropFirst()).allSatisfy { $1 == $0 || $1 == $0 + 1 }, "one tenth after another, none skipped or repeated")
        #expect(Set(tenths).count == 11)
    }

    @Test func aFrameRedrawsTheRowsInPlace() {
        #expect(DriveProgressText.frame(previousRows: 0, rows: ["a", "b"]) == "\r\u{1B}[2Ka\n\r\u{1B}[2Kb\n\u{1B}[J")
        // Back up over the three rows drawn last time; the row of a drive that ended is cleared.
        #expect(DriveProgressText.frame(previousRows: 3, rows: ["a", "b"]) == "\u{1B}[3A\r\u{1B}[2Ka\n\r\u{1B}[2Kb\n\u{1B}[J")
        #expect(DriveProgressText.frame(previousRows: 2, rows: []) == "\u{1B}[2A\u{1B}[J")
    }
}
