extension YAMLNode {
    /// A mapping's pairs in the order written. Keys are not required to differ (as Yams did not):
    /// the readers that care say so with the key's line.
    public struct Mapping: Sendable, Sequence {
        public let pairs: [(key: YAMLNode, value: YAMLNode)]

        public init(_ pairs: [(key: YAMLNode, value: YAMLNode)]) { self.pairs = pairs }

        public var count: Int { pairs.count }
        public var isEmpty: Bool { pairs.isEmpty }

        /// The value of the first pair whose key is the scalar `key`.
        public subscript(key: String) -> YAMLNode? { pairs.first { $0.key.scalar?.string == key }?.value }

        public func makeIterator() -> IndexingIterator<[(key: YAMLNode, value: YAMLNode)]> { pairs.makeIterator() }
    }
}
