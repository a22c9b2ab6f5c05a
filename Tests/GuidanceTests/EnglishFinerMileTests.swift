import Testing

@testable import Guidance

/// The finer steps below a mile (0.3, 0.4, 0.6: `DistanceFormatter`) are said as US and UK apps say
/// them, "point three miles" (issue 52): written "0.3 miles", eSpeak NG read "zero point three
/// miles". The usual steps keep each pack's words.
@Suite struct EnglishFinerMileTests {
    static let mile = DistanceUnit.miles.metersPerUnit

    @Test(arguments: ["en-US", "en-GB"]) func finerStepsBelowAMileAreSaidFromThePoint(language: String) throws {
        let composer = try PackFiles.composer(language)
        #expect(composer.distancePhrase(meters: 0.33 * Self.mile) == "point three miles")
        #expect(composer.distancePhrase(meters: 0.41 * Self.mile) == "point four miles")
        #expect(composer.distancePhrase(meters: 0.62 * Self.mile) == "point six miles")
        // No digit before the point is left anywhere in the prompt.
        let turn = composer.compose(Maneuver(type: .leftTurn, roadName: "Wexford Lane"), state: .initial, distance: 0.41 * Self.mile)
        #expect(turn.hasPrefix("In point four miles, turn left onto Wexford Lane"), "\(turn)")
        #expect(!turn.contains("0."), "\(turn)")
    }

    @Test func theUsualStepsKeepEachPacksWords() throws {
        let us = try PackFiles.composer("en-US")
        let uk = try PackFiles.composer("en-GB")
        #expect(us.distancePhrase(meters: 0.25 * Self.mile) == "a quarter mile")
        #expect(uk.distancePhrase(meters: 0.25 * Self.mile) == "a quarter of a mile")
        #expect(us.distancePhrase(meters: 0.5 * Self.mile) == "a half mile")
        #expect(uk.distancePhrase(meters: 0.5 * Self.mile) == "half a mile")
        #expect(us.distancePhrase(meters: 0.75 * Self.mile) == "three quarters of a mile")
        // Above a mile the digits are read as apps say them: "one point two miles".
        #expect(us.distancePhrase(meters: 1.22 * Self.mile) == "1.2 miles")
    }
}
