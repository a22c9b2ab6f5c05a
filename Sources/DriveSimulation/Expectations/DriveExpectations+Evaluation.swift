extension DriveExpectations {
    /// Every expectation the finished drive did not meet, in the scenario's order. `kinematics` places
    /// the vehicle at each prompt's start, for the `before:` distances.
    public func evaluate(_ report: TimelineReport, kinematics: DriveKinematics) -> [ExpectationFailure] {
        var failures: [ExpectationFailure] = []
        for bound in summary {
            let value = bound.metric.value(in: report.summary)
            guard !bound.holds(for: value) else { continue }
            failures.append(
                ExpectationFailure(
                    path: "expect.summary.\(bound.metric.rawValue)", expected: "\(bound.metric.rawValue) \(bound.phrase)",
                    seen: ClockTime.formatNumber(bound.metric.isCount ? value : (value * 1000).rounded() / 1000)
                        + Self.examples(of: bound.metric, in: report)))
        }
        let places = PromptPlaces(kinematics: kinematics)
        for (index, expectation) in said.enumerated() {
            let matching = report.prompts.filter { expectation.matcher.matches($0.text) }
            guard !matching.contains(where: { places.qualifies($0, for: expectation) }) else { continue }
            let seen =
                matching.isEmpty
                ? "no prompt matched (\(Self.describe(report.prompts.filter(\.played), places: places, before: nil, none: "none was said")))"
                : "only " + Self.describe(matching, places: places, before: expectation.before, none: "")
            failures.append(ExpectationFailure(path: "expect.said[\(index)]", expected: "said " + expectation.phrase, seen: seen))
        }
        for (index, expectation) in notSaid.enumerated() {
            let offending = report.prompts.filter { expectation.matcher.matches($0.text) && places.qualifies($0, for: expectation) }
            guard !offending.isEmpty else { continue }
            failures.append(
                ExpectationFailure(
                    path: "expect.notSaid[\(index)]", expected: "not said " + expectation.phrase,
                    seen: Self.describe(offending, places: places, before: expectation.before, none: "")))
        }
        for (index, expectation) in sources.enumerated() {
            if let seen = expectation.violation(in: report) {
                failures.append(ExpectationFailure(path: "expect.sources[\(index)]", expected: expectation.phrase, seen: seen))
            }
        }
        return failures
    }

    /// At most three prompts, each with when and how, then how many more.
    static func describe(_ prompts: [PromptRecord], places: PromptPlaces, before: PromptExpectation.Clearance?, none: String) -> String {
        guard !prompts.isEmpty else { return none }
        var parts = prompts.prefix(3).map { prompt in
            var text = "\"\(prompt.text)\" "
            if prompt.played, let start = prompt.startedAt {
                text += "said at \(ClockTime.format(start)) as \(prompt.style?.rawValue ?? "?")"
                if let before, let distance = places.distance(to: before.maneuver, at: start) {
                    text += ", \(ClockTime.formatNumber(distance.rounded())) m before \(before.maneuver)"
                }
            } else {
                text += "\(prompt.result.rawValue) at \(ClockTime.format(prompt.queuedAt ?? 0))" + (prompt.reason.map { " (\($0))" } ?? "")
            }
            return text
        }
        if prompts.count > 3 { parts.append("and \(prompts.count - 3) more") }
        return parts.joined(separator: "; ")
    }

    /// The entries behind a count: which prompts were skipped or expired, which rules were broken.
    static func examples(of metric: SummaryMetric, in report: TimelineReport) -> String {
        let listed: [String]
        switch metric {
        case .promptsSkipped, .promptsExpired, .promptsInterrupted, .promptsCut, .promptsRefused:
            let result: PromptRecord.Result =
                switch metric {
                case .promptsSkipped: .skipped
                case .promptsExpired: .expired
                case .promptsRefused: .refused
                default: .interrupted
                }
            listed = report.prompts.filter { $0.result == result && (metric != .promptsCut || $0.cut != nil) }.map {
                "\"\($0.text)\" at \(ClockTime.format($0.queuedAt ?? $0.endedAt ?? 0))" + ($0.reason.map { " (\($0))" } ?? "")
            }
        case .violations:
            listed = report.audit.map { "\($0.rule) at \(ClockTime.format($0.time))" }
        default:
            return ""
        }
        guard !listed.isEmpty else { return "" }
        return ": " + listed.prefix(3).joined(separator: "; ") + (listed.count > 3 ? "; and \(listed.count - 3) more" : "")
    }
}
