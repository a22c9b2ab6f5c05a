import DriveSimulation
import FoundationEssentials
import RPC
import TextFormat

/// The drive's summary as printed and written (summary.txt): every prompt in order, then the
/// at-a-glance numbers.
enum DriveSummaryText {
    static func render(
        _ report: TimelineReport, scenario: Scenario, clock: ClockMode, wallSeconds: Double, audio: String,
        updates: (scheduled: Int, sent: Int), peaks: (daemon: Int?, driver: Int), notes: [String], failures: [ExpectationFailure], files: [String]
    ) -> String {
        let s = report.summary
        var lines = [
            "drive \"\(scenario.name)\" (\(scenario.language), \(scenario.vehicle.rawValue)): \(ClockTime.format(report.duration)) of driving"
                + " on the \(clock.rawValue) clock, run in \(String(cFormat: "%.1f", wallSeconds)) s",
            "audio: \(audio)",
            "guidance updates: \(updates.sent) of \(updates.scheduled) sent"
                + (updates.sent < updates.scheduled ? " (the others fell in the announcer's quiet windows)" : ""),
            "peak memory: " + (peaks.daemon.map { "voxnavd \(megabytes($0)), " } ?? "") + "voxnav \(megabytes(peaks.driver))",
            "",
        ]
        // The prompts, with the moments guidance paused, resumed and ended (the car's own navigation
        // taking over, the arrival said) among them.
        var timed: [(time: Double, line: String)] = []
        for prompt in report.prompts {
            let time = prompt.startedAt ?? prompt.queuedAt ?? prompt.endedAt ?? 0
            let how =
                prompt.played
                ? (prompt.style?.rawValue ?? "?") + (prompt.result == .shortened ? ", shortened" : "")
                : prompt.cut.map { "cut: \($0)" } ?? prompt.result.rawValue
            var line = "  \(column(time)) \(how.count < 17 ? how.padding(toWidth: 17) : how) \"\(prompt.text)\""
            if let maneuver = prompt.maneuver, let state = prompt.state, let lead = prompt.lead {
                line += " · \(maneuver) \(state.rawValue): \(gap(lead.firstSample)) → \(gap(lead.lastSample))"
            }
            if prompt.played, let margin = prompt.aboveBed { line += String(cFormat: " · %.1f dB over the bed", margin) }
            if !prompt.played, let reason = prompt.reason { line += " — \(reason)" }
            timed.append((time, line))
        }
        for end in report.guidanceEnds where end.reason != "clientRequest" {
            timed.append((end.time, "  \(column(end.time)) guidance ended: \(end.reason)"))
        }
        for pause in report.guidancePauses {
            timed.append((pause.began, "  \(column(pause.began)) guidance paused: \(pause.reason)"))
            if let ended = pause.ended { timed.append((ended, "  \(column(ended)) guidance resumed")) }
        }
        lines += timed.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element.line)
        lines += [
            "",
            "prompts: \(s.promptsQueued) queued · \(s.promptsNormal) normal (\(s.promptsShortened) shortened) · \(s.promptsShort) short (tone)"
                + " · \(s.promptsSkipped) skipped · \(s.promptsExpired) expired" + (s.promptsRefused > 0 ? " · \(s.promptsRefused) refused" : ""),
            String(
                cFormat: "ducked: %.1f s in all · %d activations, overhang mean %.3f s, max %.3f s", s.totalDuckedSeconds, s.activations,
                s.meanActivationOverhang, s.maxActivationOverhang),
            "final instructions: \(s.finalInstructions)" + Self.timeAfterLastWord(s),
            Self.overTheBed(s, clock: clock),
            String(cFormat: "podcast seconds lost: %.1f · guideline violations: %d", s.podcastSecondsLost, s.violations)
                + Self.byRule(s.violationsByRule),
        ]
        if let first = report.tripEstimates.first, let last = report.tripEstimates.last {
            let changes = zip(report.tripEstimates, report.tripEstimates.dropFirst()).filter { $0.arrivalClock != $1.arrivalClock }.count
            lines.append(
                "arrival: \(last.arrivalClock) on the driver's clock" + (first.arrivalDerived ? " (worked out by voxnavd)" : "")
                    + ", estimated \(first.arrivalClock) at \(ClockTime.format(first.time)) with "
                    + String(cFormat: "%.1f km", first.distance / 1000) + " and \(ClockTime.format(first.timeToGo)) to go"
                    + (changes == 0 ? "; it never changed" : "; it changed \(changes) time\(changes == 1 ? "" : "s")"))
        }
        if !notes.isEmpty { lines += ["", "notes:"] + notes.map { "  \($0)" } }
        lines += expectationLines(count: scenario.expect.count, failures: failures)
        lines += ["", "wrote " + files.joined(separator: ", ")]
        // Names and texts come from the scenario, the route and the daemon: printed and in summary.txt,
        // their control characters are written out (a line break among them stays one).
        return lines.joined(separator: "\n").escapingControlCharacters(keepingLineBreaks: true)
    }

    /// "120 m/8.1 s": meters and seconds to the maneuver ("–" for the seconds when the drive ended first).
    private static func gap(_ gap: ManeuverLead.Gap) -> String {
        String(cFormat: "%.0f m/", gap.meters) + (gap.seconds.map { String(cFormat: "%.1f s", $0) } ?? "–")
    }

    /// " · time after the last word: least …, median …", or nothing without final instructions.
    private static func timeAfterLastWord(_ s: TimelineSummary) -> String {
        guard let least = s.minTimeAfterLastWord else { return "" }
        return String(cFormat: " · time after the last word: least %.1f s, median %.1f s", least, s.medianTimeAfterLastWord ?? least)
    }

    /// How far the prompts stood above what played under them, as `prompt.started` told it.
    private static func overTheBed(_ s: TimelineSummary, clock: ClockMode) -> String {
        if let least = s.minAboveBed {
            return String(
                cFormat: "prompt over the bed: least %.1f dB, median %.1f dB (%d prompts over a measured bed)", least, s.medianAboveBed ?? least,
                s.promptsOverBed)
        }
        return clock == .virtual
            ? "prompt over the bed: not measured on the virtual clock (no prompt is played)"
            : "prompt over the bed: no prompt played over a measured bed"
    }

    /// " (rule 2, other 1)", or nothing without violations.
    private static func byRule(_ counts: [String: Int]) -> String {
        guard !counts.isEmpty else { return "" }
        let parts: [String] = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return " (" + parts.joined(separator: ", ") + ")"
    }

    private static func megabytes(_ bytes: Int) -> String { String(cFormat: "%.1f MB", Double(bytes) / 1_000_000) }

    private static func column(_ time: Double) -> String { ClockTime.format(time).padding(toWidth: 7) }

    /// "expectations: 9 held", or how many failed and each failure with what was seen.
    static func expectationLines(count: Int, failures: [ExpectationFailure]) -> [String] {
        guard count > 0 else { return [] }
        if failures.isEmpty { return ["", "expectations: \(count) held"] }
        return ["", "expectations: \(failures.count) of \(count) FAILED"] + failures.map { "  ✗ \($0)" }
    }
}
