/// An expectation the drive did not meet: which one, what it asked, and what the drive did.
public struct ExpectationFailure: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Where it is in the scenario: `expect.summary.violations`, `expect.said[2]`.
    public var path: String
    public var expected: String
    public var seen: String

    public init(path: String, expected: String, seen: String) {
        self.path = path
        self.expected = expected
        self.seen = seen
    }

    public var description: String { "\(path): expected \(expected); seen: \(seen)" }
}
