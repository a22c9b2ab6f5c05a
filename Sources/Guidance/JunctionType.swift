import StrictCoding

/// The kind of junction where a maneuver happens.
public enum JunctionType: String, CaseIterable, Sendable, Hashable, Codable {
    case intersection, roundabout

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "junction type")
    }
}

extension Maneuver {
    /// At a roundabout: by its type, or by its `junctionType` (a right turn at a roundabout).
    public var isAtRoundabout: Bool { type.isRoundabout || junctionType == .roundabout }
}
