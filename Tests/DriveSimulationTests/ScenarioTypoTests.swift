import Testing

@testable import DriveSimulation

/// A mistyped key in a scenario is named once, at its own line, with the key it most likely meant
/// (it was once reported as a missing key at line 1 as well).
@Suite struct ScenarioTypoTests {
    private func problems(_ yaml: String) -> [ScenarioProblem] {
        do {
            _ = try Scenario(yaml: yaml)
            return []
        } catch {
            return error.problems
        }
    }

    @Test func aMistypedRequiredKeyIsNamedAtItsLineWithTheKeyItMeant() {
        let found = problems("name: x\nlangauge: en-US\nspeed: 50 km/h\nroute:\n  maneuvers:\n    - type: startRoute\n    - {distance: 500, type: rightTurn}\n")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.path == "langauge" && found.first?.line == 2, "\(found)")
        #expect(found.first?.message.hasPrefix("unknown key 'langauge' (did you mean 'language'?)") == true, "\(found)")
    }

    @Test func aMistypedKeyDeeperDownIsNamedWithItsNearestKey() {
        let found = problems(
            "name: x\nlanguage: en-US\nspeed: 50 km/h\nroute:\n  maneuvers:\n    - {type: startRoute, roadNmae: Elm}\n    - {distance: 500, type: rightTurn}\n")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.contains("unknown key 'roadNmae' (did you mean 'roadName'?)") == true, "\(found)")
    }

    @Test func aKeyLikeNoneIsNamedWithoutAGuessAndTheMissingKeyStillCounts() {
        let found = problems("name: x\nbanana: en-US\nspeed: 50 km/h\nroute:\n  maneuvers:\n    - type: startRoute\n    - {distance: 500, type: rightTurn}\n")
        #expect(found.contains { $0.path == "banana" && $0.line == 2 && !$0.message.contains("did you mean") }, "\(found)")
        #expect(found.contains { $0.message == "missing required key 'language'" }, "\(found)")
    }
}
