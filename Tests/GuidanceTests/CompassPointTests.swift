import Testing

@testable import Guidance

@Suite struct CompassPointTests {
    @Test func eachPointCoversFortyFiveDegreesCentredOnIt() {
        let expected: [(Double, CompassPoint)] = [
            (0, .north), (22.4, .north), (22.5, .northeast), (45, .northeast), (90, .east), (135, .southeast),
            (180, .south), (225, .southwest), (270, .west), (292.4, .west), (292.5, .northwest), (337.4, .northwest),
            (337.5, .north), (359.9, .north),
        ]
        for (heading, point) in expected { #expect(CompassPoint(heading: heading) == point, "\(heading)") }
    }

    @Test func headingsOutsideOneTurnWrapAndNonFiniteOnesHaveNoPoint() {
        #expect(CompassPoint(heading: 360) == .north)
        #expect(CompassPoint(heading: -90) == .west)
        #expect(CompassPoint(heading: 450) == .east)
        #expect(CompassPoint(heading: .nan) == nil)
        #expect(CompassPoint(heading: .infinity) == nil)
    }

    @Test func everyPackWordsEveryPoint() throws {
        for language in PackFiles.languages {
            let pack = try PackFiles.pack(language)
            #expect(Set(pack.compass.keys) == Set(CompassPoint.allCases), "\(language)")
            #expect(Set(pack.compass.values).count == CompassPoint.allCases.count, "\(language): eight different words")
        }
    }

    @Test func aPackWithoutACompassSaysTheDepartureWithoutItsHeading() throws {
        var minimal = MinimalPack()
        minimal.maneuvers["starts"] = "\"head[ {heading}][ on {road}]\""
        let composer = PhraseComposer(pack: try minimal.pack())
        let start = Maneuver(type: .startRoute, roadName: "Main Street", heading: 10)
        #expect(
            composer.compose(start, state: .initial, distance: 0)
                == "In under 10 meters head on Main Street")
        minimal.extra = "compass: { north: N, northeast: NE, east: E, southeast: SE, south: S, southwest: SW, west: W, northwest: NW }"
        let withCompass = PhraseComposer(pack: try minimal.pack())
        #expect(withCompass.compose(start, state: .initial, distance: 0).hasSuffix("head N on Main Street"))
    }
}
