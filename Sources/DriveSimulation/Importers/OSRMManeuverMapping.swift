import Guidance

/// How an OSRM step's `maneuver.type`, `maneuver.modifier` and `maneuver.exit` become a
/// `ManeuverType` (the table in docs/DRIVES.md). Pure and total: every combination, including
/// unknown types and modifiers, maps to something.
public enum OSRMManeuverMapping {
    /// OSRM's modifiers, in order from a U-turn through right to left.
    public static let modifiers = ["uturn", "sharp right", "right", "slight right", "straight", "slight left", "left", "sharp left"]
    /// OSRM's maneuver types.
    public static let types = [
        "depart", "arrive", "turn", "new name", "continue", "merge", "on ramp", "off ramp", "ramp", "fork",
        "end of road", "use lane", "roundabout", "rotary", "roundabout turn", "exit roundabout", "exit rotary",
        "notification",
    ]

    /// The maneuver type for one OSRM maneuver.
    public static func type(_ type: String, modifier: String?, exit: Int?) -> ManeuverType {
        let side = side(of: modifier)
        switch type {
        case "depart":
            return modifier == "uturn" ? .startRouteWithUTurn : .startRoute
        case "arrive":
            switch side {
            case .left: return .arriveAtDestinationLeft
            case .right: return .arriveAtDestinationRight
            default: return .arriveAtDestination
            }
        case "new name":
            return modifier == nil || modifier == "straight" ? .followRoad : turn(modifier)
        case "continue":
            return modifier == nil || modifier == "straight" ? .straightAhead : turn(modifier)
        case "merge", "fork", "use lane":
            switch side {
            case .left: return .keepLeft
            case .right: return .keepRight
            default: return modifier == "uturn" ? .uTurn : (type == "use lane" ? .straightAhead : .followRoad)
            }
        case "on ramp":
            return .onRamp
        case "off ramp", "ramp":
            switch side {
            case .left: return .highwayOffRampLeft
            case .right: return .highwayOffRampRight
            default: return .offRamp
            }
        case "end of road":
            switch side {
            case .left: return .leftTurnAtEnd
            case .right: return .rightTurnAtEnd
            default: return modifier == "uturn" ? .uTurn : .straightAhead
            }
        case "roundabout", "rotary":
            if let exit, let numbered = ManeuverType.roundaboutExit(exit) { return numbered }
            return modifier == "uturn" ? .uTurnAtRoundabout : .enterRoundabout
        case "roundabout turn":
            return modifier == "uturn" ? .uTurnAtRoundabout : turn(modifier)
        case "exit roundabout", "exit rotary":
            return .exitRoundabout
        case "notification":
            return .followRoad
        default:
            // OSRM: "types unknown to the client should be handled like the turn type".
            return turn(modifier)
        }
    }

    /// `turn` with a modifier; also the fallback for unknown types.
    static func turn(_ modifier: String?) -> ManeuverType {
        switch modifier {
        case "uturn": .uTurn
        case "sharp right": .sharpRightTurn
        case "right": .rightTurn
        case "slight right": .slightRightTurn
        case "slight left": .slightLeftTurn
        case "left": .leftTurn
        case "sharp left": .sharpLeftTurn
        default: .straightAhead  // "straight", none, or unknown
        }
    }

    static func side(of modifier: String?) -> ManeuverSide? {
        switch modifier {
        case "sharp right", "right", "slight right": .right
        case "sharp left", "left", "slight left": .left
        default: nil
        }
    }

    /// Lane angle (degrees, negative left) for an OSRM lane indication.
    static func angle(ofIndication indication: String) -> Double {
        switch indication {
        case "uturn": -180
        case "sharp left": -135
        case "left": -90
        case "slight left": -45
        case "slight right": 45
        case "right": 90
        case "sharp right": 135
        default: 0  // straight, none
        }
    }
}
