import Foundation
import Testing

@testable import DriveSimulation

/// A long real route must load in well under a second, and its drive must not grow with the
/// square of its length (a 50 MB OSRM route once took minutes and gigabytes).
@Suite struct LongRouteTests {
    /// An OSRM response of `count` steps: the example route's own steps, its depart first, its
    /// arrive last, and its middle steps repeated in between.
    static func longOSRMRoute(steps count: Int) throws -> Data {
        let object = try #require(try JSONSerialization.jsonObject(with: Examples.data("routes/osrm-city.json")) as? [String: Any])
        var routes = try #require(object["routes"] as? [[String: Any]])
        var legs = try #require(routes[0]["legs"] as? [[String: Any]])
        let steps = try #require(legs[0]["steps"] as? [[String: Any]])
        let middle = Array(steps.dropFirst().dropLast())
        var long = [steps.first!]
        while long.count < count - 1 { long.append(middle[(long.count - 1) % middle.count]) }
        long.append(steps.last!)
        legs[0]["steps"] = long
        routes[0]["legs"] = [legs[0]]
        var result = object
        result["routes"] = [routes[0]]
        return try JSONSerialization.data(withJSONObject: result)
    }

    @Test func aRouteOfFourThousandRealStepsLoadsInWellUnderASecond() throws {
        let data = try Self.longOSRMRoute(steps: 4000)
        let scenario = try Scenario(
            yaml: """
                name: Long drive
                language: en-US
                route: {osrm: long.json}
                speed: {route: true}
                """)
        let clock = ContinuousClock()
        var schedule: DriveSchedule?
        var route: Route?
        let elapsed = try clock.measure {
            // What `voxnav drive` does with a scenario once its files are read.
            let loaded = try scenario.route.resolve { _ in String(decoding: data, as: UTF8.self) }
            route = loaded
            schedule = DriveSchedule(scenario: scenario, route: loaded)
        }
        print("long route: \(data.count) bytes, 4000 steps, loaded and scheduled in \(elapsed)")
        #expect(route?.maneuvers.count == 4000)
        #expect((schedule?.steps.count ?? 0) > 1000)
        // Timed tests are fragile on a shared machine: a generous bound for a debug build.
        #expect(elapsed < .seconds(2), "\(elapsed)")
    }
}
