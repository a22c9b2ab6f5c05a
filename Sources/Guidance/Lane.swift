import StrictCoding

/// Whether a lane leads along the route.
public enum LaneStatus: String, CaseIterable, Sendable, Hashable, Codable {
    case notGood, good, preferred

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "lane status")
    }
}

/// One lane at a junction. Lanes of a maneuver are listed from left to right.
public struct Lane: Sendable, Hashable, Codable {
    public static let angleRange: ClosedRange<Double> = -180...180

    /// Direction the lane leads in degrees: 0 straight on, negative left, positive right.
    public let angle: Double
    public let status: LaneStatus

    /// Fails when `angle` is outside -180…180.
    public init?(angle: Double, status: LaneStatus) {
        guard Self.angleRange.contains(angle) else { return nil }
        self.angle = angle
        self.status = status
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case angle, status }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(CodingKeys.self, in: decoder, of: "lane")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let angle = try container.decode(Double.self, forKey: .angle)
        guard Self.angleRange.contains(angle) else {
            throw DecodingError.dataCorruptedError(
                forKey: .angle, in: container,
                debugDescription: "Lane angle \(angle) is out of range; allowed: -180...180 degrees")
        }
        self.angle = angle
        self.status = try container.decode(LaneStatus.self, forKey: .status)
    }
}
