/// A road that only changes its name (`followRoad`, OSRM's "new name") is not a maneuver the driver
/// makes: announcing it says "in 700 feet, follow the road". It is left out of what is announced,
/// and its name becomes the road the next maneuver is said to continue on ("continue on Oak
/// Avenue for a half mile") when that one does not name it itself.
public enum NameChange {
    /// The route without its name changes, in order. A route of nothing but name changes keeps
    /// its last one, so that guidance on it is not silent to the end.
    public static func fold<ID>(_ route: [(id: ID, maneuver: Maneuver)]) -> [(id: ID, maneuver: Maneuver)] {
        var folded: [(id: ID, maneuver: Maneuver)] = []
        var road: String?
        for (index, entry) in route.enumerated() {
            guard entry.maneuver.type == .followRoad, index < route.count - 1 || !folded.isEmpty else {
                var maneuver = entry.maneuver
                if maneuver.currentRoadName == nil { maneuver.currentRoadName = road }
                folded.append((entry.id, maneuver))
                road = nil
                continue
            }
            road = entry.maneuver.roadName ?? entry.maneuver.routeNumber ?? road
        }
        return folded
    }
}
