import Foundation
import PropertyBased
import Testing

@testable import DriveSimulation

@Suite struct PolylineTests {
    /// Google's documented example of the encoded polyline algorithm.
    @Test func googlesExampleDecodes() throws {
        let points = try Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", multiplier: 1e5)
        #expect(
            points == [
                GeoPoint(latitude: 38.5, longitude: -120.2), GeoPoint(latitude: 40.7, longitude: -120.95), GeoPoint(latitude: 43.252, longitude: -126.453),
            ])
    }

    /// Valhalla's documented trip: the polyline6 shape starts and ends at the trip's locations and
    /// is as long as the leg's summary says.
    @Test(arguments: ["valhalla-berlin-route.json", "valhalla-berlin-trace-route.json"])
    func aValhallaShapeRunsBetweenItsLocations(_ file: String) throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Examples.data("routes/\(file)")) as? [String: Any])
        let trip = try #require(json["trip"] as? [String: Any])
        let leg = try #require((trip["legs"] as? [[String: Any]])?.first)
        let locations = try #require(trip["locations"] as? [[String: Any]])
        let shape = RouteShape(points: try Polyline.decode(try #require(leg["shape"] as? String), multiplier: 1e6))
        let start = GeoPoint(latitude: try #require(locations[0]["lat"] as? Double), longitude: try #require(locations[0]["lon"] as? Double))
        let end = GeoPoint(latitude: try #require(locations[1]["lat"] as? Double), longitude: try #require(locations[1]["lon"] as? Double))
        #expect(try #require(shape.points.first).distance(to: start) < 5)
        #expect(try #require(shape.points.last).distance(to: end) < 5)
        let summary = try #require(leg["summary"] as? [String: Any])
        let length = try #require(summary["length"] as? Double) * 1000
        #expect(abs(shape.length - length) < 2, "shape \(shape.length) m, summary \(length) m")
        for point in shape.points {
            #expect(point.latitude >= (summary["min_lat"] as? Double ?? 0) - 1e-6 && point.latitude <= (summary["max_lat"] as? Double ?? 0) + 1e-6)
            #expect(point.longitude >= (summary["min_lon"] as? Double ?? 0) - 1e-6 && point.longitude <= (summary["max_lon"] as? Double ?? 0) + 1e-6)
        }
    }

    /// GraphHopper's fixtures: the points (two or three values a point: elevation) lie in the
    /// path's bbox and are as long as its distance.
    @Test(arguments: ["graphhopper-berlin.json", "graphhopper-hoyerswerda-via.json", "graphhopper-hoyerswerda-u-turn.json"])
    func graphHopperPointsLieInTheirBoundingBox(_ file: String) throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Examples.data("routes/\(file)")) as? [String: Any])
        let path = try #require((json["paths"] as? [[String: Any]])?.first)
        let values = try Polyline.values(try #require(path["points"] as? String))
        let last = ((path["instructions"] as? [[String: Any]])?.last?["interval"] as? [Int])?.last
        let points = try Polyline.points(values, multiplier: 1e5, dimensions: Route.dimensions(values.count, lastIndex: last))
        let bbox = try #require(path["bbox"] as? [Double])
        for point in points {
            #expect(point.longitude >= bbox[0] - 1e-5 && point.longitude <= bbox[2] + 1e-5, "\(point)")
            #expect(point.latitude >= bbox[1] - 1e-5 && point.latitude <= bbox[3] + 1e-5, "\(point)")
        }
        let distance = try #require(path["distance"] as? Double)
        #expect(abs(RouteShape(points: points).length - distance) < max(1, distance * 0.002), "\(RouteShape(points: points).length) vs \(distance)")
    }

    @Test func badTextIsRefusedWithWhereAndWhat() {
        func error(_ text: String, dimensions: Int = 2) -> Polyline.DecodingError? {
            do {
                _ = try Polyline.decode(text, multiplier: 1e5, dimensions: dimensions)
                return nil
            } catch {
                return error
            }
        }
        // Cut inside the last value.
        #expect(error("_p~iF~ps|U_ulLnnqC_mqNvxq`")?.description == "character 22: the text ends inside a value (truncated?)")
        #expect(error("_p~iF ~ps|U")?.description == "character 5: ' ' is not a polyline character (expected ? to ~)")
        #expect(error("_p~iF")?.description == "1 values, not a whole number of 2-value points (truncated?)")
        #expect(error("_p~iF~ps|U", dimensions: 3)?.message.contains("3-value points") == true)
        #expect(error("~~~~~~~~~~~?")?.message.contains("at most 32 bits") == true)
        #expect(error("") == nil)
    }

    /// Any points, encoded as the engines encode them, decode to themselves within the precision.
    @Test func encodedPointsDecodeToThemselves() async {
        let point = PropertyBased.zip(Gen.double(in: -90...90), Gen.double(in: -180...180)).array(of: 0...40)
        await propertyCheck(count: 300, input: point, Gen.bool) { pairs, six in
            let multiplier = six ? 1e6 : 1e5
            let points = pairs.map { GeoPoint(latitude: $0.0, longitude: $0.1) }
            let decoded = try Polyline.decode(Self.encode(points, multiplier: multiplier), multiplier: multiplier)
            #expect(decoded.count == points.count)
            for (a, b) in zip(points, decoded) {
                #expect(abs(a.latitude - b.latitude) <= 0.5 / multiplier + 1e-12 && abs(a.longitude - b.longitude) <= 0.5 / multiplier + 1e-12)
            }
        }
    }

    /// The encoder of Google's algorithm description, for the property above.
    static func encode(_ points: [GeoPoint], multiplier: Double) -> String {
        var text = ""
        var previous = (0, 0)
        func put(_ value: Int) {
            var v = value < 0 ? ~(value << 1) : value << 1
            while v >= 0x20 {
                text.append(Character(Unicode.Scalar(UInt8((0x20 | (v & 0x1f)) + 63))))
                v >>= 5
            }
            text.append(Character(Unicode.Scalar(UInt8(v + 63))))
        }
        for point in points {
            let current = (Int((point.latitude * multiplier).rounded()), Int((point.longitude * multiplier).rounded()))
            put(current.0 - previous.0)
            put(current.1 - previous.1)
            previous = current
        }
        return text
    }

    @Test func bearingsAndHeadings() {
        let origin = GeoPoint(latitude: 0, longitude: 0)
        #expect(abs(origin.bearing(to: GeoPoint(latitude: 1, longitude: 0))) < 1e-9)
        #expect(abs(origin.bearing(to: GeoPoint(latitude: 0, longitude: 1)) - 90) < 1e-9)
        #expect(abs(origin.bearing(to: GeoPoint(latitude: -1, longitude: 0)) - 180) < 1e-9)
        #expect(abs(origin.bearing(to: GeoPoint(latitude: 0, longitude: -1)) - 270) < 1e-9)
        // One degree of latitude is 111.2 km on the mean sphere.
        #expect(abs(origin.distance(to: GeoPoint(latitude: 1, longitude: 0)) - 111_195) < 1)
        #expect(Heading.normalized(360) == 0 && Heading.normalized(-90) == 270 && Heading.normalized(725) == 5)
        #expect(Heading.normalized(.nan) == nil && Heading.normalized(nil) == nil)
    }
}
