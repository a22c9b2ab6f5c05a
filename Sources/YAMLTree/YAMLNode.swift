/// A node of a composed YAML document: a scalar, a sequence or a mapping, with where it starts.
///
/// What the readers of policies, phrase packs and scenarios ask of a node, read the way Yams read it
/// before (the project used Yams, which imports the whole of Foundation): `int`, `float`, `bool`
/// and `isNull` resolve plain scalars only, so a quoted `"5"` or `'no'` stays text.
public struct YAMLNode: Sendable {
    public enum Content: Sendable {
        case scalar(Scalar)
        case sequence([YAMLNode])
        case mapping(Mapping)
    }

    public let content: Content
    public let mark: Mark?

    public init(_ content: Content, mark: Mark?) {
        self.content = content
        self.mark = mark
    }

    public var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    public var mapping: Mapping? {
        if case .mapping(let mapping) = content { return mapping }
        return nil
    }

    /// A scalar's text as written; nil for a collection.
    public var string: String? { scalar?.string }
    public var int: Int? { scalar?.int }
    public var float: Double? { scalar?.float }
    public var bool: Bool? { scalar?.bool }
    /// A plain `~`, `null`, `Null`, `NULL` or nothing at all.
    public var isNull: Bool { scalar?.isNull ?? false }
}

extension YAMLNode {
    /// Where a node starts in its text, both 1-based; the column counts Unicode scalars.
    public struct Mark: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        public var description: String { "\(line):\(column)" }
    }
}
