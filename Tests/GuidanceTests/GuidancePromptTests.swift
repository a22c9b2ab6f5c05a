import AudioPolicy
import Testing

@testable import Guidance

/// Every guidance prompt (the announcer's, a held-back one said again, a repeat) is made by
/// `GuidancePrompt`: the same maneuver in the same state ranks, reads and keys alike whichever plan it
/// came from.
@Suite struct GuidancePromptTests {
    static let onRoute = [
        "m1": Maneuver(type: .rightTurn, roadName: "Larkspur Lane"),
        "m2": Maneuver(type: .keepLeft, towards: "Ravensworth"),
        "m3": Maneuver(type: .leftTurn, roadName: "Quarry Hill Road"),
        "start": Maneuver(type: .startRoute, roadName: "Mill Race"),
    ]
    static let arrival = LocalTime(instant: 1_800_000_000, utcOffset: 0)

    static func speaker(arrival: LocalTime? = nil) throws -> GuidancePrompt.Speaker {
        let composer = PhraseComposer(pack: try PackFiles.pack("en-US"), units: .metric)
        return GuidancePrompt.Speaker(onRoute: onRoute, composer: composer, verbosity: .normal) { maneuver in
            maneuver.type.family == .starts ? arrival : nil
        }
    }

    static func announcement(_ id: String, _ state: ManeuverState, distance: Double, chained: String? = nil) -> Announcement {
        Announcement(maneuverID: id, state: state, distance: distance, chainedManeuverID: chained, issuedAt: 0, expectedStart: 0, estimatedDuration: 2)
    }

    @Test(arguments: ManeuverState.allCases)
    func theStateAloneRanksAPromptWhateverPlanMadeIt(_ state: ManeuverState) throws {
        let speaker = try Self.speaker()
        let announced = try #require(GuidancePrompt(Self.announcement("m1", state, distance: 180), by: speaker))
        let expected: PromptPriority = state == .execute ? .important : state == .continue ? .low : .normal
        #expect(announced.priority == expected)
        #expect(announced.toneless == (state == .continue))
        let plan = try #require(GuidancePrompt(RepeatPlan(maneuverID: "m1", state: state, distance: 180), by: speaker))
        #expect(plan.priority == announced.priority && plan.toneless == announced.toneless)
        #expect(plan.text == announced.text, "the same maneuver, state and distance read alike")
    }

    @Test func theAnnouncementsChainAndBudgetAreKeptAndItsMarkedManeuverIsSaidAsHeard() throws {
        var announcement = Self.announcement("m2", .prepare, distance: 240, chained: "m3")
        announcement.wordBudget = 3.5
        let prompt = try #require(GuidancePrompt(announcement, by: try Self.speaker()))
        #expect(prompt.then?.roadName == "Quarry Hill Road")
        #expect(prompt.chainedManeuverID == "m3" && prompt.wordBudget == 3.5)
        #expect(prompt.maneuver.distanceRemaining == 240 && prompt.maneuver.state == .prepare)
        #expect(prompt.key == "m2")
        #expect(prompt.text.contains("Ravensworth") && prompt.text.contains("Quarry Hill Road"), "\(prompt.text)")
    }

    @Test func aRepeatIsKeyedAsARepeatAndAHeldBackPromptByItsManeuver() throws {
        let speaker = try Self.speaker()
        let plan = RepeatPlan(maneuverID: "m3", state: .execute, distance: 60)
        #expect(GuidancePrompt(plan, key: "guidance.repeat", by: speaker)?.key == "guidance.repeat")
        #expect(GuidancePrompt(plan, by: speaker)?.key == "m3")
    }

    @Test func aDeparturesPromptEndsWithTheArrivalOnlyWhenTheGuidanceAsksForIt() throws {
        let departure = Self.announcement("start", .initial, distance: 500)
        let with = try #require(GuidancePrompt(departure, by: try Self.speaker(arrival: Self.arrival)))
        let without = try #require(GuidancePrompt(departure, by: try Self.speaker()))
        #expect(with.arrival == Self.arrival && without.arrival == nil)
        #expect(with.text.hasPrefix(without.text.dropLast()) && with.text.count > without.text.count, "\(with.text) / \(without.text)")
        let turn = try #require(GuidancePrompt(Self.announcement("m1", .initial, distance: 500), by: try Self.speaker(arrival: Self.arrival)))
        #expect(turn.arrival == nil, "only a departure says the arrival")
    }

    @Test func aManeuverNotOnTheRouteMakesNoPrompt() throws {
        let speaker = try Self.speaker()
        #expect(GuidancePrompt(Self.announcement("gone", .execute, distance: 30), by: speaker) == nil)
        #expect(GuidancePrompt(RepeatPlan(maneuverID: "gone", state: .prepare, distance: 300), by: speaker) == nil)
    }
}
