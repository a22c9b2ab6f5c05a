import FoundationEssentials
import StrictCoding

/// One maneuver as a guidance engine sends it (CarPlay's CPManeuver plus its travel estimates).
/// JSON keys are the property names.
public struct Maneuver: Sendable, Hashable, Codable {
    public var type: ManeuverType
    public var junctionType: JunctionType?
    /// The side of the road traffic keeps to, as the client said it; right-hand where it did not.
    public var trafficSide: TrafficSide {
        get { givenTrafficSide ?? .right }
        set { givenTrafficSide = newValue }
    }
    /// The client gave no traffic side: right-hand traffic is assumed, which says a roundabout's way
    /// round and its exits wrong where traffic keeps left (the engine says so where it matters).
    public var trafficSideAssumed: Bool { givenTrafficSide == nil }
    private var givenTrafficSide: TrafficSide?
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
    /// Where the signposts of the maneuver point, as displayed ("Airport Rd., Downtown"): OSRM's
    /// `destinations`, Valhalla's `sign.exit_toward_elements`. Said as "toward …".
    public var towards: String?
    /// The roundabout's or rotary's own name ("Dupont Circle"): OSRM's `rotary_name`.
    public var rotaryName: String?
    /// For a start: the heading the route leaves in, degrees clockwise from north (0 ≤ h < 360),
    /// said as a compass point ("head north on Main Street"): OSRM's `bearing_after`.
    public var heading: Double?
    /// The road the vehicle is on before the maneuver, as displayed: said in continue prompts
    /// ("continue on Oak Avenue for a half mile"). CarPlay's `currentRoadNameVariants` is only shown.
    public var currentRoadName: String?
    /// For an arrival: the destination's name ("Central Station"), when the route gives one.
    public var destinationName: String?
    /// Meters from the current position to the maneuver.
    public var distanceRemaining: Double?
    /// Seconds from the current position to the maneuver.
    public var timeRemaining: Double?
    /// What CarPlay shows and VoxNav does not speak (symbols, dashboard and notification variants,
    /// …): accepted, kept to be sent on, never said.
    public var carPlayDisplay: [CarPlayDisplayField: CarPlayDisplayValue]
    /// An arrival with maneuvers after it on the route (a via point): the trip goes on, and the pack
    /// says it in its `atWaypoint` wording. Never sent by a client: guidance marks it from the route's
    /// order (`Waypoint.mark`), the composer for an arrival with a maneuver chained after it.
    public var isWaypoint = false
    /// A maneuver chained into a prompt that is the first to name it (`Announcement.firstMentions`):
    /// that prompt's words, when they must shed detail to fit, shed everything else before it
    /// (`PhraseComposer.wordings`). Never sent by a client: guidance marks it.
    public var isFirstMention = false

    public init(
        type: ManeuverType, junctionType: JunctionType? = nil, trafficSide: TrafficSide? = nil,
        lanes: [Lane] = [], state: ManeuverState = .continue, instructionVariants: [String] = [],
        roadName: String? = nil, roadNamePronunciation: String? = nil, routeNumber: String? = nil, exitNumber: String? = nil,
        towards: String? = nil, rotaryName: String? = nil, heading: Double? = nil, currentRoadName: String? = nil,
        destinationName: String? = nil, distanceRemaining: Double? = nil, timeRemaining: Double? = nil,
        carPlayDisplay: [CarPlayDisplayField: CarPlayDisplayValue] = [:]
    ) {
        self.type = type
        self.junctionType = junctionType
        self.givenTrafficSide = trafficSide
        self.lanes = lanes
        self.state = state
        self.instructionVariants = instructionVariants
        self.roadName = roadName
        self.roadNamePronunciation = roadNamePronunciation
        self.routeNumber = routeNumber
        self.exitNumber = exitNumber
        self.towards = towards
        self.rotaryName = rotaryName
        self.heading = heading
        self.currentRoadName = currentRoadName
        self.destinationName = destinationName
        self.distanceRemaining = distanceRemaining
        self.timeRemaining = timeRemaining
        self.carPlayDisplay = carPlayDisplay
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case type, junctionType, trafficSide, lanes, state, instructionVariants
        case roadName, roadNamePronunciation, routeNumber, exitNumber, towards, rotaryName, heading, currentRoadName
        case destinationName, distanceRemaining, timeRemaining
    }

    /// Meters to a maneuver a guidance engine may report: a little behind (just passed) to 5000 km ahead.
    public static let distanceRange: ClosedRange<Double> = -1000...5_000_000

