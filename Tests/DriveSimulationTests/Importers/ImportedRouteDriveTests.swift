import Foundation
import Guidance
import Testing

@testable import DriveSimulation

/// Each real response driven through the drive simulation as `voxnav drive` drives it: the
/// scenario names the file by its key, the route is read through `RouteSource`, the schedule is
/// walked, and what the route gave reaches the maneuvers the drive sends (each maneuver is sent
/// in full with the first update that lists it).
@Suite struct ImportedRouteDriveTests {
    static func scenario(_ key: String, _ file: String, options: String = "") throws -> Scenario {
        try Scenario(
            yaml: """
                name: \(file)
                language: en-US
                route: {\(key): routes/\(file)}
                speed: {route: true}
                \(options)
                """)
    }

    /// The maneuvers of `scenario`'s drive as `DriveRun.send` sends them, by id, in the order sent.
    static func sent(_ scenario: Scenario) throws -> (route: Route, sent: [(id: String, maneuver: Maneuver)]) {
        let route = try scenario.route.resolve { try Examples.text($0) }
        var seen: Set<String> = []
        var sent: [(id: String, maneuver: Maneuver)] = []
        for step in DriveSchedule(scenario: scenario, route: route).steps {
            guard case .progress(let update) = step else { continue }
            for item in update.upcoming where seen.insert(item.id).inserted { sent.append((item.id, item.maneuver)) }
        }
        return (route, sent)
    }

    /// Every maneuver after the start is sent once, in order, as the route has it (distance and
    /// time filled in); the start too where the drive lists the departure.
    static func expectSentAsRouted(_ route: Route, _ sent: [(id: String, maneuver: Maneuver)]) {
        let routed = route.maneuvers.filter { item in sent.contains { $0.id == item.id } }
        #expect(sent.map(\.id) == routed.map(\.id))
        #expect(Array(routed.map(\.id).suffix(route.maneuvers.count - 1)) == route.maneuvers.dropFirst().map(\.id), "every maneuver ahead is sent")
        for (item, routed) in zip(sent, routed) {
            var maneuver = item.maneuver
            #expect(maneuver.distanceRemaining != nil)
            maneuver.distanceRemaining = nil
            maneuver.timeRemaining = nil
            // The start's heading goes with it (once the drive lists the departure).
            #expect(maneuver == routed.maneuver, "\(item.id)")
        }
    }

    @Test func aValhallaTripIsDriven() throws {
        let (route, sent) = try Self.sent(try Self.scenario("valhalla", "valhalla-berlin-trace-route.json"))
        Self.expectSentAsRouted(route, sent)
        let ahead = sent.filter { $0.maneuver.type.family != .starts }
        #expect(ahead.map(\.maneuver.roadName) == ["Lebuser Straße", "Palisadenstraße", nil])
        #expect(ahead.map(\.maneuver.currentRoadName) == ["Karl-Marx-Allee", "Lebuser Straße", "Palisadenstraße"])
        #expect(route.maneuvers[0].maneuver.heading == 279)
        // Its times are Valhalla's: the drive takes the trip's 55.5 s.
        let kinematics = DriveKinematics(route: route, speed: .route(fallback: 10))
        #expect(abs((kinematics.arrivalTime ?? 0) - 55.507) < 0.01)
    }

    @Test(arguments: ["graphhopper-hoyerswerda-via.json", "graphhopper-hoyerswerda-u-turn.json", "graphhopper-berlin.json"])
    func aGraphHopperPathIsDriven(_ file: String) throws {
        let (route, sent) = try Self.sent(try Self.scenario("graphhopper", file))
        Self.expectSentAsRouted(route, sent)
        #expect(route.maneuvers[0].maneuver.heading != nil)
        if file != "graphhopper-berlin.json" {
            #expect(sent.contains { $0.maneuver.roadName == "Franz-Liszt-Straße" && $0.maneuver.currentRoadName != nil })
            #expect(sent.last?.maneuver.currentRoadName == "Bautzener Allee")
        }
    }

    /// OSRM's 13,445 km test route, 156 hours at its own durations, every ten seconds.
    @Test func theLongOSRMRouteIsDrivenWithItsSignposts() throws {
        let (route, sent) = try Self.sent(try Self.scenario("osrm", "osrm-korea-to-portugal.json", options: "options: {tick: 10, durationCap: 720000}"))
        Self.expectSentAsRouted(route, sent)
        #expect(sent.filter { $0.maneuver.towards != nil }.count == 55)
        #expect(sent.compactMap(\.maneuver.exitNumber) == ["86", "30"])
        #expect(sent.filter { $0.maneuver.rotaryName != nil }.count == 5)
        #expect(sent.contains { $0.maneuver.towards == "Köln, Düsseldorf, Wuppertal, Hagen-Nord" })
    }

    @Test func theScenarioKeysNameTheEngines() throws {
        #expect(try Self.scenario("valhalla", "a.json").route == .valhalla("routes/a.json"))
        #expect(try Self.scenario("graphhopper", "a.json").route == .graphhopper("routes/a.json"))
        #expect(RouteSource.valhalla("a.json").referencedFile == "a.json" && RouteSource.graphhopper("b.json").referencedFile == "b.json")
        do {
            _ = try Scenario(yaml: "name: x\nlanguage: fr\nroute: {valhalla: a.json, graphhopper: b.json}\nspeed: 50\n")
            Issue.record("two route files were accepted")
        } catch {
            #expect(error.problems.first?.message == "give either maneuvers, file, osrm, valhalla or graphhopper, not several")
        }
        do {
            _ = try Scenario(yaml: "name: x\nlanguage: fr\nroute: {valhalla: \"\"}\nspeed: 50\n")
            Issue.record("an empty path was accepted")
        } catch {
            #expect(error.problems.first?.path == "route.valhalla")
        }
    }
}
