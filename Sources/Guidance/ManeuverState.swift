/// Where the driver is relative to a maneuver (CarPlay's maneuver state).
/// Walks continue → initial → prepare → execute → continue.
public enum ManeuverState: String, Codable, CaseIterable, Sendable, Comparable {
    /// Follow the route until the next maneuver.
    case `continue`
    /// The maneuver is in the near future.
    case initial
    /// The maneuver is in the immediate future.
    case prepare
    /// In the maneuver.
    case execute

    private var order: Int {
        switch self {
        case .continue: 0
        case .initial: 1
        case .prepare: 2
        case .execute: 3
        }
    }

    public static func < (lhs: ManeuverState, rhs: ManeuverState) -> Bool { lhs.order < rhs.order }
}