    /// A `timeRemaining` (a maneuver's, or a progress update's for it), checked against `timeRange`.
    public static func decodeTimeRemaining<Key: CodingKey>(forKey key: Key, in container: KeyedDecodingContainer<Key>) throws -> Double? {
        guard let time = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard timeRange.contains(time) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "timeRemaining must be seconds, from 0 to 2592000 (30 days) (got \(time))")
        }
        return time
    }
    /// Seconds to a maneuver: up to 30 days, as a trip's time to go.
    public static let timeRange: ClosedRange<Double> = 0...2_592_000
    /// The most instruction variants (and variants of each display field) a maneuver may have.
    public static let maximumVariants = 16
    /// The most lanes a maneuver may list.
    public static let maximumLanes = 32

    /// Every member a maneuver may have: what VoxNav speaks from, then CarPlay's display-only fields.
    public static let memberNames = CodingKeys.allCases.map(\.stringValue) + CarPlayDisplayField.allCases.map(\.rawValue)

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(allowed: Self.memberNames, in: decoder, of: "maneuver")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(ManeuverType.self, forKey: .type)
        junctionType = try c.decodeIfPresent(JunctionType.self, forKey: .junctionType)
        givenTrafficSide = try c.decodeIfPresent(TrafficSide.self, forKey: .trafficSide)
        lanes = try c.decodeIfPresent([Lane].self, forKey: .lanes) ?? []
        guard lanes.count <= Self.maximumLanes else {
            throw DecodingError.dataCorruptedError(forKey: .lanes, in: c, debugDescription: "must list at most \(Self.maximumLanes), not \(lanes.count)")
        }
        // ManeuverState's synthesized decoding would not name the allowed values.
        if let raw = try c.decodeName(.state, limit: InputLimits.tagCharacters) {
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
        // Every text is bounded before it is composed, expanded or matched (InputLimits.nameCharacters).
        instructionVariants = try c.decodeNames(.instructionVariants, count: Self.maximumVariants) ?? []
        roadName = try c.decodeName(.roadName)
        roadNamePronunciation = try c.decodeName(.roadNamePronunciation)
        routeNumber = try c.decodeName(.routeNumber)
        exitNumber = try c.decodeName(.exitNumber)
        towards = try c.decodeName(.towards)
        rotaryName = try c.decodeName(.rotaryName)
        heading = try c.decodeIfPresent(Double.self, forKey: .heading)
        if let heading, !(heading.isFinite && heading >= 0 && heading < 360) {
            throw DecodingError.dataCorruptedError(
                forKey: .heading, in: c, debugDescription: "heading must be degrees from north, 0 ≤ heading < 360 (got \(heading))")
        }
        currentRoadName = try c.decodeName(.currentRoadName)
        destinationName = try c.decodeName(.destinationName)
        distanceRemaining = try c.decodeIfPresent(Double.self, forKey: .distanceRemaining)
        if let distanceRemaining, !Self.distanceRange.contains(distanceRemaining) {
            throw DecodingError.dataCorruptedError(
                forKey: .distanceRemaining, in: c, debugDescription: "distanceRemaining must be meters, from -1000 to 5000000 (got \(distanceRemaining))")
        }
        timeRemaining = try Self.decodeTimeRemaining(forKey: .timeRemaining, in: c)
        carPlayDisplay = try Self.decodeDisplay(from: decoder)
    }

    /// Each display field present is checked for its shape, then kept as it came.
    private static func decodeDisplay(from decoder: any Decoder) throws -> [CarPlayDisplayField: CarPlayDisplayValue] {
        let c = try decoder.container(keyedBy: CarPlayDisplayField.self)
        var display: [CarPlayDisplayField: CarPlayDisplayValue] = [:]
        for field in CarPlayDisplayField.allCases {
            switch field.shape {
            case .texts: display[field] = try c.decodeNames(field, count: maximumVariants).map(CarPlayDisplayValue.texts)
            case .text: display[field] = try c.decodeName(field).map(CarPlayDisplayValue.text)
            case .imageSet: display[field] = try c.decodeIfPresent(CarPlayImageSet.self, forKey: field).map(CarPlayDisplayValue.imageSet)
            }
        }
        return display
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encodeIfPresent(junctionType, forKey: .junctionType)
        try c.encodeIfPresent(givenTrafficSide, forKey: .trafficSide)
        try c.encode(lanes, forKey: .lanes)
        try c.encode(state, forKey: .state)
        try c.encode(instructionVariants, forKey: .instructionVariants)
        try c.encodeIfPresent(roadName, forKey: .roadName)
        try c.encodeIfPresent(roadNamePronunciation, forKey: .roadNamePronunciation)
        try c.encodeIfPresent(routeNumber, forKey: .routeNumber)
        try c.encodeIfPresent(exitNumber, forKey: .exitNumber)
        try c.encodeIfPresent(towards, forKey: .towards)
        try c.encodeIfPresent(rotaryName, forKey: .rotaryName)
        try c.encodeIfPresent(heading, forKey: .heading)
        try c.encodeIfPresent(currentRoadName, forKey: .currentRoadName)
        try c.encodeIfPresent(destinationName, forKey: .destinationName)
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
