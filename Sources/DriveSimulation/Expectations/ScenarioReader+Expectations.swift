import AudioPolicy
import StrictCoding
import YAMLTree

extension YAMLReader {
    /// The `expect:` section; every problem is recorded with its key path and line.
    mutating func expectations(_ node: YAMLNode, at path: String) -> DriveExpectations {
        let problemsBefore = problems.count
        let keys = entries(node, at: path, known: DriveExpectations.keys)
        var result = DriveExpectations()
        if let n = keys["summary"] { result.summary = summaryBounds(n, at: Self.join(path, "summary")) }
        if let n = keys["said"] { result.said = items(n, at: Self.join(path, "said")).compactMap { promptExpectation($1, at: $0) } }
        if let n = keys["notSaid"] { result.notSaid = items(n, at: Self.join(path, "notSaid")).compactMap { promptExpectation($1, at: $0) } }
        if let n = keys["sources"] { result.sources = items(n, at: Self.join(path, "sources")).compactMap { sourceExpectation($1, at: $0) } }
        if result.isEmpty && problems.count == problemsBefore {
            fail(path, node, "expected at least one expectation (summary, said, notSaid or sources)")
        }
        return result
    }

    // MARK: summary

    private mutating func summaryBounds(_ node: YAMLNode, at path: String) -> [SummaryBound] {
        let keys = entries(node, at: path, known: SummaryMetric.allCases.map(\.rawValue))
        // In the order of SummaryMetric, so failures come out in a stable order.
        return SummaryMetric.allCases.compactMap { metric in
            keys[metric.rawValue].flatMap { summaryBound(metric, $0, at: Self.join(path, metric.rawValue)) }
        }
    }

    /// A number (at most) or `{min: …, max: …}`.
    private mutating func summaryBound(_ metric: SummaryMetric, _ node: YAMLNode, at path: String) -> SummaryBound? {
        let what = metric.isCount ? "a whole number ≥ 0" : "seconds ≥ 0"
        func limit(_ n: YAMLNode, at p: String) -> Double? {
            guard let value = nonNegative(n, at: p, what: what) else { return nil }
            guard !metric.isCount || value == value.rounded() else {
                fail(p, n, "\(metric.rawValue) is a count: expected a whole number (got \(ClockTime.formatNumber(value)))")
                return nil
            }
            return value
        }
        if node.scalar != nil { return limit(node, at: path).map { SummaryBound(metric: metric, max: $0) } }
        guard node.mapping != nil else {
            fail(path, node, "expected \(what) (an upper bound) or a mapping with min and/or max")
            return nil
        }
        let problemsBefore = problems.count
        let keys = entries(node, at: path, known: ["min", "max"])
        guard keys["min"] != nil || keys["max"] != nil else {
            if problems.count == problemsBefore { fail(path, node, "give min, max or both") }
            return nil
        }
        let low = keys["min"].flatMap { limit($0, at: Self.join(path, "min")) }
        let high = keys["max"].flatMap { limit($0, at: Self.join(path, "max")) }
        if (keys["min"] != nil && low == nil) || (keys["max"] != nil && high == nil) { return nil }
        if let low, let high, low > high {
            fail(path, node, "min (\(ClockTime.formatNumber(low))) is above max (\(ClockTime.formatNumber(high)))")
            return nil
        }
        return SummaryBound(metric: metric, min: low, max: high)
    }

    // MARK: prompts

    private mutating func promptExpectation(_ node: YAMLNode, at path: String) -> PromptExpectation? {
        let keys = entries(node, at: path, known: ["text", "pattern", "from", "to", "style", "before"])
        let matcher: PromptExpectation.Matcher?
        switch (keys["text"], keys["pattern"]) {
        case (let n?, nil):
            matcher = string(n, at: Self.join(path, "text")).flatMap { text in
                guard !text.isEmpty else {
                    fail(Self.join(path, "text"), n, "expected the prompt's text")
                    return nil
                }
                return .text(text)
            }
        case (nil, let n?): matcher = pattern(n, at: Self.join(path, "pattern"))
        case (nil, nil):
            if node.mapping != nil { fail(path, node, "give text (the whole prompt) or pattern (a regular expression)") }
            return nil
        default:
            fail(path, node, "give text or pattern, not both")
            return nil
        }
        let window = timeWindow(keys, node: node, at: path)
        var style: PromptStyle?
        if let n = keys["style"] {
            style = choice(n, at: Self.join(path, "style"), what: "prompt style", allowed: [PromptStyle.normal, .short])
            if style == nil { return nil }
        }
        var before: PromptExpectation.Clearance?
        if let n = keys["before"] {
            before = clearance(n, at: Self.join(path, "before"))
            if before == nil { return nil }
        }
        guard let matcher, let window else { return nil }
        return PromptExpectation(matcher: matcher, window: window, style: style, before: before)
    }

