import Testing

@testable import Guidance

/// Pins issue 13's forms in every pack: the departure with its heading and the first maneuver
/// chained, continue on the current road, road names in prepare and execute, exit numbers and
/// "towards" in every state, rotary names, the arrival with its side and name, and chaining.
@Suite struct GoldenSignpostTests {
    static let cases: [GoldenStep] = [
        GoldenStep(
            maneuver: Maneuver(type: .startRoute, roadName: "Main Street", heading: 3), state: .execute, meters: 0,
            next: Maneuver(type: .rightTurn, roadName: "Oak Avenue", distanceRemaining: 120)),
        GoldenStep(maneuver: Maneuver(type: .startRoute, heading: 130), state: .execute, meters: 0),
        GoldenStep(maneuver: Maneuver(type: .rightTurn, roadName: "Elm Street", currentRoadName: "Oak Avenue"), state: .continue, meters: 1200),
        GoldenStep(maneuver: Maneuver(type: .leftTurn, roadName: "Elm Street"), state: .prepare, meters: 270),
        GoldenStep(maneuver: Maneuver(type: .leftTurn, roadName: "Elm Street"), state: .execute, meters: 20),
        GoldenStep(maneuver: Maneuver(type: .leftTurn), state: .execute, meters: 20),
        GoldenStep(
            maneuver: Maneuver(type: .highwayOffRampRight, exitNumber: "12B", towards: "Airport"), state: .prepare, meters: 400),
        GoldenStep(maneuver: Maneuver(type: .highwayOffRampRight, exitNumber: "12B", towards: "Airport"), state: .execute, meters: 30),
        GoldenStep(
            maneuver: Maneuver(type: .keepLeft, towards: "Harbor"), state: .execute, meters: 30,
            next: Maneuver(type: .keepRight, towards: "Downtown", distanceRemaining: 150)),
        GoldenStep(maneuver: Maneuver(type: .roundaboutExit2, roadName: "Elm Street", rotaryName: "Dupont Circle"), state: .initial, meters: 300),
        GoldenStep(maneuver: Maneuver(type: .arriveAtDestinationRight, destinationName: "Central Station"), state: .execute, meters: 5),
        GoldenStep(
            maneuver: Maneuver(type: .rightTurn, roadName: "Elm Street"), state: .execute, meters: 20,
            next: Maneuver(type: .arriveAtDestinationLeft, distanceRemaining: 80)),
        GoldenStep(
            maneuver: Maneuver(type: .rightTurn), state: .execute, meters: 20,
            next: Maneuver(type: .arriveAtDestination, destinationName: "Central Station", distanceRemaining: 80)),
    ]

    static func said(_ language: String) throws -> [String] {
        let composer = try PackFiles.composer(language)
        return cases.map { composer.compose($0.maneuver, state: $0.state, distance: $0.meters, then: $0.next, style: $0.style) }
    }

    static let expected: [String: [String]] = [:]

    @Test(arguments: ["en-US", "en-GB", "de", "fr", "es", "it", "nl", "pt-BR", "pl", "sv", "cs", "zh"])
    func everyPackSaysTheNewForms(language: String) throws {
        let said = try Self.said(language)
        print("GOLDEN \(language): \(said)")
        let want = try #require(Self.expected[language])
        #expect(said.count == want.count)
        for (index, (got, wanted)) in zip(said, want).enumerated() { #expect(got == wanted, "\(language) step \(index)") }
    }

    /// None of issue 13's unnatural phrases in any pack's catalog with names.
    @Test func noPackSaysTheUnnaturalPhrases() throws {
        let composer = try PackFiles.composer("en-US")
        let all = Self.cases.map { composer.compose($0.maneuver, state: $0.state, distance: $0.meters, then: $0.next) }
        for phrase in ["Follow the road now", "then arrive at your destination", "Keep left now, then keep right"] {
            #expect(!all.contains { $0.contains(phrase) }, "\(phrase)")
        }
        let followRoad = Maneuver(type: .followRoad, roadName: "Oak Avenue")
        #expect(composer.compose(followRoad, state: .execute, distance: 10) == "Continue on Oak Avenue")
    }
}
