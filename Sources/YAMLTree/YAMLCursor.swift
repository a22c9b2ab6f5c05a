import StrictCoding

/// A node with the key path it was reached by, so that every problem found in it says where it
/// is: what the readers of policies, phrase packs and scenarios walk. The typed reads are in
/// `YAMLCursor+Scalars.swift`; `YAMLReader` reads on after a problem.
public struct YAMLCursor: Sendable {
    public let node: YAMLNode
    /// Dotted keys and list indexes from the root: `ramps.duck`, `maneuvers[0].lanes[1]`.
    public let path: String
    /// What the text is, stamped on the problems of the root (see `YAMLProblem.document`).
    public let document: String?
    /// The most characters a text value may have, or nil for no limit.
    public let textLimit: TextLimit?

    /// A phrase pack's phrases fit in a few seconds of speech: "over the 400 [characters] a phrase may have".
    public struct TextLimit: Sendable {
        public let characters: Int
        /// What a text value is, in the problem: "a phrase".
        public let what: String

        public init(characters: Int, what: String) {
            self.characters = characters
            self.what = what
        }
    }

    public init(_ node: YAMLNode, path: String = "", document: String? = nil, textLimit: TextLimit? = nil) {
        self.node = node
        self.path = path
        self.document = document
        self.textLimit = textLimit
    }

    /// The document of `yaml`, or nil when the text holds none. Text that is not YAML is one
    /// problem with the whole text ("not valid YAML: " and libyaml's words, with its line and column).
    public static func root(yaml: String, document: String? = nil, textLimit: TextLimit? = nil) throws(YAMLProblem) -> YAMLCursor? {
        do {
            return try YAMLTree.compose(yaml: yaml).map { YAMLCursor($0, document: document, textLimit: textLimit) }
        } catch {
            throw YAMLProblem(kind: .invalidYAML, document: document, path: "", message: "not valid YAML: \(InputLimits.echo(parserError: error))")
        }
    }

    public var line: Int? { node.mark?.line }
    /// A scalar's text as written, nil for a collection: for a reader's own parse (a time, a speed).
    public var text: String? { node.scalar?.string }
    /// The last component of the path: the key this node was found under.
    public var key: String { String(path.split(separator: ".").last ?? "") }
    public var isMapping: Bool { node.mapping != nil }
    public var isSequence: Bool { node.sequence != nil }
    public var isScalar: Bool { node.scalar != nil }
    /// A plain `~`, `null` or nothing at all.
    public var isNull: Bool { node.isNull }

    /// `path` and `key` joined: `ramps` and `duck` are `ramps.duck`.
    public func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The value found under `key` of this node (which the caller found), with its path.
    public func child(_ key: String, _ value: YAMLNode) -> YAMLCursor {
        YAMLCursor(value, path: path(of: key), document: document, textLimit: textLimit)
    }

    /// A problem here (or at `key` below here, for a key that is missing), with this node's line.
    public func problem(_ message: String, kind: YAMLProblem.Kind = .invalidValue, key: String? = nil) -> YAMLProblem {
        let at = key.map(path(of:)) ?? path
        return YAMLProblem(kind: kind, document: at.isEmpty ? document : nil, path: at, line: line, message: message)
    }

    // MARK: collections

    /// A mapping's entries in file order; a problem for anything else, or for a key that is a collection.
    public func entries() throws(YAMLProblem) -> YAMLEntries {
        guard let mapping = node.mapping else { throw problem("expected a mapping", kind: .wrongShape) }
        var result: [(key: String, value: YAMLCursor)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw problem("keys must be plain text", kind: .wrongShape) }
            result.append((name, child(name, value)))
        }
        return YAMLEntries(result)
    }

    /// A sequence's items, with their paths (`path[i]`); a problem for anything else.
    public func items(_ expected: String = "a list") throws(YAMLProblem) -> [YAMLCursor] {
        guard let sequence = node.sequence else { throw problem("expected \(expected)", kind: .wrongShape) }
        return sequence.enumerated().map { YAMLCursor($1, path: "\(path)[\($0)]", document: document, textLimit: textLimit) }
    }

    /// The value of `key` (the first, if the key is written twice), or nil; a problem when this is not a mapping.
    public func optional(_ key: String) throws(YAMLProblem) -> YAMLCursor? {
        guard let mapping = node.mapping else { throw problem("expected a mapping", kind: .wrongShape) }
        return mapping[key].map { child(key, $0) }
    }

    public func required(_ key: String) throws(YAMLProblem) -> YAMLCursor {
        guard let value = try optional(key) else { throw missingKey(key) }
        return value
    }

    /// Refuses the first key outside `allowed`: a typo must not silently drop a value.
    public func onlyKeys(_ allowed: [String]) throws(YAMLProblem) {
        for (key, value) in try entries() where !allowed.contains(key) {
            throw value.unknownKey(key, allowed: allowed)
        }
    }

    /// `missing required key 'name'`, at the key's path and this mapping's line.
    public func missingKey(_ key: String) -> YAMLProblem {
        problem("missing required key '\(InputLimits.echo(key))'", kind: .missingKey, key: key)
    }

    /// `unknown key 'lingr' (did you mean 'linger'?) (expected one of: linger, idleCap)`, here.
    public func unknownKey(_ key: String, allowed: [String], line: Int? = nil) -> YAMLProblem {
        var found = problem(Self.unknown("key", key, allowed: allowed), kind: .unknownKey)
        found.line = line ?? found.line
        return found
    }

    /// The one message for a name outside a closed set: `unknown <what> 'x' (did you mean 'y'?)
    /// (expected one of: a, b)`; the name is echoed cut, and the nearest allowed one suggested.
    public static func unknown(_ what: String, _ name: String, allowed: [String]) -> String {
        "unknown \(what) '\(InputLimits.echo(name))'\(NearestName.didYouMean(name, among: allowed)) (expected one of: \(allowed.joined(separator: ", ")))"
    }
}
