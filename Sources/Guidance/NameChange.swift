/// A road that only changes its name (`followRoad`, OSRM's "new name") is not a maneuver the driver
/// makes: announcing it says "in 700 feet, follow the road". It is left out of what is announced,
/// and its name becomes the road the next maneuver is said to continue on ("continue on Oak
/// Avenue for a half mile") when that one does not name it itself. One onto a numbered road the
/// vehicle was not on ("UT 201 East" after North Temple) is kept: the driver follows the signs of
/// the number from there, and the leading apps say it ("continue onto UT-201 E"). The new road's
/// number is its `routeNumber`, or its name where the name is itself a route number (a client or an
/// importer that gives "UT 201 East" as the road's only name).
public enum NameChange {
    /// The route without its name changes, in order. A route of nothing but name changes keeps
    /// its last one, so that guidance on it is not silent to the end. `isRoute` tells a road name
    /// that is a route reference by a pack's own rules ("I/3" in Czech), beside the shape every
    /// route number has (`isRouteNumber`).
    public static func fold<ID>(
        _ route: [(id: ID, maneuver: Maneuver)], isRoute: (String) -> Bool = { _ in false }
    ) -> [(id: ID, maneuver: Maneuver)] {
        var folded: [(id: ID, maneuver: Maneuver)] = []
        var road: String?
        // The number of the road the vehicle is on before each entry (nil: none known).
        var number: String?
        func numberOf(_ maneuver: Maneuver) -> String? {
            maneuver.routeNumber ?? maneuver.roadName.flatMap { isRouteNumber($0) || isRoute($0) ? $0 : nil }
        }
        for (index, entry) in route.enumerated() {
            let onto = numberOf(entry.maneuver)
            let ontoANewNumber = onto.map { Self.key($0) != number.map(Self.key) } ?? false
            guard entry.maneuver.type == .followRoad, !ontoANewNumber, index < route.count - 1 || !folded.isEmpty else {
                var maneuver = entry.maneuver
                if maneuver.currentRoadName == nil { maneuver.currentRoadName = road }
                folded.append((entry.id, maneuver))
                road = nil
                number = onto
                continue
            }
            road = entry.maneuver.roadName ?? entry.maneuver.routeNumber ?? road
            number = onto ?? number
        }
        return folded
    }

    /// Whether `name` has the shape of a route number in any country: one to three capitals, a
    /// number, perhaps a letter after it and a direction ("B 1", "I-95 North", "A7", "M25", "US 101",
    /// "UT 201 East", "N7a").
    public static func isRouteNumber(_ name: String) -> Bool {
        name.wholeMatch(of: /[A-Z]{1,3}[- ]?[0-9]{1,4}[A-Za-z]?( (North|South|East|West|[NSEW]))?/) != nil
    }

    /// A route number as compared: without spaces, dashes and case, a direction by its initial
    /// ("UT-201 E" and "UT 201 East" are both "ut201e").
    private static func key(_ number: String) -> String {
        var words = number.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
        if let last = words.last, ["north", "south", "east", "west"].contains(last) { words[words.count - 1] = String(last.prefix(1)) }
        return String(words.joined().filter { $0.isLetter || $0.isNumber })
    }
}
