import AudioPolicy
import Guidance
import PropertyBased
import Testing

@testable import DriveSimulation

/// Expectations judged against finished reports: each kind passing and failing, and what a failure
/// says it saw.
@Suite struct ExpectationEvaluationTests {
    /// 10 m/s on a straight road: maneuver `turn` at 500 m (50 s), `arrive` at 1000 m (100 s).
    static let kinematics = DriveKinematics(
        route: Route(maneuvers: [
            RouteManeuver(id: "m0", maneuver: Maneuver(type: .startRoute), distanceFromPrevious: 0),
            RouteManeuver(id: "turn", maneuver: Maneuver(type: .rightTurn), distanceFromPrevious: 500),
            RouteManeuver(id: "arrive", maneuver: Maneuver(type: .arriveAtDestination), distanceFromPrevious: 500),
        ]), speed: .constant(10))

    static func prompt(
        _ text: String, at start: Double, seconds: Double = 2, style: PromptStyle? = .normal, result: PromptRecord.Result = .finished,
        reason: String? = nil
    ) -> PromptRecord {
        let played = result == .finished || result == .shortened
        return PromptRecord(
            id: "p-\(text.hashValue)", client: "nav", text: text, style: played ? style : nil, priority: "normal", result: result,
            queuedAt: start, startedAt: played ? start : nil, endedAt: start + (played ? seconds : 0), audioSeconds: played ? seconds : nil,
            reason: reason)
    }

    static func summary(queued: Int = 0, skipped: Int = 0, violations: Int = 0, overhang: Double = 0, lost: Double = 0) -> TimelineSummary {
        TimelineSummary(
            promptsQueued: queued, promptsNormal: 0, promptsShort: 0, promptsShortened: 0, promptsSkipped: skipped, promptsExpired: 0,
            totalDuckedSeconds: 0, activations: 0, meanActivationOverhang: 0, maxActivationOverhang: overhang, podcastSecondsLost: lost,
            violations: violations, violationsByRule: [:])
    }

    static func report(
        prompts: [PromptRecord] = [], sources: [SourceTrack] = [], audit: [AuditRecord] = [], summary: TimelineSummary = summary()
    ) -> TimelineReport {
        TimelineReport(
            name: "t", duration: 100, prompts: prompts, activations: [], sources: sources, interruptions: [], audit: audit, guidanceEnds: [],
            guidancePauses: [],
            summary: summary)
    }

    static func segment(_ start: Double, _ end: Double, _ state: SourceTrack.State) -> SourceTrack.Segment {
        SourceTrack.Segment(start: start, end: end, state: state, dB: state == .ducked ? -15 : (state == .playing ? 0 : nil), activity: nil)
    }

    private func failures(_ expect: DriveExpectations, _ report: TimelineReport) -> [ExpectationFailure] {
        expect.evaluate(report, kinematics: Self.kinematics)
    }

    // MARK: summary

    @Test func everySummaryNumberIsBoundedAboveAndBelow() {
        let s = TimelineSummary(
            promptsQueued: 12, promptsNormal: 9, promptsShort: 2, promptsShortened: 1, promptsSkipped: 1, promptsExpired: 0,
            totalDuckedSeconds: 30.5, activations: 11, meanActivationOverhang: 0.25, maxActivationOverhang: 0.75, podcastSecondsLost: 1.5,
            violations: 3, violationsByRule: ["idleSession": 3], finalInstructions: 6, minTimeAfterLastWord: 1.25, medianTimeAfterLastWord: 3.5)
        let report = Self.report(summary: s)
        for metric in SummaryMetric.allCases {
            let value = metric.value(in: s)
            #expect(failures(DriveExpectations(summary: [SummaryBound(metric: metric, min: value, max: value)]), report).isEmpty, "\(metric)")
            let over = failures(DriveExpectations(summary: [SummaryBound(metric: metric, max: value - 0.5)]), report)
            #expect(over.map(\.path) == ["expect.summary.\(metric.rawValue)"], "\(metric)")
            #expect(over.first?.seen.hasPrefix(ClockTime.formatNumber(value)) == true, "\(over)")
            let under = failures(DriveExpectations(summary: [SummaryBound(metric: metric, min: value + 0.5)]), report)
            #expect(under.first?.expected == "\(metric.rawValue) at least \(ClockTime.formatNumber(value + 0.5))", "\(under)")
        }
    }

