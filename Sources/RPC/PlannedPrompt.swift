import Guidance

/// A prompt the announcer decided on, as reported back to the guidance engine.
public struct PlannedPrompt: Codable, Sendable {
    public var maneuverID: String
    public var state: ManeuverState
    public var text: String
    /// The distance said (before rounding), meters.
    public var distance: Double
    public var chainedManeuverID: String?
    /// A third maneuver close behind the chained one, said after it ("…, then keep left, then keep right").
    public var secondChainedManeuverID: String?

    public init(
        maneuverID: String, state: ManeuverState, text: String, distance: Double, chainedManeuverID: String?,
        secondChainedManeuverID: String? = nil
    ) {
        self.maneuverID = maneuverID
        self.state = state
        self.text = text
        self.distance = distance
        self.chainedManeuverID = chainedManeuverID
        self.secondChainedManeuverID = secondChainedManeuverID
    }
}
