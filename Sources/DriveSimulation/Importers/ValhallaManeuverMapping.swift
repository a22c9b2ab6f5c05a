import Guidance

/// How a Valhalla maneuver's `type` code (and `roundabout_exit_count`) becomes a `ManeuverType`
/// (the table in docs/DRIVES.md), and its lanes' direction bits an angle.
public enum ValhallaManeuverMapping {
    /// Every type code Valhalla documents (`kNone` = 0 … `kBuildingExit` = 43).
    public static let codes = 0...43

    /// The maneuver type for a code; nil for a code Valhalla does not document.
    public static func type(_ code: Int, roundaboutExitCount: Int? = nil) -> ManeuverType? {
        switch code {
        case 0, 8: .straightAhead  // kNone, kContinue
        case 1, 2, 3: .startRoute  // kStart, kStartRight, kStartLeft (the side is where the start is)
        case 4: .arriveAtDestination
        case 5: .arriveAtDestinationRight
        case 6: .arriveAtDestinationLeft
        case 7: .followRoad  // kBecomes: the road changes its name
        case 9: .slightRightTurn
        case 10: .rightTurn
        case 11: .sharpRightTurn
        case 12, 13: .uTurn  // kUturnRight, kUturnLeft
        case 14: .sharpLeftTurn
        case 15: .leftTurn
        case 16: .slightLeftTurn
        case 17, 18, 19: .onRamp  // kRampStraight, kRampRight, kRampLeft
        case 20: .highwayOffRampRight  // kExitRight
        case 21: .highwayOffRampLeft  // kExitLeft
        case 22, 25: .followRoad  // kStayStraight, kMerge
        case 23, 37: .keepRight  // kStayRight, kMergeRight
        case 24, 38: .keepLeft  // kStayLeft, kMergeLeft
        case 26: roundaboutExitCount.flatMap(ManeuverType.roundaboutExit) ?? .enterRoundabout
        case 27: .exitRoundabout
        case 28: .enterFerry
        case 29: .exitFerry
        // Transit (30 … 36) and indoor pedestrian maneuvers (39 … 43) are not on a car's route;
        // should one come, the vehicle goes on along it.
        case 30...36: .followRoad
        case 39...43: .straightAhead
        default: nil
        }
    }

    /// Valhalla's lane direction bits, each with its angle (degrees, negative left), most
    /// specific first: through, the turns, reverse, the merges, then "none".
    static let laneDirections: [(bit: Int, angle: Double)] = [
        (2, 0), (4, -135), (8, -90), (16, -45), (32, 45), (64, 90), (128, 135), (256, -180), (512, -45), (1024, 45), (1, 0),
    ]

    /// A lane: `active` (no more lane changes) is preferred, `valid` good, else not good; its
    /// angle that of the first direction bit it is active, valid or marked for.
    static func lane(_ lane: ValhallaResponse.Lane) -> Lane {
        let status: LaneStatus = (lane.active ?? 0) != 0 ? .preferred : ((lane.valid ?? 0) != 0 ? .good : .notGood)
        let bits = (lane.active ?? 0) != 0 ? lane.active! : ((lane.valid ?? 0) != 0 ? lane.valid! : lane.directions)
        let angle = laneDirections.first { bits & $0.bit != 0 }?.angle ?? 0
        return Lane(angle: angle, status: status)!
    }
}
