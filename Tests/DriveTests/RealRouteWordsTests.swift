import DriveSimulation
import Foundation
import Guidance
import Testing

/// Issue 13's bar on the engines' real responses, in en-US, en-GB and de, through the real `voxnav
/// drive`: the drive opens with the departure where the first maneuver leaves room for it, names the
/// roads and signposts the route has, and says none of the unnatural phrases.
@Suite struct RealRouteWordsTests {
    static let languages = ["en-US", "en-GB", "de"]
    static let towards = ["en-US": "toward ", "en-GB": "towards ", "de": "Richtung "]

    static func said(_ key: String, _ file: String, _ language: String, cap: String) async throws -> [String] {
        try await ImportedRouteDriveTests.drive(key, file, language: language, cap: cap).prompts.filter(\.played).map(\.text)
    }

    static func isDeparture(_ text: String, _ language: String) -> Bool {
        language == "de" ? text.contains("losfahren") : text.hasPrefix("Head ")
    }

    static func expectNatural(_ said: [String], _ language: String) {
        let all = said.joined(separator: " | ")
        for phrase in SignpostDriveTests.unnatural { #expect(!all.localizedCaseInsensitiveContains(phrase), "\(language): '\(phrase)' in \(all)") }
    }

    /// OSRM's long test route, its first three and a half hours (to its first signposted
    /// destination, Pyongyang): the departure with its compass point, every road the route names on
    /// the way, and the signpost.
    @Test(arguments: languages)
    func osrm(_ language: String) async throws {
        let said = try await Self.said("osrm", "osrm-korea-to-portugal.json", language, cap: "3:40:00")
        let all = said.joined(separator: " | ")
        let first = try #require(said.first, "nothing said")
        #expect(Self.isDeparture(first, language) && first.contains("금강로"), "\(language): \(first)")
        let route = try Route(osrmJSON: Data(contentsOf: URL(fileURLWithPath: ImportedRouteDriveTests.routes + "/osrm-korea-to-portugal.json")))
        // The roads of the maneuvers reached well within the cap, each said at least once; a keep
        // names the signpost's destination or route number where it has one, the road otherwise
        // (the packs' `keeps`: "keep left towards the 1").
        var elapsed = 0.0
        var maneuvers: [Guidance.Maneuver] = []
        for item in route.maneuvers {
            elapsed += item.durationFromPrevious ?? 0
            guard elapsed < 3.5 * 3600 else { break }
            if item.maneuver.roadName != nil { maneuvers.append(item.maneuver) }
        }
        let roads = Set(maneuvers.compactMap(\.roadName))
        // Route numbers are said spaced out ("AH1" as "AH 1").
        let compact = all.replacingOccurrences(of: " ", with: "")
        let unsaid = roads.filter { road in
            !all.contains(road)
                && !maneuvers.filter { $0.roadName == road }.allSatisfy { m in
                    m.type.family == .keeps
                        && [m.towards, m.routeNumber].contains { $0.map { compact.contains($0.replacingOccurrences(of: " ", with: "")) } ?? false }
                }
        }
        #expect(roads.count >= 10 && unsaid.isEmpty, "\(language): not said: \(unsaid.sorted()) of \(roads.count)")
        #expect(all.contains(Self.towards[language]! + "평양"), "\(language): the signpost to 평양 not said")
        Self.expectNatural(said, language)
    }

    /// GraphHopper's 2 km Berlin route (its test fixture, without street names): the departure first.
    @Test(arguments: languages)
    func graphHopper(_ language: String) async throws {
        let said = try await Self.said("graphhopper", "graphhopper-berlin.json", language, cap: "10:00")
        let first = try #require(said.first, "nothing said")
        #expect(Self.isDeparture(first, language), "\(language): \(said)")
        Self.expectNatural(said, language)
    }

    /// Valhalla's documented route: its first turn is 25 m from the start at 7 m/s, too close for a
    /// departure before it, so the turn is said first, and the arrival last. With 3.5 s to go it has
    /// no time for its road name: "Turn right", to end as early as it can (ANNOUNCER.md).
    @Test(arguments: languages)
    func valhalla(_ language: String) async throws {
        let said = try await Self.said("valhalla", "valhalla-berlin-route.json", language, cap: "10:00")
        let turn = language == "de" ? "Rechts abbiegen" : "Turn right"
        #expect(said.first == turn, "\(language): \(said)")
        #expect(!said.contains { Self.isDeparture($0, language) }, "a departure said over the first turn: \(said)")
        #expect(said.count >= 3, "\(language): \(said)")
        Self.expectNatural(said, language)
    }
}
