import StrictCoding

/// How a phrase pack measures distance.
public enum UnitSystem: String, CaseIterable, Sendable, Hashable, Codable {
    /// Meters and kilometers.
    case metric
    /// Feet and miles.
    case imperialUS
    /// Yards and miles.
    case imperialUK

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "unit system")
    }

    /// The units a pack of this system must word.
    public var units: [DistanceUnit] {
        switch self {
        case .metric: [.meters, .kilometers]
        case .imperialUS: [.feet, .miles]
        case .imperialUK: [.yards, .miles]
        }
    }
}

/// A unit a spoken distance is counted in.
public enum DistanceUnit: String, CaseIterable, Sendable, Hashable, Codable {
    case meters, kilometers, feet, yards, miles
}
