import StrictCoding

/// A CPManeuver property that CarPlay shows and VoxNav never speaks. A guidance engine forwards the
/// maneuver it built for CarPlay as it is; these members are accepted (checked for their shape) and
/// kept only to be sent on again. Any other unknown member is still refused.
///
/// The names are CPManeuver's own (CarPlay framework, iOS 12–17.4), plus `currentRoadNameVariants`
/// (CPRouteInformation's, which engines send with the maneuver). Images travel by asset name
/// (`UIImage(named:)`); a `symbolSet` (CPImageSet) by its two images' names.
public enum CarPlayDisplayField: String, CaseIterable, Sendable, Hashable, Codable, CodingKey {
    case attributedInstructionVariants, dashboardInstructionVariants, dashboardAttributedInstructionVariants
    case notificationInstructionVariants, notificationAttributedInstructionVariants
    case roadFollowingManeuverVariants, currentRoadNameVariants
    case highwayExitLabel
    case symbolImage, symbolSet, junctionImage, dashboardSymbolImage, dashboardJunctionImage, notificationSymbolImage

    /// The JSON shape a field must have.
    public enum Shape: Sendable {
        /// An array of strings (attributed variants as their plain text).
        case texts
        /// One string: a label, or an image's asset name.
        case text
        /// `{"lightContentImage": name, "darkContentImage": name}`, both optional.
        case imageSet
    }

    public var shape: Shape {
        switch self {
        case .attributedInstructionVariants, .dashboardInstructionVariants, .dashboardAttributedInstructionVariants,
            .notificationInstructionVariants, .notificationAttributedInstructionVariants, .roadFollowingManeuverVariants,
            .currentRoadNameVariants:
            .texts
        case .highwayExitLabel, .symbolImage, .junctionImage, .dashboardSymbolImage, .dashboardJunctionImage,
            .notificationSymbolImage:
            .text
        case .symbolSet: .imageSet
        }
    }

    /// The maneuver's symbol (what Apple's lane-guidance maneuver is made of).
    public var isSymbol: Bool {
        switch self {
        case .symbolImage, .symbolSet, .dashboardSymbolImage, .notificationSymbolImage: true
        default: false
        }
    }

    /// A junction picture (what Apple's junction-image maneuver is made of).
    public var isJunctionImage: Bool { self == .junctionImage || self == .dashboardJunctionImage }
}

/// What a CarPlay display field held, kept as it came so the maneuver can be sent on.
public enum CarPlayDisplayValue: Sendable, Hashable {
    case texts([String])
    case text(String)
    case imageSet(CarPlayImageSet)
}

/// CPImageSet's two images, by asset name.
public struct CarPlayImageSet: Sendable, Codable, Hashable {
    public var lightContentImage: String?
    public var darkContentImage: String?

    private enum CodingKeys: String, CodingKey, CaseIterable { case lightContentImage, darkContentImage }

    public init(lightContentImage: String?, darkContentImage: String?) {
        self.lightContentImage = lightContentImage
        self.darkContentImage = darkContentImage
    }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(CodingKeys.self, in: decoder, of: "symbolSet")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lightContentImage = try container.decodeName(.lightContentImage)
        darkContentImage = try container.decodeName(.darkContentImage)
    }
}
