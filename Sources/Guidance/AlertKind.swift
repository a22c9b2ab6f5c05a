import StrictCoding

/// A navigation alert about the road ahead: CarPlay's navigation alerts as a navigation app speaks
/// them. A closed set, so that every phrase pack says every one (docs/PHRASES.md, `alerts`).
public enum AlertKind: String, CaseIterable, Sendable, Hashable, Codable {
    /// Slow or stopped traffic.
    case trafficAhead
    /// An accident reported on the route.
    case accident
    /// Road works.
    case roadworks
    /// One or more lanes closed.
    case laneClosed
    /// The road closed (the route will change).
    case roadClosed
    /// A fixed or mobile speed camera.
    case speedCamera
    /// A red-light camera at a junction.
    case redLightCamera
    /// An object, a broken-down vehicle or another danger on the carriageway.
    case hazard

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "alert kind")
    }
}
