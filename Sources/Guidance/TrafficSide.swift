import StrictCoding

/// The side of the road traffic drives on; right-hand traffic drives roundabouts anti-clockwise.
public enum TrafficSide: String, CaseIterable, Sendable, Hashable, Codable {
    case right, left

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "traffic side")
    }
}
