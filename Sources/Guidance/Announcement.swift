/// A decision to speak one prompt now.
public struct Announcement: Codable, Sendable, Equatable {
    public var maneuverID: String
    /// continue ("continue for 5 km"), initial, prepare or execute ("turn right now").
    public var state: ManeuverState
    /// Meters to the maneuver at the predicted moment the prompt is heard (latency-compensated).
    public var distance: Double
    /// A maneuver close behind this one, to be spoken as "…, then turn left".
    public var chainedManeuverID: String?
    /// Meters between this maneuver and the chained one.
    public var chainedSpacing: Double?
    /// The update time at which the decision was made.
    public var issuedAt: Double
    /// When the audio is expected to start (issuedAt + output latency).
    public var expectedStart: Double
    /// Seconds the announcer reserves for the prompt; the next one starts no earlier than
    /// expectedStart + estimatedDuration + the configured gap.
    public var estimatedDuration: Double
    /// Seconds to the maneuver at the heard moment at current speed; nil when stopped.
    public var timeToGo: Double?

    public init(
        maneuverID: String, state: ManeuverState, distance: Double, chainedManeuverID: String? = nil,
        chainedSpacing: Double? = nil, issuedAt: Double, expectedStart: Double, estimatedDuration: Double,
        timeToGo: Double? = nil
    ) {
        self.maneuverID = maneuverID
        self.state = state
        self.distance = distance
        self.chainedManeuverID = chainedManeuverID
        self.chainedSpacing = chainedSpacing
        self.issuedAt = issuedAt
        self.expectedStart = expectedStart
        self.estimatedDuration = estimatedDuration
        self.timeToGo = timeToGo
    }
}
