/// A mapping's entries as a reader reads them: keys as text, values with their paths, in file order.
public struct YAMLEntries: Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    public typealias Element = (key: String, value: YAMLCursor)
    public let pairs: [Element]

    public init(_ pairs: [Element]) { self.pairs = pairs }
    public init(arrayLiteral pairs: Element...) { self.pairs = pairs }

    public var startIndex: Int { pairs.startIndex }
    public var endIndex: Int { pairs.endIndex }
    public subscript(position: Int) -> Element { pairs[position] }

    /// The value of `key`; the last one when it is written twice, as a reader taking the pairs in order keeps.
    public subscript(key: String) -> YAMLCursor? { pairs.last { $0.key == key }?.value }
}
