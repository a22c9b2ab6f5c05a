import StrictCoding
import TextFormat
import YAMLTree

/// The scenario and route files' own values (times, speeds, distances, bounds), over the one
/// decoding layer: every problem is recorded with its key path and line, and a read that fails gives nil.
extension YAMLReader {
    /// The document of a scenario or route file; nil, with the problem recorded, when it is not YAML or empty.
    mutating func root(_ text: String, document: String) -> YAMLCursor? {
        guard let root = read(try YAMLCursor.root(yaml: text, document: document)) else { return nil }
        guard let root else {
            record(YAMLProblem(kind: .invalidYAML, document: document, path: "", line: 1, message: "the file is empty"))
            return nil
        }
        return root
    }

    /// A number ≥ 0; `what` says what is expected.
    mutating func nonNegative(_ node: YAMLCursor, what: String) -> Double? {
        guard let value = double(node, what) else { return nil }
        guard value >= 0 else {
            fail(node, "expected \(what) ≥ 0 (got \(ClockTime.formatNumber(value)))")
            return nil
        }
        return value
    }

    /// Seconds written as "m:ss", "h:mm:ss" or a plain number of seconds.
    mutating func time(_ node: YAMLCursor) -> Double? {
        guard let text = node.text, let seconds = ClockTime.parse(text) else {
            fail(node, "expected a time as m:ss, h:mm:ss or seconds (got '\(InputLimits.echo(node.text ?? "a collection"))')")
            return nil
        }
        return seconds
    }
}
