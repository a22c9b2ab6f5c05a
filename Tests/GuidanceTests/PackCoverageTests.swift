import Testing

@testable import Guidance

/// Every pack in voices/ says every maneuver type in every state and style, with nothing left
/// unfilled and nothing empty.
@Suite struct PackCoverageTests {
    @Test func voicesDirectoryHasTheFourReferencePacks() {
        let languages = Set(PackFiles.languages)
        for language in ["en-US", "en-GB", "de", "fr"] {
            #expect(languages.contains(language), "voices/\(language).yaml is missing")
        }
    }

    @Test(arguments: PackFiles.languages)
    func packRendersEveryTypeStateAndStyle(language: String) throws {
        let composer = try PackFiles.composer(language)
        #expect(composer.pack.language == language)
        let catalog = composer.catalog()
        #expect(catalog.count == ManeuverType.allCases.count * ManeuverState.allCases.count * PhraseVariant.allCases.count)
        for rendering in catalog {
            let place = "\(language) \(rendering.type) \(rendering.state) \(rendering.variant)"
            #expect(!rendering.text.isEmpty, "\(place) is empty")
            #expect(!rendering.text.contains { "{}[]|".contains($0) }, "\(place): \(rendering.text)")
            #expect(!rendering.text.contains("  "), "\(place): \(rendering.text)")
            #expect(rendering.text.first?.isUppercase ?? false || !composer.pack.capitalizeSentences, "\(place): \(rendering.text)")
        }
    }

    @Test(arguments: PackFiles.languages)
    func everyStateSaysSomethingDifferentForTurnsAndArrivals(language: String) throws {
        let composer = try PackFiles.composer(language)
        for type in [ManeuverType.rightTurn, .arriveAtDestination, .roundaboutExit2] {
            let texts = ManeuverState.allCases.map {
                composer.compose(Maneuver(type: type, roadName: "Solar Circle"), state: $0, distance: 400)
            }
            #expect(Set(texts).count >= 3, "\(language) \(type): \(texts)")
        }
    }

    @Test(arguments: PackFiles.languages)
    func everyDistanceTheFormatterProducesIsWorded(language: String) throws {
        let composer = try PackFiles.composer(language)
        var meters = 0.0
        while meters < 60_000 {
            let text = composer.compose(Maneuver(type: .leftTurn), state: .initial, distance: meters)
            #expect(!text.contains("{") && !text.isEmpty, "\(language) at \(meters) m: \(text)")
            meters = meters < 1000 ? meters + 7 : meters * 1.05
        }
    }

    @Test(arguments: PackFiles.languages)
    func everyRoundaboutExitHasItsOwnOrdinal(language: String) throws {
        let composer = try PackFiles.composer(language)
        let texts = (1...19).map {
            composer.compose(Maneuver(type: .roundaboutExit($0)!), state: .execute, distance: 10, style: .short)
        }
        #expect(Set(texts).count == 19)
    }

    @Test(arguments: PackFiles.languages)
    func reroutingIsSaid(language: String) throws {
        #expect(try !PackFiles.composer(language).rerouting.isEmpty)
    }

    /// Every pause a driver should hear has its own words; an arrival's pause says nothing (the
    /// arrival prompt has said it), a reroute's is "Recalculating route".
    @Test(arguments: PackFiles.languages)
    func eachPauseReasonIsSaidInItsOwnWords(language: String) throws {
        let composer = try PackFiles.composer(language)
        let said = GuidancePauseReason.allCases.compactMap { composer.pauseAnnouncement(for: $0) }
        #expect(said.count == GuidancePauseReason.allCases.count - 1)
        #expect(Set(said).count == said.count, "\(said)")
        #expect(said.allSatisfy { !$0.isEmpty })
        #expect(composer.pauseAnnouncement(for: .arrived) == nil)
        #expect(composer.pauseAnnouncement(for: .rerouting) == composer.rerouting)
    }
}
