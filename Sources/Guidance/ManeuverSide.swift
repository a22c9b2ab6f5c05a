/// The direction a maneuver type names (leftTurn, keepRight, arriveAtDestinationLeft…).
public enum ManeuverSide: String, CaseIterable, Sendable, Hashable, Codable {
    case left, right
}
