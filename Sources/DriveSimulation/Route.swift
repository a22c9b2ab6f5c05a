import Guidance

/// A route as a list of maneuvers, each at its distance along the route. The route ends at its
/// last maneuver (normally an arrival).
public struct Route: Sendable, Equatable, Codable {
    /// In route order; `position`s are the running sums of `distanceFromPrevious`.
    public private(set) var maneuvers: [RouteManeuver]

    /// The most a route file in the own format may hold (about 40,000 maneuvers).
    public static let maximumFileSize = 8 << 20
    /// The most an OSRM route response may hold: about 25,000 steps at the 1.3 KB a step of the
    /// example's (a day's drive has a few hundred; the geometry a response may carry adds to it).
    public static let maximumOSRMSize = 32 << 20
    /// The most a Valhalla route response may hold (its maneuvers and polyline6 shape are about as
    /// large as OSRM's steps).
    public static let maximumValhallaSize = 32 << 20
    /// The most a GraphHopper route response may hold (GeoJSON points, `points_encoded=false`, are
    /// the largest part).
    public static let maximumGraphHopperSize = 32 << 20

    public init(maneuvers: [RouteManeuver]) {
        var position = 0.0
        self.maneuvers = maneuvers.map { item in
            var item = item
            position += item.distanceFromPrevious
            item.position = position
            return item
        }
    }

    /// Meters from the start to the last maneuver.
    public var length: Double { maneuvers.last?.position ?? 0 }

    /// The maneuvers strictly ahead of `position` (meters along the route), in order.
    public func maneuvers(after position: Double) -> ArraySlice<RouteManeuver> {
        // Positions never decrease: the first one ahead is found by bisection.
        var low = maneuvers.startIndex
        var high = maneuvers.endIndex
        while low < high {
            let mid = (low + high) / 2
            if maneuvers[mid].position > position { high = mid } else { low = mid + 1 }
        }
        return maneuvers[low...]
    }
}
