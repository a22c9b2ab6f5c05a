/// A failure reported by libpulse or by this wrapper.
public struct PulseError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
