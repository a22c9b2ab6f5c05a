import Foundation
import Testing

@testable import DriveSimulation

/// The `maxspeed` annotation of an OSRM-format response (Valhalla's `format=osrm`, Mapbox, Stadia
/// Maps; osrm-backend has none), on the San Francisco route (12 steps, one leg): the limit of the
/// segment that leads into each maneuver becomes its `speedLimit`.
@Suite struct OSRMSpeedLimitTests {
    static let file = "osrm-city.json"

    /// The city route with `annotation` set on its leg: `segments` pairs of a distance and a limit.
    static func route(_ segments: [(Double, [String: Any])], distances: [Double]? = nil) throws -> Route {
        let text = try RouteResponses.edited(file) { json in
            json["routes", 0, "legs", 0, "annotation"] = [
                "distance": distances ?? segments.map(\.0),
                "maxspeed": segments.map(\.1),
            ]
        }
        return try RouteResponses.route(.osrm(file), text: text)
    }

    static func steps() throws -> [Double] {
        let json = try JSONSerialization.jsonObject(with: Examples.data("routes/\(file)")) as! [String: Any]
        let steps = json["routes", 0, "legs", 0, "steps"] as! [[String: Any]]
        return steps.map { $0["distance"] as! Double }
    }

    static func kmh(_ speed: Double) -> [String: Any] { ["speed": speed, "unit": "km/h"] }

    /// One segment per step, each its own limit (km/h, mph, unknown, none): each maneuver gets the
    /// limit of the step before it, the departure none.
    @Test func eachManeuverTakesTheLimitOfTheSegmentIntoIt() throws {
        let steps = try Self.steps()
        let given: [[String: Any]] = [
            Self.kmh(50), ["speed": 25, "unit": "mph"], ["unknown": true], ["none": true], Self.kmh(30), Self.kmh(40),
            Self.kmh(50), Self.kmh(60), Self.kmh(20), Self.kmh(30), Self.kmh(10), Self.kmh(10),
        ]
        let route = try Self.route(Array(zip(steps, given)))
        let limits = route.maneuvers.map(\.speedLimit)
        let expected: [Double?] = [nil, 50 / 3.6, 25 * 1609.344 / 3600, nil, nil, 30 / 3.6, 40 / 3.6, 50 / 3.6, 60 / 3.6, 20 / 3.6, 30 / 3.6, 10 / 3.6]
        #expect(limits.count == expected.count)
        for (limit, want) in zip(limits, expected) {
            #expect(limit.map { abs($0 - (want ?? .nan)) < 1e-9 } ?? (want == nil), "\(limits) against \(expected)")
        }
    }

    /// Several segments a step, their distances rounded apart from the steps' and the difference
    /// adding up along the leg: the last segment before a maneuver is the one into it, not the
    /// first after it.
    @Test func theLastSegmentBeforeAManeuverIsTheOneIntoIt() throws {
        let steps = try Self.steps()
        var segments: [(Double, [String: Any])] = []
        for (index, length) in steps.enumerated() where length > 0 {
            // A slow first third, then the step's own limit; the segments 0.04 m longer than the
            // step, so that by the arrival they end 0.44 m past the steps' sum.
            segments.append((length / 3 + 0.2, Self.kmh(15)))
            segments.append((length * 2 / 3 - 0.16, Self.kmh(Double(30 + index))))
        }
        let route = try Self.route(segments)
        for (index, maneuver) in route.maneuvers.enumerated().dropFirst() {
            let want = Double(30 + index - 1) / 3.6
            #expect(abs((maneuver.speedLimit ?? 0) - want) < 1e-9, "maneuver \(index): \(String(describing: maneuver.speedLimit))")
        }
        #expect(route.maneuvers[0].speedLimit == nil)
    }

    /// More than `guidance.update` takes (100 m/s) is dropped, not refused: the route stays usable.
    @Test func aLimitPastWhatAnUpdateTakesIsLeftOut() throws {
        let steps = try Self.steps()
        let route = try Self.route(steps.map { ($0, Self.kmh(400)) })
        #expect(route.maneuvers.allSatisfy { $0.speedLimit == nil })
    }

    /// Limits that cannot be placed or read are refused with the member and what to ask for.
    @Test func limitsThatCannotBePlacedAreRefusedNamingWhy() throws {
        let steps = try Self.steps()
        let withoutDistances = try RouteResponses.edited(Self.file) { json in
            json["routes", 0, "legs", 0, "annotation"] = ["maxspeed": steps.map { _ in Self.kmh(50) }]
        }
        let missing = RouteResponses.problems(.osrm(Self.file), text: withoutDistances)
        #expect(missing.map(\.path) == ["routes[0].legs[0].annotation.maxspeed"], "\(missing)")
        #expect(missing.first?.message.contains("annotations=distance,maxspeed") == true, "\(missing)")

        let shorter = try RouteResponses.edited(Self.file) { json in
            json["routes", 0, "legs", 0, "annotation"] = ["maxspeed": steps.map { _ in Self.kmh(50) }, "distance": [100.0]]
        }
        let mismatched = RouteResponses.problems(.osrm(Self.file), text: shorter)
        #expect(mismatched.first?.message.hasPrefix("12 speed limits and 1 distances") == true, "\(mismatched)")

        let knots = try RouteResponses.edited(Self.file) { json in
            json["routes", 0, "legs", 0, "annotation"] = ["maxspeed": steps.map { _ in ["speed": 30, "unit": "kn"] }, "distance": steps]
        }
        let unit = RouteResponses.problems(.osrm(Self.file), text: knots)
        #expect(unit.first?.path == "routes[0].legs[0].annotation.maxspeed[0].unit" && unit.first?.message.contains("km/h or mph") == true, "\(unit)")
    }

    /// Without the annotation, as osrm-backend answers, no maneuver has a limit.
    @Test func noAnnotationNoLimits() throws {
        let route = try RouteResponses.route(.osrm(Self.file))
        #expect(route.maneuvers.allSatisfy { $0.speedLimit == nil })
    }
}
