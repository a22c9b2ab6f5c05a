/// Arrivals that are not the trip's end (issue 52): an arrival with maneuvers after it on the route
/// is a waypoint's, said as one ("you have reached your waypoint"), never as the end of the trip.
public enum Waypoint {
    /// The route, in order, with every arrival but a last one marked a waypoint (`Maneuver.isWaypoint`).
    public static func mark<ID>(_ route: [(id: ID, maneuver: Maneuver)]) -> [(id: ID, maneuver: Maneuver)] {
        route.enumerated().map { index, entry in
            var maneuver = entry.maneuver
            maneuver.isWaypoint = maneuver.type.family == .arrivals && index < route.count - 1
            return (entry.id, maneuver)
        }
    }
}
