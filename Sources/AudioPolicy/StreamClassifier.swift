/// Decides what kind of source another program's stream is, from its properties (`media.role`,
/// `application.name`, …), so the engine can duck or pause it like the simulated ones. An ordered
/// table, the policy file's `classify:` section: the first rule that matches decides; a stream that
/// no rule matches is left alone.
public struct StreamClassifier: Hashable, Sendable {
    public var rules: [StreamRule]

    public init(rules: [StreamRule]) { self.rules = rules }

    /// The kind of a stream with these properties, or nil when the engine should leave it alone.
    public func kind(properties: [String: String]) -> SourceKind? {
        guard let rule = rules.first(where: { $0.matches(properties) }) else { return nil }
        switch rule.outcome {
        case .kind(let kind): return kind
        case .ignore: return nil
        case .declared: return properties[rule.property].flatMap(SourceKind.init(rawValue:))
        }
    }
}

/// One rule of the classifier: a test of one property, and what a stream that passes it is.
public struct StreamRule: Hashable, Sendable {
    public enum Test: Hashable, Sendable {
        /// The property equals one of these values (case-insensitive).
        case equals([String])
        /// The property contains one of these words (case-insensitive).
        case contains([String])
        case prefix(String)
        case present
        case absent
    }

    public enum Outcome: Hashable, Sendable {
        case kind(SourceKind)
        /// Not a source the engine should touch (VoxNav's own streams, speech that operates the machine).
        case ignore
        /// The kind the stream names in the property itself (`voxnav.source.kind: music`).
        case declared
    }

    public var property: String
    public var test: Test
    public var outcome: Outcome

    public init(_ property: String, _ test: Test, _ outcome: Outcome) {
        self.property = property
        self.test = test
        self.outcome = outcome
    }

    func matches(_ properties: [String: String]) -> Bool {
        let value = properties[property]
        switch test {
        case .equals(let values):
            guard let value = value?.lowercased() else { return false }
            return values.contains { $0.lowercased() == value }
        case .contains(let words):
            guard let value = value?.lowercased() else { return false }
            return words.contains { value.contains($0.lowercased()) }
        case .prefix(let prefix): return value?.hasPrefix(prefix) ?? false
        case .present: return value != nil
        case .absent: return value == nil
        }
    }
}
