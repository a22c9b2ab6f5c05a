/// Maneuver types that a phrase pack words alike. Family names are plural so that they never
/// collide with a type name (`uTurns` the family, `uTurn` the type) in a pack's `maneuvers` map.
public enum ManeuverFamily: String, CaseIterable, Sendable, Hashable {
    case turns, sharpTurns, slightTurns, turnsAtEnd, keeps, uTurns, straight
    case highwayOffRamps, ramps, highwayChanges, roundabouts, roundaboutExits, ferries
    case starts, arrivals

    /// The types in this family, in declaration order.
    public var types: [ManeuverType] { ManeuverType.allCases.filter { $0.family == self } }
}
