import FoundationEssentials
import Guidance

/// Valhalla lists a road's names and route numbers together (`["Karl-Marx-Allee", "B 1", "B 5"]`)
/// without saying which is which: a route number is a short code of capitals and digits
/// (`NameChange.isRouteNumber`).
enum RoadNames {
    /// The first name that is not a route number, else the first.
    static func road(_ names: [String]) -> String? {
        let names = names.compactMap(Route.nonEmpty)
        return names.first { !NameChange.isRouteNumber($0) } ?? names.first
    }

    /// The first route number that is not already `road`.
    static func routeNumber(_ names: [String], besides road: String?) -> String? {
        names.compactMap(Route.nonEmpty).first { NameChange.isRouteNumber($0) && $0 != road }
    }
}
