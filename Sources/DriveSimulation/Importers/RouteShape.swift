/// A route's decoded geometry with the distance along it at each point: where a maneuver's
/// shape index lies, and which way the route leaves a point.
struct RouteShape: Sendable {
    let points: [GeoPoint]
    /// Meters from the first point to each point.
    let distances: [Double]

    init(points: [GeoPoint]) {
        self.points = points
        var distances = [0.0]
        distances.reserveCapacity(points.count)
        for index in points.indices.dropFirst() {
            distances.append(distances[index - 1] + points[index - 1].distance(to: points[index]))
        }
        self.distances = points.isEmpty ? [] : distances
    }

    var length: Double { distances.last ?? 0 }

    /// The bearing from point `index` to the first point after it that is somewhere else; nil at
    /// the end or on a shape that does not move.
    func heading(at index: Int) -> Double? {
        guard points.indices.contains(index) else { return nil }
        let from = points[index]
        guard let to = points[(index + 1)...].first(where: { from.distance(to: $0) > 0.5 }) else { return nil }
        return from.bearing(to: to)
    }
}
