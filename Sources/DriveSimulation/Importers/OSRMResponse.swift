/// The parts of an OSRM v5 route response (`/route/v1/...?steps=true`) the import reads.
/// Everything else (geometry, annotations other than `distance` and `maxspeed`, waypoints) is ignored.
struct OSRMResponse: Decodable {
    var code: String
    var message: String?
    var routes: [Route]?

    struct Route: Decodable {
        var legs: [Leg]
    }

    struct Leg: Decodable {
        var steps: [Step]
        /// Per segment of the leg's geometry, when asked for (`annotations=distance,maxspeed`).
        /// osrm-backend has no `maxspeed`; the OSRM-format responses of Valhalla (`format=osrm`),
        /// Mapbox and Stadia Maps do.
        var annotation: Annotation?
    }

    struct Annotation: Decodable {
        /// Each segment's length in meters.
        var distance: [Double]?
        /// Each segment's speed limit.
        var maxspeed: [MaxSpeed]?
    }

    /// A segment's speed limit: `{"speed": 50, "unit": "km/h"}`, or `{"unknown": true}`, or
    /// `{"none": true}` (no limit posted).
    struct MaxSpeed: Decodable {
        var speed: Double?
        var unit: String?
        var unknown: Bool?
        var none: Bool?
    }

    struct Step: Decodable {
        var maneuver: Maneuver
        var name: String?
        /// How to say `name` (OSRM v5 and Mapbox both call it so).
        var pronunciation: String?
        var ref: String?
        /// Exit numbers of an off ramp, ";"-separated ("12B").
        var exits: String?
        /// The signposts' destinations: refs, then ": ", then places ("A 7: Hamburg, Kiel").
        var destinations: String?
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // OSRM's own key: the rotary's name, on rotary steps.
        var rotary_name: String?
        var distance: Double
        var duration: Double
        var mode: String?
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // OSRM's own key.
        var driving_side: String?
        var intersections: [Intersection]?
    }

    struct Maneuver: Decodable {
        var type: String
        var modifier: String?
        var exit: Int?
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // OSRM's own key: degrees from north after the maneuver (a depart's heading).
        var bearing_after: Double?
    }

    struct Intersection: Decodable {
        var lanes: [Lane]?
    }

    struct Lane: Decodable {
        var indications: [String]
        var valid: Bool
    }
}
