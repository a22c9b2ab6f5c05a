/// Who owns an audio session: one client (a guidance engine connection) holds at most one session.
public struct ClientID: RawRepresentable, Hashable, Comparable, Codable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }
}

/// Names one car or phone source ("radio", "podcast-app", ...).
public struct SourceID: RawRepresentable, Hashable, Comparable, Codable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }
}

/// Anything the arbiter decides about: a car/phone source or a client's session.
public enum ParticipantID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    case source(SourceID)
    case session(ClientID)

    public var description: String {
        switch self {
        case .source(let id): "source \(id)"
        case .session(let id): "session of \(id)"
        }
    }
}
