import Guidance

/// A guidance's trip estimates as last reported, and when: they are moved on from there when the
/// driver asks for them later.
public struct TripState: Sendable {
    public var estimate: TripEstimate
    /// True when the arrival was worked out (now plus the time to go), not reported.
    public var arrivalDerived: Bool
    /// When it was reported: the client's clock where it sends one, else the engine's.
    var reportedAt: Double
    /// When it came, on the engine's clock.
    var receivedAt: Double
    /// The vehicle's speed then, m/s.
    var speed: Double
}
