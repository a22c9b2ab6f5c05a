import DriveSimulation
import Foundation
import Testing

/// Issue 13's words on a real drive (`voxnav drive`): on a route whose maneuvers carry road names,
/// signposts, exits, a heading and a destination, the prompts open with the departure, name the
/// roads and signposts, and say none of the unnatural phrases the issue lists.
@Suite struct SignpostDriveTests {
    static let route = """
        trafficSide: right
        maneuvers:
          - {id: start, type: startRoute, roadName: Main Street, heading: 92}
          - {distance: 150, type: rightTurn, roadName: Oak Avenue, currentRoadName: Main Street}
          - {distance: 1500, type: followRoad, roadName: Harbor Boulevard, currentRoadName: Oak Avenue}
          - {distance: 1400, type: keepLeft, towards: Airport, currentRoadName: Harbor Boulevard}
          - {distance: 1300, type: highwayOffRampRight, exitNumber: 12B, towards: Downtown, currentRoadName: Airport Road}
          - {distance: 1200, type: roundaboutExit2, roadName: Elm Street, rotaryName: Dupont Circle}
          - {distance: 1100, type: arriveAtDestinationRight, destinationName: Central Station, currentRoadName: Elm Street}
        """

    static func scenario(language: String, units: String, routeFile: String) -> String {
        """
        name: Signposts (\(language))
        language: \(language)
        units: \(units)
        vehicle: car
        route:
          file: \(routeFile)
        speed:
          segments:
            - {from: 0, speed: 10 km/h}          # setting off
            - {fromDistance: 40, speed: 40 km/h}
        options:
          durationCap: "20:00"
          seed: 1
          tick: 1
        """
    }

    static func prompts(_ language: String, units: String) async throws -> [String] {
        let routeURL = FileManager.default.temporaryDirectory.appendingPathComponent("signposts-\(UUID().uuidString.prefix(8)).yaml")
        try route.write(to: routeURL, atomically: true, encoding: .utf8)
        let output = try await DriveRunner.drive(
            try DriveRunner.scenarioFile(scenario(language: language, units: units, routeFile: routeURL.path)))
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        #expect(report.summary.violations == 0, "\(report.audit)")
        return report.prompts.map(\.text)
    }

    static let unnatural = [
        "Follow the road now", "follow the road", "then arrive at your destination", "Keep left now, then keep right",
        "dem Straßenverlauf folgen", "jetzt links halten, dann rechts halten",
    ]

    @Test(arguments: [
        (
            "en-US", "imperialUS",
            ["Head east on Main Street", "Oak Avenue", "toward Airport", "exit 12 B", "toward Downtown", "Dupont Circle", "Central Station is on the right"]
        ),
        (
            "en-GB", "imperialUK",
            [
                "Head east along Main Street", "Oak Avenue", "towards Airport", "junction 12 B", "towards Downtown", "Dupont Circle",
                "Central Station is on the right",
            ]
        ),
        (
            "de", "metric",
            [
                "Richtung Osten auf Main Street losfahren", "Oak Avenue", "Richtung Airport", "12 B", "Richtung Downtown", "Dupont Circle",
                "Ihr Ziel befindet sich rechts: Central Station",
            ]
        ),
    ])
    func promptsNameRoadsAndSignpostsAndOpenWithTheDeparture(language: String, units: String, names: [String]) async throws {
        let said = try await Self.prompts(language, units: units)
        let all = said.joined(separator: " | ")
        #expect(said.first?.hasPrefix(names[0]) ?? false, "\(all)")
        for name in names { #expect(all.contains(name), "\(language): '\(name)' in \(all)") }
        for phrase in Self.unnatural { #expect(!all.localizedCaseInsensitiveContains(phrase), "\(language): '\(phrase)' in \(all)") }
        // The name change is not announced as a maneuver of its own.
        #expect(!said.contains { $0.contains("Harbor Boulevard") && !$0.lowercased().hasPrefix("continue") && language != "de" }, "\(all)")
    }
}
