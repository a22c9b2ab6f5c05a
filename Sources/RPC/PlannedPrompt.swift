import Guidance

/// A prompt the announcer decided on, as reported back to the guidance engine.
public struct PlannedPrompt: Codable, Sendable {
    public var maneuverID: String
    public var state: ManeuverState
    public var text: String
    /// The distance said (before rounding), meters.
    public var distance: Double
    public var chainedManeuverID: String?

    public init(maneuverID: String, state: ManeuverState, text: String, distance: Double, chainedManeuverID: String?) {
        self.maneuverID = maneuverID
        self.state = state
        self.text = text
        self.distance = distance
        self.chainedManeuverID = chainedManeuverID
    }
}
