// swift-format-ignore-file: AlwaysUseLowerCamelCase
// GraphHopper's own keys.

/// The parts of a GraphHopper route response (`/route`) the import reads. Everything else
/// (instructions' text, details other than `max_speed`, bbox, snapped waypoints, legs) is ignored.
struct GraphHopperResponse: Decodable {
    var paths: [Path]?
    /// An error answer instead of paths.
    var message: String?

    struct Path: Decodable {
        var instructions: [Instruction]?
        var points: Points?
        /// Missing or true: `points` is an encoded polyline; false: GeoJSON.
        var points_encoded: Bool?
        /// 1e5 unless the request asked for another.
        var points_encoded_multiplier: Double?
        /// Path details (`details=max_speed` in the request).
        var details: Details?
    }

    /// Path details: each a list of `[first point, last point, value]`. Only `max_speed` (km/h, null
    /// where unknown) is read; one that is not such a list is ignored, as members not read are.
    struct Details: Decodable {
        var max_speed: [Span]?

        private enum CodingKeys: String, CodingKey { case max_speed }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            max_speed = try? c.decodeIfPresent([Span].self, forKey: .max_speed)
        }
    }

    /// One detail's value over the points `from`…`to`.
    struct Span: Decodable {
        var from: Int
        var to: Int
        var value: Double?

        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            from = try c.decode(Int.self)
            to = try c.decode(Int.self)
            value = try c.decodeNil() ? nil : c.decode(Double.self)
        }
    }

    struct Instruction: Decodable {
        var sign: Int
        var street_name: String?
        var street_ref: String?
        var street_destination: String?
        var exit_number: Int?
        var exited: Bool?
        /// Meters from this instruction to the next.
        var distance: Double
        /// Milliseconds from this instruction to the next.
        var time: Double
        /// The first instruction's heading, degrees from north.
        var heading: Double?
        /// First and last index into the path's points.
        var interval: [Int]?
    }

    /// An encoded polyline, or a GeoJSON LineString (`[lon, lat(, elevation)]` each).
    enum Points: Decodable {
        case encoded(String)
        case lineString([[Double]])

        private enum CodingKeys: String, CodingKey { case coordinates }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self = .encoded(text)
                return
            }
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self = .lineString(try c.decode([[Double]].self, forKey: .coordinates))
        }
    }
}
