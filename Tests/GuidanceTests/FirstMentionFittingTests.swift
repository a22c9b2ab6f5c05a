import Testing

@testable import Guidance

/// A prompt that must shed words keeps a chained maneuver no prompt has named yet, said bare, over
/// the other detail (the road name, the signposts), and sheds it only where nothing with it fits
/// (pure: `Announcement.firstMentions`, `Maneuver.isFirstMention`, `PhraseComposer.wordings`).
@Suite struct FirstMentionFittingTests {
    static let route: [String: Maneuver] = [
        "j1": Maneuver(type: .rightTurn, roadName: "Juniper Boulevard"),
        "j2": Maneuver(type: .leftTurn, roadName: "Wren St."),
    ]

    static func speaker() throws -> GuidancePrompt.Speaker {
        GuidancePrompt.Speaker(onRoute: route, composer: try PackFiles.composer("en-US"), verbosity: .normal)
    }

    /// How long `text` speaks at the pack's calibration, as the guidance session reckons it.
    static func seconds(_ text: String, _ speaker: GuidancePrompt.Speaker) -> Double {
        AnnouncementDurationEstimate().speakingTime(of: text, length: speaker.composer.pack.speechLength)
    }

    /// The richest wording whose speech fits `budget`, as the engine's fitter takes it.
    static func fitted(_ prompt: GuidancePrompt, within budget: Double, _ speaker: GuidancePrompt.Speaker) -> String {
        let wordings = speaker.composer.compositions(
            prompt.maneuver, state: prompt.maneuver.state, distance: prompt.distance, then: prompt.then, andThen: prompt.andThen)
        return wordings.first { seconds($0, speaker) < budget } ?? wordings.last!
    }

    /// Guidance starts 70 m before a right turn at 36 km/h, with a left turn 55 m after it: the final
    /// instruction, said at once, chains the left turn, which nothing has named yet, and has about 3.75 s.
    static func lateFinal(_ speaker: GuidancePrompt.Speaker) throws -> Announcement {
        var announcer = Announcer()
        announcer.wordsDuration = { announcement in
            GuidancePrompt(announcement, by: speaker).map { seconds($0.text, speaker) } ?? announcement.estimatedDuration
        }
        let said = announcer.update(RouteProgress(time: 0, speed: 10, maneuvers: [.init(id: "j1", distance: 70), .init(id: "j2", distance: 125)]))
        return try #require(said.first { $0.state == .execute }, "\(said)")
    }

    @Test func aShortBudgetKeepsTheUnheardTurnAndDropsTheRoadName() throws {
        let speaker = try Self.speaker()
        let final = try Self.lateFinal(speaker)
        let budget = try #require(final.wordBudget)
        #expect(final.chainedManeuverID == "j2" && final.firstMentions == ["j2"], "\(final)")
        let prompt = try #require(GuidancePrompt(final, by: speaker))
        #expect(Self.seconds(prompt.text, speaker) > budget, "\(prompt.text) fits \(budget) s whole")
        let said = Self.fitted(prompt, within: budget, speaker)
        #expect(said == "Turn right now, then turn left", "\(budget) s")
    }

    @Test func aTurnAlreadyNamedIsShedBeforeTheRoadName() throws {
        let speaker = try Self.speaker()
        var final = try Self.lateFinal(speaker)
        final.firstMentions = []
        let prompt = try #require(GuidancePrompt(final, by: speaker))
        let said = Self.fitted(prompt, within: try #require(final.wordBudget), speaker)
        #expect(said == "Turn right onto Juniper Boulevard", "\(final.wordBudget!) s")
    }

    @Test func anUnheardChainOutlastsTheSignpostAndTheRoad() throws {
        let composer = try PackFiles.composer("en-US")
        let keep = Maneuver(type: .keepLeft, roadName: "Juniper Blvd.", towards: "Riverside")
        var then = Maneuver(type: .rightTurn, roadName: "Wren St.")
        then.isFirstMention = true
        var andThen = Maneuver(type: .leftTurn, roadName: "Larch Avenue")
        let lead = "In 500 feet, keep left"
        #expect(
            composer.compositions(keep, state: .prepare, distance: 150, then: then, andThen: andThen) == [
                "\(lead) toward Riverside. Then turn right onto Wren Street, then turn left onto Larch Avenue",
                "\(lead) toward Riverside. Then turn right onto Wren Street",
                "\(lead) toward Riverside. Then turn right",
                "\(lead) onto Juniper Boulevard. Then turn right",
                "\(lead). Then turn right",
                "\(lead) toward Riverside",
                "\(lead) onto Juniper Boulevard",
                lead,
                "Keep left",
            ])
        // A second chained maneuver not yet named is kept too, with the first, which leads to it.
        andThen.isFirstMention = true
        let both = composer.compositions(keep, state: .prepare, distance: 150, then: then, andThen: andThen)
        #expect(
            Array(both.prefix(5)) == [
                "\(lead) toward Riverside. Then turn right onto Wren Street, then turn left onto Larch Avenue",
                "\(lead) toward Riverside. Then turn right, then turn left",
                "\(lead) onto Juniper Boulevard. Then turn right, then turn left",
                "\(lead). Then turn right, then turn left",
                "\(lead) toward Riverside. Then turn right onto Wren Street",
            ], "\(both)")
    }
}
