import DriveSimulation
import Foundation
import Testing

/// The engines' real responses driven through the real `voxnav drive` (its daemon, its headless
/// server), each named by its scenario key: the drive runs, every prompt ends, the audio rules
/// hold, and the words the packs already say from the route are heard.
@Suite struct ImportedRouteDriveTests {
    static let routes = DriveRunner.root.appendingPathComponent("examples/routes").path

    static func drive(_ key: String, _ file: String, language: String, cap: String = "30:00") async throws -> TimelineReport {
        let scenario = """
            name: \(file)
            language: \(language)
            route: {\(key): \(routes)/\(file)}
            speed: {route: true}
            audio:
              - {at: "0:00", event: radio.on}
            options: {durationCap: "\(cap)"}
            """
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(scenario))
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        #expect(report.summary.violations == 0, "\(report.audit)")
        #expect(report.summary.podcastSecondsLost == 0)
        #expect(report.prompts.allSatisfy { $0.result != .pending }, "every prompt ended")
        #expect(report.track("fmRadio")?.segments.contains { $0.state == .stopped || $0.state == .paused } == false)
        return report
    }

    @Test func valhallasDocumentedTrip() async throws {
        let said = try await Self.drive("valhalla", "valhalla-berlin-trace-route.json", language: "en-US").prompts.filter(\.played).map(\.text)
        #expect(said.contains { $0.contains("urn right") }, "\(said)")
        #expect(said.last?.hasPrefix("You have arrived") == true, "\(said)")
    }

    @Test(arguments: [
        ("graphhopper-hoyerswerda-via.json", "de", "Sie haben Ihr Zwischenziel erreicht", "Sie haben Ihr Ziel erreicht"),
        ("graphhopper-hoyerswerda-u-turn.json", "en-GB", "You have reached your waypoint", "You have arrived at your destination"),
    ])
    func graphHoppersViaRoutes(_ file: String, _ language: String, _ waypoint: String, _ arrival: String) async throws {
        let said = try await Self.drive("graphhopper", file, language: language).prompts.filter(\.played).map(\.text)
        // The via point, said as a waypoint (the trip goes on, issue 52), then the destination.
        let stop = try #require(said.firstIndex { $0.hasPrefix(waypoint) }, "\(said)")
        #expect(said.filter { $0.hasPrefix(waypoint) }.count == 1, "\(said)")
        #expect(said.filter { $0 == arrival }.count == 1 && said.lastIndex(of: arrival)! > stop, "\(said)")
    }

    /// OSRM's 13,445 km test route, its first half hour: the second step's road is said.
    @Test func osrmsLongRouteBegins() async throws {
        let report = try await Self.drive("osrm", "osrm-korea-to-portugal.json", language: "en-US", cap: "30:00")
        let said = report.prompts.filter(\.played).map(\.text)
        #expect(said.contains { $0.contains("onto 인삼로") }, "\(said)")
        #expect(said.count >= 10, "\(said)")
    }
}
