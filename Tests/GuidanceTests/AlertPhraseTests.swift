import Foundation
import PropertyBased
import Testing

@testable import Guidance

/// Alerts: every pack says every kind, with and without a distance; a pack missing one, or with a
/// distance that could be unfilled, is refused on load.
@Suite struct AlertPhraseTests {
    @Test func everyPackHasEveryAlertKind() throws {
        #expect(PackFiles.languages.count == 12)
        for language in PackFiles.languages {
            let composer = try PackFiles.composer(language)
            #expect(Set(composer.pack.alerts.keys) == Set(AlertKind.allCases), "\(language)")
            var seen: [String: AlertKind] = [:]
            for kind in AlertKind.allCases {
                let ahead = composer.alert(kind)
                let near = composer.alert(kind, distance: 150)
                for text in [ahead, near] {
                    #expect(!text.isEmpty && !text.contains { "{}[]|".contains($0) }, "\(language) \(kind): \(text)")
                    #expect(text.first?.isLowercase != true, "\(language) \(kind): \(text) starts a sentence")
                }
                // With a distance it is said; without one, no number is.
                #expect(near.contains(composer.distancePhrase(meters: 150).split(separator: " ").first.map(String.init) ?? "?"), "\(language) \(kind): \(near)")
                #expect(!ahead.contains { $0.isNumber }, "\(language) \(kind): \(ahead)")
                // Each kind is told apart from the others.
                #expect(seen[ahead] == nil, "\(language): \(kind) and \(String(describing: seen[ahead])) both say \(ahead)")
                seen[ahead] = kind
            }
        }
    }

    @Test func alertsReadAsADriverHearsThem() throws {
        let english = try PackFiles.composer("en-US")
        #expect(english.alert(.speedCamera, distance: 150) == "Speed camera in 500 feet")
        #expect(english.alert(.speedCamera) == "Speed camera ahead")
        #expect(try PackFiles.composer("en-GB").alert(.roadworks, distance: 800) == "Roadworks in half a mile")
        let german = try PackFiles.composer("de")
        #expect(german.alert(.trafficAhead, distance: 500) == "Stau in 500 Metern")
        #expect(german.alert(.trafficAhead) == "Stau voraus")
        #expect(try PackFiles.composer("fr").alert(.accident, distance: 2000) == "Accident signalé dans 2 kilomètres")
        #expect(try PackFiles.composer("zh").alert(.laneClosed) == "前方车道封闭")
    }

    /// Any distance, any kind, any pack: a complete sentence, never a leftover brace.
    @Test func anyDistanceIsSaidCompletely() async {
        let composers = PackFiles.languages.compactMap { try? PackFiles.composer($0) }
        let kinds = Gen.element(of: AlertKind.allCases).map { $0! }
        await propertyCheck(count: 300, input: kinds, Gen.double(in: 0...100_000), Gen.int(in: 0...11)) { kind, meters, index in
            guard index < composers.count else { return }
            let text = composers[index].alert(kind, distance: meters)
            #expect(!text.isEmpty && !text.contains { "{}[]|".contains($0) } && !text.contains("  "), "\(kind) \(meters): \(text)")
        }
        // Nonsense distances are said as no distance.
        let english = composers.first { $0.pack.language == "en-US" }
        #expect(english?.alert(.hazard, distance: .nan) == english?.alert(.hazard))
        #expect(english?.alert(.hazard, distance: -5) == english?.alert(.hazard))
    }

    @Test func aPackMissingAnAlertKindIsRefused() throws {
        var pack = MinimalPack()
        pack.alerts = "alerts:\n" + AlertKind.allCases.dropLast().map { "  \($0.rawValue): \"\($0.rawValue)\"" }.joined(separator: "\n")
        let error = try #require(loadError(pack))
        #expect(error.kind == .missingKey && error.path == "alerts.hazard", "\(error)")
    }

    @Test func anUnknownAlertKindIsRefused() throws {
        var pack = MinimalPack()
        pack.alerts += "\n  meteorShower: \"meteors\""
        let error = try #require(loadError(pack))
        #expect(error.kind == .unknownKey && error.description.contains("meteorShower"), "\(error)")
    }

    @Test func aDistanceOutsideBracketsIsRefused() throws {
        var pack = MinimalPack()
        pack.alerts = pack.alerts.replacingOccurrences(of: "\"[speedCamera in {distance}|speedCamera]\"", with: "\"speedCamera in {distance}\"")
        let error = try #require(loadError(pack))
        #expect(error.kind == .unfilledPlaceholder && error.path == "alerts.speedCamera", "\(error)")
        var road = MinimalPack()
        road.alerts = road.alerts.replacingOccurrences(of: "\"[accident in {distance}|accident]\"", with: "\"accident[ on {road}]\"")
        let unknown = try #require(loadError(road))
        #expect(unknown.kind == .unknownPlaceholder && unknown.path == "alerts.accident", "\(unknown)")
    }

    @Test func anUnknownAlertKindIsRefusedOnDecoding() {
        do {
            _ = try JSONDecoder().decode(AlertKind.self, from: Data(#""meteorShower""#.utf8))
            Issue.record("decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.hasPrefix("Unknown alert kind \"meteorShower\"; allowed: trafficAhead, accident"))
        } catch {
            Issue.record("\(error)")
        }
    }

    private func loadError(_ pack: MinimalPack) -> PhrasePackError? {
        do {
            _ = try pack.pack()
            return nil
        } catch {
            return error
        }
    }
}
