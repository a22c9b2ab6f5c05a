// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Valhalla's own keys.

/// The parts of a Valhalla route response (`/route`, its native JSON) the import reads. Everything
/// else (instructions' text, costs, summaries, transit details) is ignored.
struct ValhallaResponse: Decodable {
    var trip: Trip?
    /// An error answer instead of a trip.
    var error_code: Int?
    var error: String?

    struct Trip: Decodable {
        var legs: [Leg]
        /// "kilometers" (the default) or "miles", also "km" and "mi": the unit of every `length`.
        var units: String?
        var locations: [Location]?
    }

    struct Location: Decodable {
        var name: String?
    }

    struct Leg: Decodable {
        var maneuvers: [Maneuver]
        /// Encoded polyline, precision 6.
        var shape: String?
    }

    struct Maneuver: Decodable {
        var type: Int
        var street_names: [String]?
        var begin_street_names: [String]?
        var length: Double
        var time: Double
        var begin_shape_index: Int?
        var bearing_after: Double?
        var roundabout_exit_count: Int?
        var sign: Sign?
        var lanes: [Lane]?
    }

    struct Sign: Decodable {
        var exit_number_elements: [Element]?
        var exit_branch_elements: [Element]?
        var exit_toward_elements: [Element]?
    }

    struct Element: Decodable {
        var text: String
    }

    /// Bitmasks of `ValhallaManeuverMapping.laneDirections`.
    struct Lane: Decodable {
        var directions: Int
        var valid: Int?
        var active: Int?
    }
}
