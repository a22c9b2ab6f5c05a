import StrictCoding

/// Every CarPlay maneuver type (`CPManeuverType`). Raw values are the JSON spellings.
public enum ManeuverType: String, CaseIterable, Sendable, Hashable, Codable {
    case arriveAtDestination, arriveAtDestinationLeft, arriveAtDestinationRight
    case arriveEndOfDirections, arriveEndOfNavigation
    case changeFerry, changeHighway, changeHighwayLeft, changeHighwayRight
    case enterRoundabout, enterFerry, exitFerry, exitRoundabout
    case followRoad, highwayOffRampLeft, highwayOffRampRight
    case keepLeft, keepRight, leftTurn, leftTurnAtEnd, noTurn, offRamp, onRamp
    case rightTurn, rightTurnAtEnd
    case roundaboutExit1, roundaboutExit2, roundaboutExit3, roundaboutExit4, roundaboutExit5
    case roundaboutExit6, roundaboutExit7, roundaboutExit8, roundaboutExit9, roundaboutExit10
    case roundaboutExit11, roundaboutExit12, roundaboutExit13, roundaboutExit14, roundaboutExit15
    case roundaboutExit16, roundaboutExit17, roundaboutExit18, roundaboutExit19
    case sharpLeftTurn, sharpRightTurn, slightLeftTurn, slightRightTurn
    case startRoute, startRouteWithUTurn, straightAhead
    case uTurn, uTurnAtRoundabout, uTurnWhenPossible

    /// CarPlay's own spellings that differ from ours: Swift imports `CPManeuverTypeEnter_Ferry` as
    /// `enter_Ferry`, and engines forward what they built.
    public static let aliases: [String: ManeuverType] = ["enter_Ferry": .enterFerry]

    public init(from decoder: any Decoder) throws {
        if let raw = try? decoder.singleValueContainer().decode(String.self), let alias = Self.aliases[raw] {
            self = alias
            return
        }
        self = try decodeStrictly(Self.self, from: decoder, named: "maneuver type")
    }

    /// The exit to take for `roundaboutExitN` (1…19), nil for every other type.
    public var roundaboutExitNumber: Int? {
        let prefix = "roundaboutExit"
        guard rawValue.hasPrefix(prefix) else { return nil }
        return Int(rawValue.dropFirst(prefix.count))
    }

    /// The `roundaboutExitN` type for exit `n`, nil outside 1…19.
    public static func roundaboutExit(_ n: Int) -> ManeuverType? {
        ManeuverType(rawValue: "roundaboutExit\(n)")
    }

    /// Which way the maneuver goes, for types whose name says so.
    public var side: ManeuverSide? {
        switch self {
        case .arriveAtDestinationLeft, .changeHighwayLeft, .highwayOffRampLeft, .keepLeft,
            .leftTurn, .leftTurnAtEnd, .sharpLeftTurn, .slightLeftTurn:
            .left
        case .arriveAtDestinationRight, .changeHighwayRight, .highwayOffRampRight, .keepRight,
            .rightTurn, .rightTurnAtEnd, .sharpRightTurn, .slightRightTurn:
            .right
        default:
            nil
        }
    }

    /// Leaving a motorway or changing to another one: its final instruction comes early whatever
    /// the speed (`VehicleProfile.motorwayFinal`). Forks (`keeps`) count at motorway speed only.
    public var isExitOrInterchange: Bool {
        switch family {
        case .highwayOffRamps, .highwayChanges: true
        default: self == .offRamp
        }
    }

    /// The group this type shares its phrases with in a phrase pack.
    /// A maneuver its type places at a roundabout: entering, leaving, an exit of one, a U-turn at one.
    public var isRoundabout: Bool {
        family == .roundabouts || family == .roundaboutExits || self == .uTurnAtRoundabout
    }

    public var family: ManeuverFamily {
        if roundaboutExitNumber != nil { return .roundaboutExits }
        switch self {
        case .leftTurn, .rightTurn: return .turns
        case .sharpLeftTurn, .sharpRightTurn: return .sharpTurns
        case .slightLeftTurn, .slightRightTurn: return .slightTurns
        case .leftTurnAtEnd, .rightTurnAtEnd: return .turnsAtEnd
        case .keepLeft, .keepRight: return .keeps
        case .uTurn, .uTurnAtRoundabout, .uTurnWhenPossible: return .uTurns
        case .straightAhead, .noTurn, .followRoad: return .straight
        case .highwayOffRampLeft, .highwayOffRampRight: return .highwayOffRamps
        case .offRamp, .onRamp: return .ramps
        case .changeHighway, .changeHighwayLeft, .changeHighwayRight: return .highwayChanges
        case .enterRoundabout, .exitRoundabout: return .roundabouts
        case .enterFerry, .exitFerry, .changeFerry: return .ferries
        case .startRoute, .startRouteWithUTurn: return .starts
        case .arriveAtDestination, .arriveAtDestinationLeft, .arriveAtDestinationRight,
            .arriveEndOfDirections, .arriveEndOfNavigation:
            return .arrivals
        default: preconditionFailure("roundabout exits are handled above")
        }
    }
}

extension Maneuver {
    /// Leaving a motorway or changing to another one: by its type (`ManeuverType.isExitOrInterchange`),
    /// or by the motorway exit's number a fork or a turn is given ("keep right at exit 15" off a
    /// motorway in slow traffic), away from a roundabout. Its final instruction comes early whatever
    /// the speed (`VehicleProfile.motorwayFinal`): 12 s and 300 m before it for a car.
    public var isExitOrInterchange: Bool {
        type.isExitOrInterchange || (exitNumber != nil && !isAtRoundabout)
    }
}
