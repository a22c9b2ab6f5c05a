import AudioPolicy
import StrictCoding
import YAMLTree

extension YAMLReader {
    /// The `expect:` section; every problem is recorded with its key path and line.
    mutating func expectations(_ node: YAMLCursor) -> DriveExpectations {
        let problemsBefore = problems.count
        let keys = entries(node, known: DriveExpectations.keys)
        var result = DriveExpectations()
        if let n = keys["summary"] { result.summary = summaryBounds(n) }
        if let n = keys["said"] { result.said = items(n).compactMap { promptExpectation($0) } }
        if let n = keys["notSaid"] { result.notSaid = items(n).compactMap { promptExpectation($0) } }
        if let n = keys["sources"] { result.sources = items(n).compactMap { sourceExpectation($0) } }
        if result.isEmpty && problems.count == problemsBefore {
            fail(node, "expected at least one expectation (summary, said, notSaid or sources)")
        }
        return result
    }

    // MARK: summary

    private mutating func summaryBounds(_ node: YAMLCursor) -> [SummaryBound] {
        let keys = entries(node, known: SummaryMetric.allCases.map(\.rawValue))
        // In the order of SummaryMetric, so failures come out in a stable order.
        return SummaryMetric.allCases.compactMap { metric in
            keys[metric.rawValue].flatMap { summaryBound(metric, $0) }
        }
    }

    /// A number (at most) or `{min: …, max: …}`.
    private mutating func summaryBound(_ metric: SummaryMetric, _ node: YAMLCursor) -> SummaryBound? {
        let what = metric.isCount ? "a whole number ≥ 0" : "seconds ≥ 0"
        func limit(_ n: YAMLCursor) -> Double? {
            guard let value = nonNegative(n, what: what) else { return nil }
            guard !metric.isCount || value == value.rounded() else {
                fail(n, "\(metric.rawValue) is a count: expected a whole number (got \(ClockTime.formatNumber(value)))")
                return nil
            }
            return value
        }
        if node.isScalar { return limit(node).map { SummaryBound(metric: metric, max: $0) } }
        guard node.isMapping else {
            fail(node, "expected \(what) (an upper bound) or a mapping with min and/or max")
            return nil
        }
        let problemsBefore = problems.count
        let keys = entries(node, known: ["min", "max"])
        guard keys["min"] != nil || keys["max"] != nil else {
            if problems.count == problemsBefore { fail(node, "give min, max or both") }
            return nil
        }
        let low = keys["min"].flatMap { limit($0) }
        let high = keys["max"].flatMap { limit($0) }
        if (keys["min"] != nil && low == nil) || (keys["max"] != nil && high == nil) { return nil }
        if let low, let high, low > high {
            fail(node, "min (\(ClockTime.formatNumber(low))) is above max (\(ClockTime.formatNumber(high)))")
            return nil
        }
        return SummaryBound(metric: metric, min: low, max: high)
    }

    // MARK: prompts

    private mutating func promptExpectation(_ node: YAMLCursor) -> PromptExpectation? {
        let keys = entries(node, known: ["text", "pattern", "from", "to", "style", "before"])
        let matcher: PromptExpectation.Matcher?
        switch (keys["text"], keys["pattern"]) {
        case (let n?, nil):
            matcher = string(n).flatMap { text in
                guard !text.isEmpty else {
                    fail(n, "expected the prompt's text")
                    return nil
                }
                return .text(text)
            }
        case (nil, let n?): matcher = pattern(n)
        case (nil, nil):
            if node.isMapping { fail(node, "give text (the whole prompt) or pattern (a regular expression)") }
            return nil
        default:
            fail(node, "give text or pattern, not both")
            return nil
        }
        let window = timeWindow(keys, node: node)
        var style: PromptStyle?
        if let n = keys["style"] {
            style = value(n, "prompt style", among: [PromptStyle.normal, .short])
            if style == nil { return nil }
        }
        var before: PromptExpectation.Clearance?
        if let n = keys["before"] {
            before = clearance(n)
            if before == nil { return nil }
        }
        guard let matcher, let window else { return nil }
        return PromptExpectation(matcher: matcher, window: window, style: style, before: before)
    }

    private mutating func pattern(_ node: YAMLCursor) -> PromptExpectation.Matcher? {
        guard let text = string(node) else { return nil }
        guard !text.isEmpty else {
            fail(node, "expected a regular expression")
            return nil
        }
        do {
            _ = try Regex(text)
        } catch {
            fail(node, "'\(InputLimits.echo(text))' is not a regular expression: \(InputLimits.echo(parserError: error))")
            return nil
        }
        return .pattern(text)
    }

    /// `{maneuver: m3, distance: 150 m}`.
    private mutating func clearance(_ node: YAMLCursor) -> PromptExpectation.Clearance? {
        let keys = entries(node, known: ["maneuver", "distance"], required: ["maneuver", "distance"])
        let id = string(keys["maneuver"])
        let meters = keys["distance"].flatMap { distance($0) }
        guard let id, let meters else { return nil }
        return PromptExpectation.Clearance(maneuver: id, distance: meters, line: keys["maneuver"]?.line)
    }

    /// `from:` and `to:` of an entry; nil after a problem.
    private mutating func timeWindow(_ keys: YAMLEntries, node: YAMLCursor) -> TimeWindow? {
        var window = TimeWindow()
        var ok = true
        if let n = keys["from"] {
            window.from = time(n)
            ok = ok && window.from != nil
        }
        if let n = keys["to"] {
            window.to = time(n)
            ok = ok && window.to != nil
        }
        if let from = window.from, let to = window.to, to <= from {
            fail(keys["to"]!, "to (\(ClockTime.format(to))) must come after from (\(ClockTime.format(from)))")
            ok = false
        }
        return ok ? window : nil
    }

    // MARK: sources

    private mutating func sourceExpectation(_ node: YAMLCursor) -> SourceExpectation? {
        let keys = entries(node, known: ["source", "from", "to", "during", "only", "never"], required: ["source"])
        let source = value(keys["source"], "source", among: SourceKind.allCases)
        let window = timeWindow(keys, node: node)
        var duringPrompts = false
        if let n = keys["during"] {
            if n.text == "prompts" {
                duringPrompts = true
            } else {
                fail(n, "expected prompts (the only value: while a prompt is heard)")
            }
        }
        let only = keys["only"].flatMap { states($0) }
        let never = keys["never"].flatMap { states($0) }
        if keys["only"] == nil && keys["never"] == nil && node.isMapping {
            fail(node, "give only (the states allowed), never (the states forbidden) or both")
        }
        guard let source, let window, keys["only"] == nil || only != nil, keys["never"] == nil || never != nil else { return nil }
        return SourceExpectation(source: source.rawValue, window: window, duringPrompts: duringPrompts, only: only, never: never)
    }

    /// A state or a list of states.
    private mutating func states(_ node: YAMLCursor) -> Set<SourceTrack.State>? {
        let nodes = node.isSequence ? items(node) : [node]
        var result: Set<SourceTrack.State> = []
        var ok = true
        for item in nodes {
            if let state = value(item, "source state", among: SourceTrack.State.allCases) {
                result.insert(state)
            } else {
                ok = false
            }
        }
        if nodes.isEmpty {
            fail(node, "expected at least one state (\(SourceTrack.State.allCases.map(\.rawValue).joined(separator: ", ")))")
            ok = false
        }
        return ok ? result : nil
    }
}
