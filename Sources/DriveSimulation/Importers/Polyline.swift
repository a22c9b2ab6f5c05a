/// Google's encoded polyline algorithm, which Valhalla (precision 6, "polyline6"), GraphHopper
/// (precision 5 unless `points_encoded_multiplier` says otherwise) and OSRM use for geometry.
public enum Polyline {
    /// What is wrong with an encoded polyline: where, and what was expected there.
    public struct DecodingError: Error, Equatable, Sendable, CustomStringConvertible {
        /// 0-based character offset in the encoded text; -1 for the text as a whole.
        public var offset: Int
        public var message: String
        public var description: String { offset < 0 ? message : "character \(offset): \(message)" }
    }

    /// The points of `encoded`, each value divided by `multiplier` (1e5, 1e6). `dimensions` is 2
    /// (latitude, longitude) or 3 (with a third value, GraphHopper's elevation, decoded and dropped).
    public static func decode(_ encoded: String, multiplier: Double, dimensions: Int = 2) throws(DecodingError) -> [GeoPoint] {
        try points(try values(encoded), multiplier: multiplier, dimensions: dimensions)
    }

    /// The whole numbers of `encoded`, each the difference from the one a point before.
    public static func values(_ encoded: String) throws(DecodingError) -> [Int] {
        let bytes = Array(encoded.utf8)
        var values: [Int] = []
        values.reserveCapacity(bytes.count / 2)
        var index = 0
        while index < bytes.count {
            var result = 0
            var shift = 0
            let start = index
            while true {
                guard index < bytes.count else {
                    throw DecodingError(offset: start, message: "the text ends inside a value (truncated?)")
                }
                let byte = Int(bytes[index])
                guard (63...126).contains(byte) else {
                    throw DecodingError(offset: index, message: "'\(Character(Unicode.Scalar(UInt8(byte))))' is not a polyline character (expected ? to ~)")
                }
                guard shift <= 30 else { throw DecodingError(offset: start, message: "a value longer than 7 characters (expected at most 32 bits)") }
                let chunk = byte - 63
                result |= (chunk & 0x1f) << shift
                shift += 5
                index += 1
                if chunk < 0x20 { break }
            }
            values.append((result & 1) != 0 ? ~(result >> 1) : (result >> 1))
        }
        return values
    }

    /// The points of decoded `values`, `dimensions` (2 or 3) values a point.
    public static func points(_ values: [Int], multiplier: Double, dimensions: Int = 2) throws(DecodingError) -> [GeoPoint] {
        guard values.count % dimensions == 0 else {
            throw DecodingError(offset: -1, message: "\(values.count) values, not a whole number of \(dimensions)-value points (truncated?)")
        }
        var points: [GeoPoint] = []
        points.reserveCapacity(values.count / dimensions)
        var latitude = 0
        var longitude = 0
        for start in stride(from: 0, to: values.count, by: dimensions) {
            latitude += values[start]
            longitude += values[start + 1]
            let point = GeoPoint(latitude: Double(latitude) / multiplier, longitude: Double(longitude) / multiplier)
            guard abs(point.latitude) <= 90, abs(point.longitude) <= 180 else {
                throw DecodingError(
                    offset: -1,
                    message: "point \(start / dimensions) is at \(point.latitude), \(point.longitude), off the globe (wrong precision?)")
            }
            points.append(point)
        }
        return points
    }
}
