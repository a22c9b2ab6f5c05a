import Guidance

/// How a GraphHopper instruction's `sign` (and `exit_number`) becomes a `ManeuverType` (the table
/// in docs/DRIVES.md; the codes are those of GraphHopper's `Instruction`).
public enum GraphHopperManeuverMapping {
    /// Every sign code GraphHopper documents or sends (its `Instruction` constants; IGNORE is internal and never sent).
    public static let signs = [-99, -98, -8, -7, -6, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 101, 102, 103]

    /// The maneuver type for a sign; nil for a sign GraphHopper does not have. `exited: false`
    /// (the route ends in the roundabout) leaves a roundabout unnumbered.
    public static func type(_ sign: Int, exitNumber: Int? = nil, exited: Bool? = nil) -> ManeuverType? {
        switch sign {
        case -99: .straightAhead  // UNKNOWN
        case -98, -8, 8: .uTurn  // U_TURN_UNKNOWN, U_TURN_LEFT, U_TURN_RIGHT
        case -7: .keepLeft
        case -6: .exitRoundabout  // LEAVE_ROUNDABOUT
        case -3: .sharpLeftTurn
        case -2: .leftTurn
        case -1: .slightLeftTurn
        case 0: .followRoad  // CONTINUE_ON_STREET: GraphHopper says it where the road's name changes
        case 1: .slightRightTurn
        case 2: .rightTurn
        case 3: .sharpRightTurn
        case 4, 5: .arriveAtDestination  // FINISH, REACHED_VIA
        case 6:  // USE_ROUNDABOUT
            exited == false ? .enterRoundabout : (exitNumber.flatMap(ManeuverType.roundaboutExit) ?? .enterRoundabout)
        case 7: .keepRight
        case 9: .enterFerry  // FERRY
        case 101, 102: .followRoad  // PT_START_TRIP, PT_TRANSFER: not on a car's route
        case 103: .arriveAtDestination  // PT_END_TRIP
        default: nil
        }
    }
}
