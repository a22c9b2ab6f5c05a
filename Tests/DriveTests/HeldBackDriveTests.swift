import DriveSimulation
import Foundation
import Testing

/// No backlog after a call or the assistant: the real `voxnav drive`, judged from its report. The
/// blocker spans two turns (the right turn m1 is passed during it, the left turn m2 is close when
/// it ends); once it ends exactly one prompt plays, for m2, at the distance then, and none for m1.
@Suite struct HeldBackDriveTests {
    /// 50 km/h: m1's prepare (~43 s) and "turn now" (~57 s), m2's prepare (~86 s) all fall in the
    /// blocker (0:30–1:30); m2's "turn now" comes at ~1:40. `expect:` has `voxnav drive` judge it too.
    static func scenario(blocker: String, setting: String? = nil, expect: String) -> String {
        """
        name: \(blocker) over two turns
        language: en-US
        \(setting.map { "promptsDuringCall: \($0)\n" } ?? "")route:
          maneuvers:
            - {type: startRoute, roadName: Main Street}
            - {distance: 900, type: rightTurn, roadName: Solar Circle}
            - {distance: 600, type: leftTurn, roadName: Baker Street}
            - {distance: 1200, type: arriveAtDestination}
        speed: 50 km/h
        audio:
          - {at: 0, event: radio.on}
          - {at: 30, event: \(blocker), until: 90}
        expect:
          summary: {violations: 0}
        \(expect)
        """
    }

    /// After the blocker: one spoken prompt at its end, for m2; nothing for m1.
    static let oneAfter = """
          said:
            - {pattern: '^In \\d+ feet, turn left onto Baker Street$', from: "1:30", to: "1:31", style: normal}
          notSaid:
            - {pattern: right, from: "1:30"}
        """

    static func report(_ scenario: String) async throws -> TimelineReport {
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(scenario))
        try #require(output.status == 0, "\(output.text)")
        return try output.report()
    }

    /// The feet said in "In N feet, …".
    static func feet(_ text: String) -> Int? {
        text.firstMatch(of: /^In (\d+) feet/).flatMap { Int($0.1) }
    }

    /// Exactly one guidance prompt started from the blocker's end until m2's "turn now", said in
    /// full, for m2, nearer than the prompt the blocker held back; none for m1 after the blocker.
    static func expectOnePromptAfter(_ report: TimelineReport, heldBack: (PromptRecord) -> Bool) throws {
        let after = report.prompts.filter { ($0.startedAt ?? $0.queuedAt ?? 0) >= 90 && ($0.startedAt ?? $0.queuedAt ?? 0) < 99 }
        #expect(after.count == 1, "\(report.prompts.map { ($0.text, $0.queuedAt, $0.result) })")
        let caughtUp = try #require(after.first)
        #expect(caughtUp.played && caughtUp.style == .normal, "\(caughtUp)")
        #expect(caughtUp.text.hasSuffix("turn left onto Baker Street"), "\(caughtUp.text)")
        // m2's prepare, held back at ~86 s, was for about 1000 feet (~305 m); 4 s later the car is ~55 m nearer, and says so.
        let held = try #require(report.prompts.last { ($0.queuedAt ?? 0) < 90 && $0.text.contains("left") && heldBack($0) })
        let said = try #require(feet(caughtUp.text))
        #expect(said < 1000 && said >= 600, "\(caughtUp.text) after \(held.text)")
        #expect(!report.prompts.contains { ($0.startedAt ?? 0) >= 90 && $0.text.contains("right") }, "m1 was passed during the blocker")
        #expect(report.prompts.contains { $0.played && $0.text == "Turn left onto Baker Street" && ($0.startedAt ?? 0) >= 99 }, "m2's own turn now still comes")
    }

    /// A call with the default setting: tones during it, then one spoken prompt.
    @Test func afterACallOnePromptForTheTurnStillAheadNotABacklog() async throws {
        let report = try await Self.report(Self.scenario(blocker: "call.begin", expect: Self.oneAfter))
        let during = report.prompts.filter { ($0.queuedAt ?? 0) >= 30 && ($0.queuedAt ?? 0) < 90 }
        #expect(during.count == 3 && during.allSatisfy { $0.played && $0.style == .short }, "\(during)")
        try Self.expectOnePromptAfter(report) { $0.style == .short }
    }

    /// The assistant listening: nothing during it (style none), then one spoken prompt.
    @Test func afterTheAssistantOnePromptForTheTurnStillAhead() async throws {
        let report = try await Self.report(Self.scenario(blocker: "assistant.listen", expect: Self.oneAfter))
        let during = report.prompts.filter { ($0.queuedAt ?? 0) >= 30 && ($0.queuedAt ?? 0) < 90 }
        #expect(!during.isEmpty && during.allSatisfy { $0.result == .skipped }, "\(during)")
        try Self.expectOnePromptAfter(report) { $0.result == .skipped }
    }

    /// Prompts during a call off: nothing during it, then one spoken prompt.
    @Test func withPromptsOffDuringCallsNothingPlaysThenOnePrompt() async throws {
        let report = try await Self.report(Self.scenario(blocker: "call.begin", setting: "off", expect: Self.oneAfter))
        let during = report.prompts.filter { ($0.queuedAt ?? 0) >= 30 && ($0.queuedAt ?? 0) < 90 }
        #expect(!during.isEmpty && during.allSatisfy { $0.result == .skipped && $0.reason?.contains("voiceCallActive") == true }, "\(during)")
        try Self.expectOnePromptAfter(report) { $0.result == .skipped }
        #expect(report.summary.promptsShort == 0)
    }

    /// Prompts during a call by voice: spoken over the call, so nothing is owed when it ends.
    @Test func withVoiceDuringCallsThePromptsAreSpokenAndNothingIsOwed() async throws {
        let nothingAfter = """
              said:
                - {pattern: '^In \\d+ feet, turn left onto Baker Street$', from: "1:20", to: "1:29", style: normal}
              notSaid:
                - {pattern: ., from: "1:30", to: "1:39"}
            """
        let report = try await Self.report(Self.scenario(blocker: "call.begin", setting: "voice", expect: nothingAfter))
        let during = report.prompts.filter { ($0.queuedAt ?? 0) >= 30 && ($0.queuedAt ?? 0) < 90 }
        #expect(during.count == 3 && during.allSatisfy { $0.played && $0.style == .normal }, "\(during)")
        #expect(!report.prompts.contains { ($0.queuedAt ?? 0) >= 90 && ($0.queuedAt ?? 0) < 99 })
        #expect(report.summary.promptsShort == 0)
    }
}
