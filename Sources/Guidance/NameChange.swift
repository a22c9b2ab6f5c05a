/// A road that only changes its name (`followRoad`, OSRM's "new name") is not a maneuver the driver
/// makes: announcing it says "in 700 feet, follow the road". It is left out of what is announced,
/// and its name becomes the road the next maneuver is said to continue on ("continue on Oak
/// Avenue for a half mile") when that one does not name it itself. One onto a numbered road the
/// vehicle was not on ("UT 201 East" after North Temple) is kept: the driver follows the signs of
/// the number from there, and the leading apps say it ("continue onto UT-201 E").
public enum NameChange {
    /// The route without its name changes, in order. A route of nothing but name changes keeps
    /// its last one, so that guidance on it is not silent to the end.
    public static func fold<ID>(_ route: [(id: ID, maneuver: Maneuver)]) -> [(id: ID, maneuver: Maneuver)] {
        var folded: [(id: ID, maneuver: Maneuver)] = []
        var road: String?
        // The number of the road the vehicle is on before each entry (nil: none known).
        var number: String?
        for (index, entry) in route.enumerated() {
            let ontoANewNumber = entry.maneuver.routeNumber.map { Self.key($0) != number.map(Self.key) } ?? false
            guard entry.maneuver.type == .followRoad, !ontoANewNumber, index < route.count - 1 || !folded.isEmpty else {
                var maneuver = entry.maneuver
                if maneuver.currentRoadName == nil { maneuver.currentRoadName = road }
                folded.append((entry.id, maneuver))
                road = nil
                number = entry.maneuver.routeNumber
                continue
            }
            road = entry.maneuver.roadName ?? entry.maneuver.routeNumber ?? road
            number = entry.maneuver.routeNumber ?? number
        }
        return folded
    }

    /// A route number as compared: without spaces, dashes and case ("UT-201 E" is "ut201e").
    private static func key(_ number: String) -> String {
        String(number.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
