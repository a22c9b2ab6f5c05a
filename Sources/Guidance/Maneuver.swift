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
    /// How to say `roadName` (OSRM's and Mapbox's step `pronunciation`): said in its place, never
    /// shown. eSpeak NG phonemes in `[[…]]`, or words; IPA is not understood by eSpeak NG.
    public var roadNamePronunciation: String?
    /// Route reference of that road ("I-95", "A7", "M25").
    public var routeNumber: String?
    /// Exit number for ramps ("12B").
    public var exitNumber: String?
    /// Meters from the current position to the maneuver.
    public var distanceRemaining: Double?
    /// Seconds from the current position to the maneuver.
    public var timeRemaining: Double?
    /// What CarPlay shows and VoxNav does not speak (symbols, dashboard and notification variants,
    /// …): accepted, kept to be sent on, never said.
    public var carPlayDisplay: [CarPlayDisplayField: CarPlayDisplayValue]

    public init(
        type: ManeuverType, junctionType: JunctionType? = nil, trafficSide: TrafficSide = .right,
        lanes: [Lane] = [], state: ManeuverState = .continue, instructionVariants: [String] = [],
        roadName: String? = nil, roadNamePronunciation: String? = nil, routeNumber: String? = nil, exitNumber: String? = nil,
        distanceRemaining: Double? = nil, timeRemaining: Double? = nil,
        carPlayDisplay: [CarPlayDisplayField: CarPlayDisplayValue] = [:]
    ) {
        self.type = type
        self.junctionType = junctionType
        self.trafficSide = trafficSide
        self.lanes = lanes
        self.state = state
        self.instructionVariants = instructionVariants
        self.roadName = roadName
        self.roadNamePronunciation = roadNamePronunciation
        self.routeNumber = routeNumber
        self.exitNumber = exitNumber
        self.distanceRemaining = distanceRemaining
        self.timeRemaining = timeRemaining
        self.carPlayDisplay = carPlayDisplay
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case type, junctionType, trafficSide, lanes, state, instructionVariants
        case roadName, roadNamePronunciation, routeNumber, exitNumber, distanceRemaining, timeRemaining
    }

    /// Every member a maneuver may have: what VoxNav speaks from, then CarPlay's display-only fields.
    public static let memberNames = CodingKeys.allCases.map(\.stringValue) + CarPlayDisplayField.allCases.map(\.rawValue)

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(allowed: Self.memberNames, in: decoder, of: "maneuver")
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
        roadNamePronunciation = try c.decodeIfPresent(String.self, forKey: .roadNamePronunciation)
        routeNumber = try c.decodeIfPresent(String.self, forKey: .routeNumber)
        exitNumber = try c.decodeIfPresent(String.self, forKey: .exitNumber)
        distanceRemaining = try c.decodeIfPresent(Double.self, forKey: .distanceRemaining)
        timeRemaining = try c.decodeIfPresent(Double.self, forKey: .timeRemaining)
        carPlayDisplay = try Self.decodeDisplay(from: decoder)
    }

    /// Each display field present is checked for its shape, then kept as it came.
    private static func decodeDisplay(from decoder: any Decoder) throws -> [CarPlayDisplayField: CarPlayDisplayValue] {
        let c = try decoder.container(keyedBy: CarPlayDisplayField.self)
        var display: [CarPlayDisplayField: CarPlayDisplayValue] = [:]
        for field in CarPlayDisplayField.allCases {
            switch field.shape {
            case .texts: display[field] = try c.decodeIfPresent([String].self, forKey: field).map(CarPlayDisplayValue.texts)
            case .text: display[field] = try c.decodeIfPresent(String.self, forKey: field).map(CarPlayDisplayValue.text)
            case .imageSet: display[field] = try c.decodeIfPresent(CarPlayImageSet.self, forKey: field).map(CarPlayDisplayValue.imageSet)
            }
        }
        return display
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encodeIfPresent(junctionType, forKey: .junctionType)
        try c.encode(trafficSide, forKey: .trafficSide)
        try c.encode(lanes, forKey: .lanes)
        try c.encode(state, forKey: .state)
        try c.encode(instructionVariants, forKey: .instructionVariants)
        try c.encodeIfPresent(roadName, forKey: .roadName)
        try c.encodeIfPresent(roadNamePronunciation, forKey: .roadNamePronunciation)
        try c.encodeIfPresent(routeNumber, forKey: .routeNumber)
        try c.encodeIfPresent(exitNumber, forKey: .exitNumber)
        try c.encodeIfPresent(distanceRemaining, forKey: .distanceRemaining)
        try c.encodeIfPresent(timeRemaining, forKey: .timeRemaining)
        var display = encoder.container(keyedBy: CarPlayDisplayField.self)
        for (field, value) in carPlayDisplay {
            switch value {
            case .texts(let texts): try display.encode(texts, forKey: field)
            case .text(let text): try display.encode(text, forKey: field)
            case .imageSet(let set): try display.encode(set, forKey: field)
            }
        }
    }
}

extension Maneuver {
    /// Decodes one maneuver from JSON as a guidance engine sends it. Unknown values fail with a
    /// `DecodingError` naming the bad value and the allowed ones.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(Maneuver.self, from: json)
    }
}
