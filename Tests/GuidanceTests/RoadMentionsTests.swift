import Testing

@testable import Guidance

/// `guidance.start`'s `roadNames` and `roadNumbers`: prompts without them when they are off.
@Suite struct RoadMentionsTests {
    let composer: PhraseComposer
    let maneuver = Maneuver(type: .rightTurn, roadName: "Main St.", routeNumber: "I-95")

    init() throws { composer = try PackFiles.composer("en-US") }

    func said(_ maneuver: Maneuver, _ roads: RoadMentions) -> String {
        composer.compose(roads.apply(to: maneuver, names: composer.pack.names), state: .initial, distance: 400)
    }

    @Test func everythingByDefault() {
        #expect(said(maneuver, .all).contains("Main Street"))
        #expect(composer.compose(maneuver, state: .initial, distance: 400) == said(maneuver, RoadMentions()))
    }

    @Test func withoutNames() {
        let text = said(maneuver, RoadMentions(names: false))
        #expect(!text.contains("Main"), "\(text)")
        #expect(text == "In a quarter mile, turn right")
    }

    @Test func withoutNumbers() {
        let ramp = Maneuver(type: .onRamp, roadName: "Main St.", routeNumber: "I-95")
        let text = said(ramp, RoadMentions(numbers: false))
        #expect(!text.contains("Interstate") && !text.contains("95"), "\(text)")
        #expect(said(ramp, .all).contains("Interstate 95"))
    }

    @Test func aRoadNamedByItsNumberIsANumber() {
        let state = Maneuver(type: .leftTurn, roadName: "CT 145")
        #expect(said(state, .all).contains("Connecticut Route 145"))
        #expect(!said(state, RoadMentions(numbers: false)).contains("145"))
        #expect(said(state, RoadMentions(names: false)).contains("Connecticut Route 145"))
    }

    @Test func neither() {
        let ramp = Maneuver(type: .onRamp, roadName: "Main St.", routeNumber: "I-95", exitNumber: "12B")
        let text = said(ramp, RoadMentions(names: false, numbers: false))
        #expect(!text.contains("Main") && !text.contains("Interstate"), "\(text)")
    }

    @Test func thePronunciationGoesWithTheName() {
        let named = Maneuver(type: .rightTurn, roadName: "Houston St.", roadNamePronunciation: "[[h'aUst@n]]")
        #expect(RoadMentions(names: false).apply(to: named, names: composer.pack.names).roadNamePronunciation == nil)
    }
}
