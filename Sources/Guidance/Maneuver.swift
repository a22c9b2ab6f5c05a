import Foundation
import StrictCoding

/// One maneuver as a guidance engine sends it (CarPlay's CPManeuver plus its travel estimates).
/// JSON keys are the property names.
public struct Maneuver: Sendable, Hashable, Codable {
    public var type: ManeuverType
    public var junctionType: JunctionType?
    public var trafficSide: TrafficSide
    /// Left to right.
    public var lanes: [Lane]
    public var state: ManeuverState
    /// Display instructions, longest first ("Turn Right on Solar Circle", …, "Turn Right").
    public var instructionVariants: [String]
    /// The road the maneuver leads onto, as displayed ("Solar Cir.").
    public var roadName: String?
    /// Route reference of that road ("I-95", "A7", "M25").
    public var routeNumber: String?
    /// Exit number for ramps ("12B").
    public var exitNumber: String?
    /// Meters from the current position to the maneuver.
    public var distanceRemaining: Double?
    /// Seconds from the current position to the maneuver.
    public var timeRemaining: Double?

    public init(
        type: ManeuverType, junctionType: JunctionType? = nil, trafficSide: TrafficSide = .right,
        lanes: [Lane] = [], state: ManeuverState = .continue, instructionVariants: [String] = [],
        roadName: String? = nil, routeNumber: String? = nil, exitNumber: String? = nil,
        distanceRemaining: Double? = nil, timeRemaining: Double? = nil
    ) {
        self.type = type
        self.junctionType = junctionType
        self.trafficSide = trafficSide
        self.lanes = lanes
        self.state = state
        self.instructionVariants = instructionVariants
        self.roadName = roadName
        self.routeNumber = routeNumber
        self.exitNumber = exitNumber
        self.distanceRemaining = distanceRemaining
        self.timeRemaining = timeRemaining
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case type, junctionType, trafficSide, lanes, state, instructionVariants
        case roadName, routeNumber, exitNumber, distanceRemaining, timeRemaining
    }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(CodingKeys.self, in: decoder, of: "maneuver")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(ManeuverType.self, forKey: .type)
        junctionType = try c.decodeIfPresent(JunctionType.self, forKey: .junctionType)
        trafficSide = try c.decodeIfPresent(TrafficSide.self, forKey: .trafficSide) ?? .right
        lanes = try c.decodeIfPresent([Lane].self, forKey: .lanes) ?? []
        // ManeuverState's synthesized decoding would not name the allowed values.
        if let raw = try c.decodeIfPresent(String.self, forKey: .state) {
            guard let state = ManeuverState(rawValue: raw) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .state, in: c,
                    debugDescription: unknownValueMessage(
                        raw, what: "maneuver state", allowed: ManeuverState.allCases.map(\.rawValue)))
            }
            self.state = state
        } else {
            state = .continue
        }
        instructionVariants = try c.decodeIfPresent([String].self, forKey: .instructionVariants) ?? []
        roadName = try c.decodeIfPresent(String.self, forKey: .roadName)
        routeNumber = try c.decodeIfPresent(String.self, forKey: .routeNumber)
        exitNumber = try c.decodeIfPresent(String.self, forKey: .exitNumber)
        distanceRemaining = try c.decodeIfPresent(Double.self, forKey: .distanceRemaining)
        timeRemaining = try c.decodeIfPresent(Double.self, forKey: .timeRemaining)
    }
}

extension Maneuver {
    /// Decodes one maneuver from JSON as a guidance engine sends it. Unknown values fail with a
    /// `DecodingError` naming the bad value and the allowed ones.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(Maneuver.self, from: json)
    }
}