    private mutating func pattern(_ node: YAMLNode, at path: String) -> PromptExpectation.Matcher? {
        guard let text = string(node, at: path) else { return nil }
        guard !text.isEmpty else {
            fail(path, node, "expected a regular expression")
            return nil
        }
        do {
            _ = try Regex(text)
        } catch {
            fail(path, node, "'\(InputLimits.echo(text))' is not a regular expression: \(InputLimits.echo(parserError: error))")
            return nil
        }
        return .pattern(text)
    }

    /// `{maneuver: m3, distance: 150 m}`.
    private mutating func clearance(_ node: YAMLNode, at path: String) -> PromptExpectation.Clearance? {
        let keys = entries(node, at: path, known: ["maneuver", "distance"], required: ["maneuver", "distance"])
        let id = keys["maneuver"].flatMap { string($0, at: Self.join(path, "maneuver")) }
        let meters = keys["distance"].flatMap { distance($0, at: Self.join(path, "distance")) }
        guard let id, let meters else { return nil }
        return PromptExpectation.Clearance(maneuver: id, distance: meters, line: keys["maneuver"]?.mark?.line)
    }

    /// `from:` and `to:` of an entry; nil after a problem.
    private mutating func timeWindow(_ keys: [String: YAMLNode], node: YAMLNode, at path: String) -> TimeWindow? {
        var window = TimeWindow()
        var ok = true
        if let n = keys["from"] {
            window.from = time(n, at: Self.join(path, "from"))
            ok = ok && window.from != nil
        }
        if let n = keys["to"] {
            window.to = time(n, at: Self.join(path, "to"))
            ok = ok && window.to != nil
        }
        if let from = window.from, let to = window.to, to <= from {
            fail(Self.join(path, "to"), keys["to"], "to (\(ClockTime.format(to))) must come after from (\(ClockTime.format(from)))")
            ok = false
        }
        return ok ? window : nil
    }

    // MARK: sources

    private mutating func sourceExpectation(_ node: YAMLNode, at path: String) -> SourceExpectation? {
        let keys = entries(node, at: path, known: ["source", "from", "to", "during", "only", "never"], required: ["source"])
        let source = keys["source"].flatMap { choice($0, at: Self.join(path, "source"), what: "source", allowed: SourceKind.allCases) }
        let window = timeWindow(keys, node: node, at: path)
        var duringPrompts = false
        if let n = keys["during"] {
            if n.scalar?.string == "prompts" {
                duringPrompts = true
            } else {
                fail(Self.join(path, "during"), n, "expected prompts (the only value: while a prompt is heard)")
            }
        }
        let only = keys["only"].flatMap { states($0, at: Self.join(path, "only")) }
        let never = keys["never"].flatMap { states($0, at: Self.join(path, "never")) }
        if keys["only"] == nil && keys["never"] == nil && node.mapping != nil {
            fail(path, node, "give only (the states allowed), never (the states forbidden) or both")
        }
        guard let source, let window, keys["only"] == nil || only != nil, keys["never"] == nil || never != nil else { return nil }
        return SourceExpectation(source: source.rawValue, window: window, duringPrompts: duringPrompts, only: only, never: never)
    }

    /// A state or a list of states.
    private mutating func states(_ node: YAMLNode, at path: String) -> Set<SourceTrack.State>? {
        let nodes = node.sequence.map { Array($0) } ?? [node]
        var result: Set<SourceTrack.State> = []
        var ok = true
        for (index, item) in nodes.enumerated() {
            let itemPath = node.sequence == nil ? path : "\(path)[\(index)]"
            if let state = choice(item, at: itemPath, what: "source state", allowed: SourceTrack.State.allCases) {
                result.insert(state)
            } else {
                ok = false
            }
        }
        if nodes.isEmpty {
            fail(path, node, "expected at least one state (\(SourceTrack.State.allCases.map(\.rawValue).joined(separator: ", ")))")
            ok = false
        }
        return ok ? result : nil
    }
}
