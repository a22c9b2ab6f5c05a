import FoundationEssentials
import Glibc

/// A point of a route's geometry, in degrees (WGS 84).
public struct GeoPoint: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean Earth radius (IUGG), as OSRM, Valhalla and GraphHopper use it within a few meters.
    static let earthRadius = 6_371_008.8

    /// Meters along the great circle to `other` (haversine).
    public func distance(to other: GeoPoint) -> Double {
        let (lat1, lat2) = (latitude * .pi / 180, other.latitude * .pi / 180)
        let dLat = lat2 - lat1
        let dLon = (other.longitude - longitude) * .pi / 180
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
    }

    /// The initial bearing towards `other`, degrees clockwise from north, 0 ≤ b < 360.
    public func bearing(to other: GeoPoint) -> Double {
        let (lat1, lat2) = (latitude * .pi / 180, other.latitude * .pi / 180)
        let dLon = (other.longitude - longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        return Heading.normalized(atan2(y, x) * 180 / .pi) ?? 0
    }
}
