import StrictCoding
import YAMLTree

extension PolicyReader {
    /// The `classify:` list; nil (with problems) when any rule is wrong.
    mutating func readClassify(_ node: YAMLCursor) -> [StreamRule]? {
        guard node.isSequence else {
            fail(node, "expected a list of rules, each {property: …, equals|contains|prefix|present|absent: …, then: …}")
            return nil
        }
        let before = problems.count
        var rules: [StreamRule] = []
        for item in read(try node.items()) ?? [] {
            if let rule = readRule(item) { rules.append(rule) }
        }
        return problems.count == before ? rules : nil
    }

    private mutating func readRule(_ node: YAMLCursor) -> StreamRule? {
        let tests = ["equals", "contains", "prefix", "present", "absent"]
        var property: String?
        var test: StreamRule.Test?
        var outcome: StreamRule.Outcome?
        let before = problems.count
        for (key, value) in entries(node, known: ["property", "then"] + tests) {
            switch key {
            case "property":
                property = word(value)
            case "then":
                outcome = self.outcome(value)
            default:
                guard test == nil else {
                    fail(value, "one test per rule (\(tests.joined(separator: ", ")))")
                    continue
                }
                test = self.test(key, value)
            }
        }
        guard let property, let test, let outcome else {
            // One problem a rule: the first thing it lacks, unless one of its keys was wrong already
            // (counted, not searched for: a search of every problem at every rule was quadratic).
            guard problems.count == before else { return nil }
            if property == nil {
                fail(node, "a rule needs a property")
            } else if test == nil {
                fail(node, "a rule needs a test: one of \(tests.joined(separator: ", "))")
            } else {
                fail(node, "a rule needs then: a source kind, ignore or declared")
            }
            return nil
        }
        return StreamRule(property, test, outcome)
    }

    /// Text that is not empty.
    private mutating func word(_ node: YAMLCursor) -> String? {
        guard let text = try? node.string(), !text.isEmpty else {
            fail(node, "expected a word")
            return nil
        }
        return text
    }

    private mutating func words(_ node: YAMLCursor) -> [String]? {
        let items = (try? node.items()) ?? []
        let words = items.compactMap { try? $0.string() }.filter { !$0.isEmpty }
        guard !items.isEmpty, words.count == items.count else {
            fail(node, "expected a list of words, e.g. [music, video]")
            return nil
        }
        return words
    }

    private mutating func test(_ key: String, _ node: YAMLCursor) -> StreamRule.Test? {
        switch key {
        case "equals": return words(node).map(StreamRule.Test.equals)
        case "contains": return words(node).map(StreamRule.Test.contains)
        case "prefix": return word(node).map(StreamRule.Test.prefix)
        default:
            guard (try? node.bool()) == true else {
                fail(node, "\(key) takes true (\(key): true)")
                return nil
            }
            return key == "present" ? .present : .absent
        }
    }

    /// A source kind, `ignore` or `declared`.
    private mutating func outcome(_ node: YAMLCursor) -> StreamRule.Outcome? {
        switch node.text {
        case "ignore": return .ignore
        case "declared": return .declared
        case let name?:
            if let kind = SourceKind(rawValue: name) { return .kind(kind) }
            fallthrough
        default:
            let allowed = SourceKind.allCases.map(\.rawValue) + ["ignore", "declared"]
            fail(node, YAMLCursor.unknown("outcome", node.text ?? "", allowed: allowed))
            return nil
        }
    }
}
