import FoundationEssentials
import StrictCoding
import TextFormat
import YAMLTree

/// Walks a YAML tree, collecting every problem with its key path and line (the style of
/// `AudioPolicy`'s policy file reader). Readers return nil after recording a problem.
struct YAMLReader {
    private(set) var problems: [ScenarioProblem] = []

    /// Composes `text`; a syntax error is one problem at the path "" (Yams names line and column).
    mutating func compose(_ text: String) -> YAMLNode? {
        do {
            guard let root = try YAMLTree.compose(yaml: text) else {
                problems.append(ScenarioProblem(path: "", line: 1, message: "the file is empty"))
                return nil
            }
            return root
        } catch {
            problems.append(ScenarioProblem(path: "", message: "not valid YAML: \(InputLimits.echo(parserError: error))"))
            return nil
        }
    }

    mutating func fail(_ path: String, _ node: YAMLNode?, _ message: String) {
        problems.append(ScenarioProblem(path: path, line: node?.mark?.line, message: message))
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The pairs of a mapping with keys as strings, rejecting keys not in `known`, requiring `required`.
    mutating func entries(_ node: YAMLNode, at path: String, known: [String], required: [String] = []) -> [String: YAMLNode] {
        guard let mapping = node.mapping else {
            fail(path, node, "expected a mapping with keys \(known.joined(separator: ", "))")
            return [:]
        }
        var result: [String: YAMLNode] = [:]
        // A required key that a mistyped one stands for: named once, at the typo's own line.
        var meant = Set<String>()
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            if !known.contains(key) {
                if let near = NearestName.suggestion(for: key, among: known) { meant.insert(near) }
                fail(
                    Self.join(path, key), keyNode,
                    "unknown key '\(InputLimits.echo(key))'\(NearestName.didYouMean(key, among: known)) (expected one of: \(known.joined(separator: ", ")))")
                continue
            }
            result[key] = value
        }
        for key in required where result[key] == nil && !meant.contains(key) {
            fail(Self.join(path, key), node, "missing required key '\(InputLimits.echo(key))'")
        }
        return result
    }

    /// The items of a sequence with their paths (`path[i]`).
    mutating func items(_ node: YAMLNode, at path: String) -> [(String, YAMLNode)] {
        guard let sequence = node.sequence else {
            fail(path, node, "expected a list")
            return []
        }
        return sequence.enumerated().map { ("\(path)[\($0.offset)]", $0.element) }
    }

    /// A scalar read as text exactly as written (`no`, `4:00` and `0.5` stay text).
    mutating func string(_ node: YAMLNode, at path: String) -> String? {
        guard let scalar = node.scalar else {
            fail(path, node, "expected text")
            return nil
        }
        return scalar.string
    }

    mutating func number(_ node: YAMLNode, at path: String, what: String = "a number") -> Double? {
        guard let text = node.scalar?.string, let value = Double(text.trimmingWhitespace()), value.isFinite else {
            fail(path, node, "expected \(what) (got '\(InputLimits.echo(node.scalar?.string ?? "a collection"))')")
            return nil
        }
        return value
    }

    mutating func nonNegative(_ node: YAMLNode, at path: String, what: String) -> Double? {
        guard let value = number(node, at: path, what: what) else { return nil }
        guard value >= 0 else {
            fail(path, node, "expected \(what) ≥ 0 (got \(ClockTime.formatNumber(value)))")
            return nil
        }
        return value
    }

    /// Seconds written as "m:ss", "h:mm:ss" or a plain number of seconds.
    mutating func time(_ node: YAMLNode, at path: String) -> Double? {
        guard let text = node.scalar?.string, let seconds = ClockTime.parse(text) else {
            fail(path, node, "expected a time as m:ss, h:mm:ss or seconds (got '\(InputLimits.echo(node.scalar?.string ?? "a collection"))')")
            return nil
        }
        return seconds
    }

    mutating func bool(_ node: YAMLNode, at path: String) -> Bool? {
        switch node.scalar?.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            fail(path, node, "expected true or false (got '\(InputLimits.echo(node.scalar?.string ?? "a collection"))')")
            return nil
        }
    }

    /// One of `allowed`, named `what` in the error.
    mutating func choice<T: RawRepresentable>(_ node: YAMLNode, at path: String, what: String, allowed: [T]) -> T?
    where T.RawValue == String {
        guard let text = node.scalar?.string, let value = allowed.first(where: { $0.rawValue == text }) else {
            let got = node.scalar?.string ?? "a collection"
            fail(path, node, "unknown \(what) '\(InputLimits.echo(got))' (expected one of: \(allowed.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        return value
    }
}