    @Test func aCountOverItsBoundNamesWhatItCounted() {
        let report = Self.report(
            prompts: [Self.prompt("Turn right now", at: 40, result: .skipped, reason: "prompt style none: voiceAssistantListening")],
            audit: [AuditRecord(time: 61, client: "x", rule: "idleSession", detail: nil)], summary: Self.summary(skipped: 1, violations: 1))
        let found = failures(
            DriveExpectations(summary: [SummaryBound(metric: .promptsSkipped, max: 0), SummaryBound(metric: .violations, max: 0)]), report)
        #expect(
            found.map(\.description) == [
                "expect.summary.promptsSkipped: expected promptsSkipped at most 0; seen: 1: \"Turn right now\" at 0:40 (prompt style none: voiceAssistantListening)",
                "expect.summary.violations: expected violations at most 0; seen: 1: idleSession at 1:01",
            ])
    }

    @Test func boundsHoldExactlyBetweenTheirLimits() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0...100), Gen.double(in: 0...100), Gen.double(in: 0...100)) { a, b, value in
            let bound = SummaryBound(metric: .totalDuckedSeconds, min: min(a, b), max: max(a, b))
            let inside = value >= min(a, b) && value <= max(a, b)
            if inside { #expect(bound.holds(for: value)) }
            if value < min(a, b) - 0.01 || value > max(a, b) + 0.01 { #expect(!bound.holds(for: value)) }
            #expect(SummaryBound(metric: .totalDuckedSeconds).holds(for: value))
        }
    }

    // MARK: prompts

    @Test func aPromptIsFoundByItsWholeTextOrAPattern() {
        let report = Self.report(prompts: [Self.prompt("In 500 feet, turn right onto Main Street", at: 10)])
        #expect(failures(DriveExpectations(said: [.init(matcher: .text("In 500 feet, turn right onto Main Street"))]), report).isEmpty)
        #expect(failures(DriveExpectations(said: [.init(matcher: .pattern("turn right onto \\w+ Street"))]), report).isEmpty)
        #expect(failures(DriveExpectations(said: [.init(matcher: .pattern("(?i)MAIN street"))]), report).isEmpty)
        // The whole text, not a part of it.
        let part = failures(DriveExpectations(said: [.init(matcher: .text("turn right onto Main Street"))]), report)
        #expect(
            part.map(\.description) == [
                "expect.said[0]: expected said \"turn right onto Main Street\"; seen: no prompt matched (\"In 500 feet, turn right onto Main Street\" said at 0:10 as normal)"
            ])
        #expect(failures(DriveExpectations(said: [.init(matcher: .pattern("MAIN"))]), report).count == 1)
    }

    @Test func aWindowCountsWhenThePromptStartsAndIncludesItsEnds() {
        let report = Self.report(prompts: [Self.prompt("Turn right now", at: 45)])
        for (from, to, passes) in [(45.0, 60.0, true), (0, 45, true), (30, 44.9, false), (45.1, 90, false)] {
            let said = DriveExpectations(said: [.init(matcher: .text("Turn right now"), window: TimeWindow(from: from, to: to))])
            let notSaid = DriveExpectations(notSaid: [.init(matcher: .text("Turn right now"), window: TimeWindow(from: from, to: to))])
            #expect(failures(said, report).isEmpty == passes, "\(from)…\(to)")
            #expect(failures(notSaid, report).isEmpty == !passes, "\(from)…\(to)")
        }
        let late = failures(DriveExpectations(said: [.init(matcher: .text("Turn right now"), window: TimeWindow(to: 30))]), report)
        #expect(late.first?.description == "expect.said[0]: expected said \"Turn right now\" until 0:30; seen: only \"Turn right now\" said at 0:45 as normal")
    }

    @Test func onlyPlayedPromptsAreSaid() {
        let report = Self.report(prompts: [
            Self.prompt("Turn right now", at: 45, result: .skipped, reason: "nativeNavigation rejects voicePrompt"),
            Self.prompt("Turn left now", at: 60, result: .expired),
            Self.prompt("Continue", at: 70, result: .shortened),
        ])
        let found = failures(DriveExpectations(said: [.init(matcher: .text("Turn right now")), .init(matcher: .pattern("left"))]), report)
        #expect(
            found.map(\.seen) == [
                "only \"Turn right now\" skipped at 0:45 (nativeNavigation rejects voicePrompt)", "only \"Turn left now\" expired at 1:00",
            ])
        #expect(failures(DriveExpectations(notSaid: [.init(matcher: .pattern("now"))]), report).isEmpty)
        #expect(failures(DriveExpectations(said: [.init(matcher: .text("Continue"))]), report).isEmpty, "a shortened prompt was said")
    }

    @Test func aStyleCountsOnlyPromptsPlayedSo() {
        let report = Self.report(prompts: [Self.prompt("Turn right now", at: 45, style: .short)])
        #expect(failures(DriveExpectations(said: [.init(matcher: .text("Turn right now"), style: .short)]), report).isEmpty)
        let found = failures(DriveExpectations(said: [.init(matcher: .text("Turn right now"), style: .normal)]), report)
        #expect(found.first?.seen == "only \"Turn right now\" said at 0:45 as short")
        #expect(found.first?.expected == "said \"Turn right now\" as normal")
    }

    @Test func beforeADistanceIsWhereTheVehicleWasWhenThePromptStarted() {
        // At 10 m/s the vehicle is 500 m − 10 m/s × t before `turn`.
        let report = Self.report(prompts: [Self.prompt("In 200 meters, turn right", at: 30), Self.prompt("Turn right now", at: 48)])
        func said(_ text: String, _ meters: Double) -> [ExpectationFailure] {
            failures(DriveExpectations(said: [.init(matcher: .text(text), before: .init(maneuver: "turn", distance: meters))]), report)
        }
        #expect(said("In 200 meters, turn right", 200).isEmpty)
        #expect(said("In 200 meters, turn right", 150).isEmpty)
        #expect(said("Turn right now", 20).isEmpty)
        #expect(said("Turn right now", 21).first?.seen == "only \"Turn right now\" said at 0:48 as normal, 20 m before turn")
        #expect(said("In 200 meters, turn right", 201).count == 1)
        // Said after passing the maneuver: negative distance.
        let passed = failures(
            DriveExpectations(said: [.init(matcher: .pattern("."), before: .init(maneuver: "turn", distance: 0))]),
            Self.report(prompts: [Self.prompt("Late", at: 55)]))
        #expect(passed.first?.seen == "only \"Late\" said at 0:55 as normal, -50 m before turn")
    }

    @Test func aPromptThatMustNotBeSaidListsWhenItWas() {
        let report = Self.report(prompts: (0..<5).map { Self.prompt("Turn \($0)", at: Double(10 * $0)) })
        let found = failures(DriveExpectations(notSaid: [.init(matcher: .pattern("Turn [1-4]"))]), report)
        #expect(
            found.map(\.description) == [
                "expect.notSaid[0]: expected not said /Turn [1-4]/; seen: \"Turn 1\" said at 0:10 as normal; \"Turn 2\" said at 0:20 as normal; \"Turn 3\" said at 0:30 as normal; and 1 more"
            ])
    }

    /// For one prompt expectation, exactly one of "said" and "not said" fails, whatever was said.
    @Test func saidAndNotSaidAreOpposites() async {
        let texts = ["Turn left", "Turn right", "Keep left", "Continue"]
        let prompts = PropertyBased.zip(Gen.int(in: 0...3), Gen.double(in: 0...100), Gen.int(in: 0...3)).array(of: 0...8)
        let query = PropertyBased.zip(Gen.int(in: 0...4), Gen.double(in: 0...100), Gen.double(in: 0...60), Gen.double(in: 0...600))
        await propertyCheck(count: 300, input: prompts, query) { prompts, query in
            let results: [PromptRecord.Result] = [.finished, .shortened, .skipped, .expired]
            let report = Self.report(prompts: prompts.map { Self.prompt(texts[$0.0], at: $0.1, result: results[$0.2]) })
            let matcher: PromptExpectation.Matcher = query.0 < 4 ? .text(texts[query.0]) : .pattern("left")
            let expectation = PromptExpectation(
                matcher: matcher, window: TimeWindow(from: query.1, to: query.1 + query.2), before: .init(maneuver: "arrive", distance: query.3))
            let said = failures(DriveExpectations(said: [expectation]), report).isEmpty
            let notSaid = failures(DriveExpectations(notSaid: [expectation]), report).isEmpty
            #expect(said != notSaid)
        }
    }

    // MARK: sources

    static let radio = SourceTrack(
        id: "fmRadio", kind: .fmRadio,
        segments: [segment(0, 10, .playing), segment(10, 12, .ducked), segment(12, 50, .playing), segment(50, 60, .stopped), segment(60, 100, .playing)])

    @Test func aSourceMayBeLimitedToStatesOrKeptFromThem() {
        let report = Self.report(prompts: [Self.prompt("a", at: 10)], sources: [Self.radio])
        func check(_ e: SourceExpectation) -> [String] { failures(DriveExpectations(sources: [e]), report).map(\.seen) }
        #expect(check(SourceExpectation(source: "fmRadio", duringPrompts: true, only: [.ducked])).isEmpty)
        #expect(check(SourceExpectation(source: "fmRadio", window: TimeWindow(to: 50), never: [.stopped, .paused])).isEmpty)
        #expect(check(SourceExpectation(source: "fmRadio", never: [.stopped])) == ["stopped 0:50–1:00"])
        #expect(check(SourceExpectation(source: "fmRadio", window: TimeWindow(from: 5, to: 45), only: [.playing])) == ["ducked 0:10–0:12"])
        #expect(check(SourceExpectation(source: "fmRadio", only: [.ducked])) == ["playing 0:00–0:10; playing 0:12–0:50; stopped 0:50–1:00; and 1 more"])
        // Touching a segment at its end is not being in it.
        #expect(check(SourceExpectation(source: "fmRadio", window: TimeWindow(from: 12, to: 50), only: [.playing])).isEmpty)
    }

    @Test func duringPromptsLooksOnlyAtTheHeardAudio() {
        let report = Self.report(
            prompts: [Self.prompt("a", at: 10), Self.prompt("b", at: 55, seconds: 3), Self.prompt("c", at: 70, result: .skipped)],
            sources: [Self.radio])
        let found = failures(DriveExpectations(sources: [SourceExpectation(source: "fmRadio", duringPrompts: true, only: [.ducked])]), report)
        #expect(found.map(\.description) == ["expect.sources[0]: expected fmRadio during prompts: only ducked; seen: stopped 0:55–0:58 during \"b\""])
        let early = SourceExpectation(source: "fmRadio", window: TimeWindow(to: 30), duringPrompts: true, only: [.ducked])
        #expect(failures(DriveExpectations(sources: [early]), report).isEmpty)
    }

    @Test func anExpectationAboutASourceThatWasNotThereFails() {
        let report = Self.report(prompts: [Self.prompt("a", at: 10)], sources: [Self.radio])
        func seen(_ e: SourceExpectation, in r: TimelineReport = report) -> [String] { failures(DriveExpectations(sources: [e]), r).map(\.seen) }
        #expect(seen(SourceExpectation(source: "spokenAudio", never: [.ducked])) == ["the drive has no source spokenAudio (its sources: fmRadio)"])
        #expect(seen(SourceExpectation(source: "music", only: [.ducked]), in: Self.report()) == ["the drive has no source music (its sources: none)"])
        let shortRadio = SourceTrack(id: "fmRadio", kind: .fmRadio, segments: [Self.segment(0, 5, .playing)])
        #expect(
            seen(SourceExpectation(source: "fmRadio", window: TimeWindow(from: 20, to: 30), never: [.stopped]), in: Self.report(sources: [shortRadio]))
                == ["fmRadio was not on between 0:20 and 0:30"])
        #expect(
            seen(SourceExpectation(source: "fmRadio", window: TimeWindow(from: 20), duringPrompts: true, only: [.ducked]))
                == ["no prompt was heard from 0:20"])
        #expect(
            seen(
                SourceExpectation(source: "fmRadio", duringPrompts: true, only: [.ducked]),
                in: Self.report(prompts: [Self.prompt("x", at: 8)], sources: [shortRadio]))
                == ["fmRadio was not on during any prompt"])
    }

    @Test func failuresComeInTheScenariosOrder() {
        let report = Self.report(prompts: [Self.prompt("a", at: 10)], sources: [Self.radio], summary: Self.summary(violations: 2))
        let expect = DriveExpectations(
            summary: [SummaryBound(metric: .violations, max: 0)], said: [.init(matcher: .text("b")), .init(matcher: .text("a"))],
            notSaid: [.init(matcher: .text("a"))], sources: [SourceExpectation(source: "fmRadio", never: [.stopped])])
        #expect(
            failures(expect, report).map(\.path) == [
                "expect.summary.violations", "expect.said[0]", "expect.notSaid[0]", "expect.sources[0]",
            ])
    }
}
