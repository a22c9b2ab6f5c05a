import Foundation
import Testing

@testable import DriveSimulation

/// A bad or truncated response is an error naming the file, the member and what was expected;
/// members the import does not read are ignored.
@Suite struct RouteResponseErrorTests {
    static let files: [(RouteSource, String)] = [
        (.osrm("osrm-city.json"), "OSRM"), (.valhalla("valhalla-berlin-trace-route.json"), "Valhalla"),
        (.graphhopper("graphhopper-hoyerswerda-via.json"), "GraphHopper"),
    ]

    @Test(arguments: 0..<files.count)
    func aTruncatedResponseNamesTheFile(_ index: Int) throws {
        let (source, engine) = Self.files[index]
        let file = try #require(source.referencedFile)
        let text = try Examples.text("routes/\(file)")
        for cut in [text.count / 3, text.count - 2] {
            let problems = RouteResponses.problems(source, text: String(text.prefix(cut)))
            #expect(problems.count == 1)
            let description = problems.first?.description ?? ""
            #expect(
                description.hasPrefix(
                    "\(file): not valid JSON (expected a\(engine == "OSRM" ? "n" : "") \(engine) route response, complete; the text breaks off before it ends: truncated?): "
                ),
                "\(description)")
        }
        #expect(RouteResponses.problems(source, text: "").first?.description.hasPrefix("\(file): not valid JSON") == true)
        // Complete, but not JSON inside: not said to be cut off.
        let broken = RouteResponses.problems(source, text: "{\"code\": Ok}").first?.description ?? ""
        #expect(broken.hasPrefix("\(file): not valid JSON (expected a") && !broken.contains("truncated"), "\(broken)")
    }

    /// (file, edit, member path, message).
    static let valhallaCases: [(String, @Sendable (inout [String: Any]) -> Void, String, String)] = [
        ("a wrong type", { $0["trip", "legs", 0, "maneuvers", 3, "type"] = "arrive" }, "trip.legs[0].maneuvers[3].type", "expected a whole number"),
        ("a missing member", { $0["trip", "legs", 0, "maneuvers", 1, "length"] = nil }, "trip.legs[0].maneuvers[1].length", "missing required key 'length'"),
        ("null", { $0["trip", "legs", 0, "maneuvers", 1, "time"] = NSNull() }, "trip.legs[0].maneuvers[1].time", "expected a number, got null"),
        ("a list that is not", { $0["trip", "legs"] = "none" }, "trip.legs", "expected a list"),
        (
            "an unknown code", { $0["trip", "legs", 0, "maneuvers", 2, "type"] = 57 }, "trip.legs[0].maneuvers[2].type",
            "unknown maneuver type 57 (expected a Valhalla type code, 0 to 43)"
        ),
        (
            "a negative length", { $0["trip", "legs", 0, "maneuvers", 1, "length"] = -0.2 }, "trip.legs[0].maneuvers[1].length",
            "expected a length ≥ 0 in kilometers"
        ),
        ("unknown units", { $0["trip", "units"] = "furlongs" }, "trip.units", "unknown units 'furlongs' (expected kilometers or miles)"),
        (
            "a broken shape", { $0["trip", "legs", 0, "shape"] = "kdmdcBq|{rXY vGM" }, "trip.legs[0].shape",
            "not a polyline6 shape: character 12: ' ' is not a polyline character (expected ? to ~) (expected an encoded polyline, precision 6)"
        ),
        (
            "an index off the shape", { $0["trip", "legs", 0, "maneuvers", 3, "begin_shape_index"] = 27 }, "trip.legs[0].maneuvers[3].begin_shape_index",
            "index 27 is not on the leg's shape (expected 0 to 26)"
        ),
        (
            "an error answer", { $0 = ["error_code": 171, "error": "No suitable edges near location", "status_code": 400] }, "trip",
            "Valhalla answered error 171: No suitable edges near location (expected a trip)"
        ),
        ("no maneuvers", { $0["trip", "legs", 0, "maneuvers"] = [Any]() }, "trip.legs", "the trip has no maneuvers (expected at least a start and an arrival)"),
    ]

    @Test(arguments: 0..<valhallaCases.count)
    func aBadValhallaResponseSaysWhereAndWhat(_ index: Int) throws {
        let (what, edit, path, message) = Self.valhallaCases[index]
        let text = try RouteResponses.edited("valhalla-berlin-trace-route.json", edit)
        let problems = RouteResponses.problems(.valhalla("routes/trip.json"), text: text)
        #expect(problems == [ScenarioProblem(file: "routes/trip.json", path: path, message: message)], "\(what): \(problems)")
        #expect(problems.first?.description == "routes/trip.json: \(path): \(message)")
    }

    static let graphHopperCases: [(String, @Sendable (inout [String: Any]) -> Void, String, String)] = [
        ("a wrong type", { $0["paths", 0, "instructions", 1, "sign"] = "right" }, "paths[0].instructions[1].sign", "expected a whole number"),
        ("a missing member", { $0["paths", 0, "instructions", 3, "distance"] = nil }, "paths[0].instructions[3].distance", "missing required key 'distance'"),
        (
            "an unknown sign", { $0["paths", 0, "instructions", 1, "sign"] = 42 }, "paths[0].instructions[1].sign",
            "unknown sign 42 (expected one of GraphHopper's: -99, -98, -8, -7, -6, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 101, 102, 103)"
        ),
        ("negative time", { $0["paths", 0, "instructions", 1, "time"] = -5 }, "paths[0].instructions[1].time", "expected milliseconds ≥ 0"),
        (
            "an interval off the points", { $0["paths", 0, "instructions", 4, "interval"] = [4, 11] }, "paths[0].instructions[4].interval",
            "index 11 is not on the path's points (expected 0 to 10)"
        ),
        (
            "broken points", { $0["paths", 0, "points"] = "wc}xHusbvAacVf@c@qBzDtO~ApBbIUdAbEb@p@o@iCPIk@RCo@`@@qAr@XgBbDtBy" }, "paths[0].points",
            "not an encoded polyline: character 64: the text ends inside a value (truncated?) (expected precision 1e5)"
        ),
        (
            "GeoJSON off the globe", { $0["paths", 0, "points"] = ["type": "LineString", "coordinates": [[14.2, 91.0]]] }, "paths[0].points.coordinates[0]",
            "expected [longitude, latitude] in degrees"
        ),
        (
            "a bad multiplier", { $0["paths", 0, "points_encoded_multiplier"] = 0 }, "paths[0].points_encoded_multiplier",
            "expected a multiplier ≥ 1 such as 1e5"
        ),
        (
            "an error answer", { $0 = ["message": "Cannot find point 2: 2248.224673, 3.867187", "hints": [["message": "x"]]] }, "paths",
            "GraphHopper answered 'Cannot find point 2: 2248.224673, 3.867187' (expected a path)"
        ),
        (
            "no instructions", { $0["paths", 0, "instructions"] = nil }, "paths[0].instructions",
            "the path has no instructions (request it with instructions=true)"
        ),
    ]

    @Test(arguments: 0..<graphHopperCases.count)
    func aBadGraphHopperResponseSaysWhereAndWhat(_ index: Int) throws {
        let (what, edit, path, message) = Self.graphHopperCases[index]
        let text = try RouteResponses.edited("graphhopper-hoyerswerda-via.json", edit)
        let problems = RouteResponses.problems(.graphhopper("gh.json"), text: text)
        #expect(problems == [ScenarioProblem(file: "gh.json", path: path, message: message)], "\(what): \(problems)")
    }

    @Test func anOSRMProblemNamesItsFileToo() throws {
        let text = try RouteResponses.edited("osrm-city.json") { $0["routes", 0, "legs", 0, "steps", 2, "maneuver", "exit"] = "second" }
        let problems = RouteResponses.problems(.osrm("city.json"), text: text)
        #expect(problems.map(\.description) == ["city.json: routes[0].legs[0].steps[2].maneuver.exit: expected a whole number"])
    }

    /// Members an import does not read, anywhere, change nothing.
    @Test(arguments: 0..<files.count)
    func unknownMembersAreIgnored(_ index: Int) throws {
        let (source, _) = Self.files[index]
        let file = try #require(source.referencedFile)
        let plain = try RouteResponses.route(source)
        let text = try RouteResponses.edited(file) { json in
            json["x_new_member"] = ["nested": [1, 2, 3]]
            json["trip", "legs", 0, "maneuvers", 1, "x_landmark"] = "the church"
            json["paths", 0, "instructions", 1, "x_landmark"] = "the church"
            json["routes", 0, "legs", 0, "steps", 1, "x_landmark"] = "the church"
        }
        #expect(try RouteResponses.route(source, text: text) == plain)
    }

    /// Each engine's response has its own cap, and a file over it is refused before it is parsed.
    @Test func sizeCaps() {
        #expect(RouteSource.valhalla("x").sizeCap == Route.maximumValhallaSize)
        #expect(RouteSource.graphhopper("x").sizeCap == Route.maximumGraphHopperSize)
        #expect(RouteSource.osrm("x").sizeCap == Route.maximumOSRMSize && RouteSource.file("x").sizeCap == Route.maximumFileSize)
        for (source, engine, cap) in [
            (RouteSource.valhalla("v.json"), "Valhalla", Route.maximumValhallaSize), (.graphhopper("g.json"), "GraphHopper", Route.maximumGraphHopperSize),
        ] {
            let problems = RouteResponses.problems(source, text: String(repeating: " ", count: cap + 1))
            #expect(
                problems.first?.description == "\(source.referencedFile!): the \(engine) route is \(cap + 1) bytes (32 MiB), over the 32 MiB cap", "\(problems)"
            )
        }
    }
}
