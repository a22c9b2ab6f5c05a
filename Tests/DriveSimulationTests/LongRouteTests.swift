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
        var route: Route?
        var walked = 0
        let elapsed = try clock.measure {
            // What `voxnav drive` does with a scenario once its files are read: the schedule is
            // made as it is walked.
            let loaded = try scenario.route.resolve { _ in String(decoding: data, as: UTF8.self) }
            route = loaded
            for step in DriveSchedule(scenario: scenario, route: loaded).steps {
                if case .progress = step { walked += 1 }
            }
        }
        print("long route: \(data.count) bytes, 4000 steps, \(walked) updates: loaded, scheduled and walked in \(elapsed)")
        #expect(route?.maneuvers.count == 4000)
        #expect(walked > 1000)
        // Timed tests are fragile on a shared machine: a generous bound for a debug build.
        #expect(elapsed < .seconds(2), "\(elapsed)")
    }
}

/// Item 7 of issue 21: a 50 MB OSRM route and a 100 MB scenario were parsed (gigabytes); errors
/// echoed values whole and listed every problem.
@Suite struct InputLimitTests {
    @Test func anOSRMRouteOverItsCapIsRefusedBeforeItIsParsed() throws {
        let data = Data(count: Route.maximumOSRMSize + 1)
        do {
            _ = try Route(osrmJSON: data)
            Issue.record("an oversize route was accepted")
        } catch {
            #expect(error.description == "scenario: the OSRM route is \(data.count) bytes (32 MiB), over the 32 MiB cap", "\(error)")
        }
    }

    @Test func aRouteFileAndAScenarioOverTheirCapsAreRefused() throws {
        let route = "maneuvers: []\n#" + String(repeating: "x", count: Route.maximumFileSize)
        #expect(throws: ScenarioError.self) { try Route(yaml: route) }
        do { _ = try Route(yaml: route) } catch { #expect(error.description.contains("over the 8 MiB cap"), "\(error)") }
        let scenario = "name: x\n#" + String(repeating: "x", count: Scenario.maximumFileSize)
        do {
            _ = try Scenario(yaml: scenario)
            Issue.record("an oversize scenario was accepted")
        } catch {
            #expect(error.description.contains("the scenario is \(scenario.utf8.count) bytes"), "\(error)")
            #expect(error.description.contains("over the 1 MiB cap"), "\(error)")
        }
    }

    /// Issue 50, row 7 (pure: the scenario reader, text in, the refusal out): a 24 KB scenario whose
    /// 500 keys were aliases of a 20 KB key was refused after 100 s (two "did you mean" edit
    /// distances per key). Refused by the YAML budget within a second; a route file too.
    @Test func anAliasBombIsRefusedWithinASecond() throws {
        let bomb = "x: &k " + String(repeating: "k", count: 20_000) + "\n" + String(repeating: "*k : 1\n", count: 500)
        let clock = ContinuousClock()
        var refusals: [ScenarioError] = []
        let elapsed = clock.measure {
            do throws(ScenarioError) { _ = try Scenario(yaml: "name: x\n" + bomb) } catch { refusals.append(error) }
            do throws(ScenarioError) { _ = try Route(yaml: bomb) } catch { refusals.append(error) }
        }
        #expect(refusals.count == 2)
        for error in refusals { #expect(error.description.contains("its aliases add over 256 KiB of text to the document"), "\(error)") }
        #expect(elapsed < .seconds(1), "\(elapsed)")
    }

    @Test func anErrorOverManyUnknownKeysIsShortAndAHugeValueIsCut() throws {
        var yaml = "name: x\nlanguage: en-US\nspeed: 50 km/h\nroute: {osrm: r.json}\n"
        for i in 0..<5000 { yaml += "unknown\(i): 1\n" }
        let huge = String(repeating: "ü", count: 200_000)
        yaml += "vehicle: \(huge)\n"
        do {
            _ = try Scenario(yaml: yaml)
            Issue.record("accepted")
        } catch {
            let text = error.description
            #expect(error.problems.count == 5001)
            #expect(text.split(separator: "\n").count == 20 + 1, "\(text.prefix(2000))")
            #expect(text.hasSuffix("… and 4981 more problems"), "\(text.suffix(200))")
            #expect(text.utf8.count < 10_000, "\(text.utf8.count) bytes of error")
            let vehicle = try #require(error.problems.first { $0.path == "vehicle" })
            #expect(vehicle.message.contains(String(repeating: "ü", count: 80) + "… (400000 bytes)"), "\(vehicle.message.prefix(300))")
            #expect(vehicle.message.utf8.count < 500)
        }
    }
}
