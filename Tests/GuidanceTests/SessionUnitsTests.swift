import Testing

@testable import Guidance

/// A guidance session may say its distances in another unit system than its pack's own, when the
/// pack words it: en-US and en-GB in metric, for en-CA and en-AU.
@Suite struct SessionUnitsTests {
    private let turn = Maneuver(type: .rightTurn, roadName: "Solar Circle")

    @Test func theEnglishPacksWordMetricAndTheOthersTheirOwnSystemOnly() throws {
        #expect(try PackFiles.pack("en-US").unitSystems == [.imperialUS, .metric])
        #expect(try PackFiles.pack("en-GB").unitSystems == [.imperialUK, .metric])
        for language in ["de", "fr", "es", "it", "nl", "pt-BR", "pl", "sv", "cs", "zh"] {
            #expect(try PackFiles.pack(language).unitSystems == [.metric], "\(language)")
        }
    }

    @Test func englishInMetric() throws {
        let american = PhraseComposer(pack: try PackFiles.pack("en-US"), units: .metric)
        #expect(american.compose(turn, state: .initial, distance: 290) == "In 300 meters, turn right onto Solar Circle")
        #expect(american.compose(turn, state: .initial, distance: 1480) == "In one and a half kilometers, turn right onto Solar Circle")
        let british = PhraseComposer(pack: try PackFiles.pack("en-GB"), units: .metric)
        #expect(british.compose(turn, state: .initial, distance: 290) == "In 300 metres, turn right onto Solar Circle")
        #expect(british.distancePhrase(meters: 4) == "less than 10 metres")
        #expect(british.distancePhrase(meters: 520) == "500 metres")
        #expect(british.distancePhrase(meters: 2400) == "2.5 kilometres")
    }

    @Test func everyDistanceIsWordedInEveryUnitSystemAPackOffers() throws {
        for language in ["en-US", "en-GB"] {
            let pack = try PackFiles.pack(language)
            for system in pack.unitSystems {
                let composer = PhraseComposer(pack: pack, units: system)
                var meters = 0.0
                while meters < 60_000 {
                    let said = composer.distancePhrase(meters: meters)
                    let units = system.units.map(\.rawValue)
                    #expect(!said.isEmpty && !said.contains("{"), "\(language) \(system) \(meters) m: \(said)")
                    #expect(
                        system != .metric || said.contains("met") || said.contains("kilomet"),
                        "\(language) in \(system) said \(said) (\(units))")
                    meters = meters * 1.07 + 3
                }
            }
        }
    }

    @Test func aSystemThePackDoesNotWordFallsBackToItsOwn() throws {
        let german = PhraseComposer(pack: try PackFiles.pack("de"), units: .imperialUS)
        #expect(german.distanceFormatter.unitSystem == .metric)
        #expect(german.distancePhrase(meters: 290) == "300 Meter")
    }

    @Test func aPackWordingOnlyPartOfAnotherSystemDoesNotOfferIt() throws {
        var pack = MinimalPack()
        pack.distance += "\n    feet: { one: \"{n} foot\", other: \"{n} feet\" }"
        #expect(try pack.pack().unitSystems == [.metric])
        var unknown = MinimalPack()
        unknown.distance += "\n    furlongs: { one: \"{n} furlong\", other: \"{n} furlongs\" }"
        #expect(throws: PhrasePackError.self) { try unknown.pack() }
    }
}
