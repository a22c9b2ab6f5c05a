import AudioPolicy
import Testing

@testable import DriveSimulation

/// The `expect:` section: what it reads, and every kind of mistake refused with its key and line.
@Suite struct ExpectationParsingTests {
    private let head = """
        name: test
        language: en-US
        route:
          maneuvers:
            - type: startRoute
            - {distance: 500, type: rightTurn, id: turn}
        speed: 36 km/h

        """

    private func problems(_ expect: String) -> [ScenarioProblem] { Scenario.problems(in: head + expect) }

    /// The one problem of `expect`, which must be at `path` and say `fragment`.
    private func refuses(_ expect: String, at path: String, saying fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = problems(expect)
        #expect(found.count == 1, "\(found)", sourceLocation: sourceLocation)
        #expect(found.first?.path == path, "\(found)", sourceLocation: sourceLocation)
        #expect(found.first?.message.contains(fragment) == true, "\(found)", sourceLocation: sourceLocation)
        #expect(found.first?.line != nil, "a line for \(path)", sourceLocation: sourceLocation)
    }

    @Test func everyKindOfExpectationIsRead() throws {
        let scenario = try Scenario(
            yaml: head + """
                expect:
                  summary:
                    violations: 0
                    promptsSkipped: 3
                    maxActivationOverhang: 0.5
                    promptsShort: {min: 2}
                    promptsQueued: {min: 10, max: 40}
                  said:
                    - text: Turn right now
                    - {pattern: "(?i)turn right", from: "0:10", to: "1:00", style: normal, before: {maneuver: turn, distance: 100 m}}
                  notSaid:
                    - {pattern: ".", from: 30, to: "0:40"}
                  sources:
                    - {source: fmRadio, during: prompts, only: ducked}
                    - {source: spokenAudio, from: "4:00", never: [stopped, ducked]}

                """)
        let expect = scenario.expect
        #expect(
            expect.summary == [
                SummaryBound(metric: .promptsQueued, min: 10, max: 40), SummaryBound(metric: .promptsShort, min: 2),
                SummaryBound(metric: .promptsSkipped, max: 3), SummaryBound(metric: .maxActivationOverhang, max: 0.5),
                SummaryBound(metric: .violations, max: 0),
            ])
        #expect(
            expect.said == [
                PromptExpectation(matcher: .text("Turn right now")),
                PromptExpectation(
                    matcher: .pattern("(?i)turn right"), window: TimeWindow(from: 10, to: 60), style: .normal,
                    before: .init(maneuver: "turn", distance: 100, line: 17)),
            ])
        #expect(expect.notSaid == [PromptExpectation(matcher: .pattern("."), window: TimeWindow(from: 30, to: 40))])
        #expect(
            expect.sources == [
                SourceExpectation(source: "fmRadio", duringPrompts: true, only: [.ducked]),
                SourceExpectation(source: "spokenAudio", window: TimeWindow(from: 240), never: [.stopped, .ducked]),
            ])
        #expect(expect.count == 10)
    }

    @Test func aScenarioWithoutExpectationsHasNone() throws {
        #expect(try Scenario(yaml: head).expect.isEmpty)
    }

    @Test func everySummaryNumberCanBeBounded() throws {
        for metric in SummaryMetric.allCases {
            let scenario = try Scenario(yaml: head + "expect:\n  summary:\n    \(metric.rawValue): 4\n")
            #expect(scenario.expect.summary == [SummaryBound(metric: metric, max: 4)])
        }
    }

    @Test func badSummaryBoundsAreRefused() {
        refuses("expect:\n  summary: {violation: 0}\n", at: "expect.summary.violation", saying: "unknown key 'violation'")
        refuses("expect:\n  summary: {violations: -1}\n", at: "expect.summary.violations", saying: "≥ 0")
        refuses("expect:\n  summary: {violations: 1.5}\n", at: "expect.summary.violations", saying: "whole number")
        refuses("expect:\n  summary: {violations: none}\n", at: "expect.summary.violations", saying: "got 'none'")
        refuses("expect:\n  summary: {violations: [0]}\n", at: "expect.summary.violations", saying: "upper bound")
        refuses("expect:\n  summary: {promptsShort: {}}\n", at: "expect.summary.promptsShort", saying: "give min, max or both")
        refuses("expect:\n  summary: {promptsShort: {min: 3, max: 2}}\n", at: "expect.summary.promptsShort", saying: "min (3) is above max (2)")
        refuses("expect:\n  summary: {promptsShort: {least: 3}}\n", at: "expect.summary.promptsShort.least", saying: "unknown key")
        refuses("expect:\n  summary: {podcastSecondsLost: {max: x}}\n", at: "expect.summary.podcastSecondsLost.max", saying: "seconds")
        // Seconds may have a fraction.
        #expect(problems("expect:\n  summary: {podcastSecondsLost: 0.25}\n").isEmpty)
    }

    @Test func badPromptExpectationsAreRefused() {
        refuses("expect:\n  said:\n    - {text: a, pattern: b}\n", at: "expect.said[0]", saying: "not both")
        refuses("expect:\n  said:\n    - {from: 10}\n", at: "expect.said[0]", saying: "give text")
        refuses("expect:\n  said:\n    - {text: \"\"}\n", at: "expect.said[0].text", saying: "expected the prompt's text")
        refuses("expect:\n  notSaid:\n    - {pattern: \"(unclosed\"}\n", at: "expect.notSaid[0].pattern", saying: "not a regular expression")
        refuses("expect:\n  said:\n    - {text: a, when: 10}\n", at: "expect.said[0].when", saying: "unknown key 'when'")
        refuses("expect:\n  said:\n    - {text: a, from: \"2:00\", to: \"1:00\"}\n", at: "expect.said[0].to", saying: "must come after from")
        refuses("expect:\n  said:\n    - {text: a, from: soon}\n", at: "expect.said[0].from", saying: "expected a time")
        refuses("expect:\n  said:\n    - {text: a, style: none}\n", at: "expect.said[0].style", saying: "expected one of: normal, short")
        refuses("expect:\n  said:\n    - {text: a, before: {maneuver: turn}}\n", at: "expect.said[0].before.distance", saying: "missing required key")
        refuses(
            "expect:\n  said:\n    - {text: a, before: {maneuver: turn, distance: far}}\n", at: "expect.said[0].before.distance",
            saying: "expected a distance")
        refuses("expect:\n  said: {text: a}\n", at: "expect.said", saying: "expected a list")
    }

    @Test func badSourceExpectationsAreRefused() {
        refuses("expect:\n  sources:\n    - {source: radio, only: ducked}\n", at: "expect.sources[0].source", saying: "unknown source 'radio'")
        refuses("expect:\n  sources:\n    - {only: ducked}\n", at: "expect.sources[0].source", saying: "missing required key")
        refuses("expect:\n  sources:\n    - {source: fmRadio}\n", at: "expect.sources[0]", saying: "give only")
        refuses("expect:\n  sources:\n    - {source: fmRadio, only: [loud]}\n", at: "expect.sources[0].only[0]", saying: "unknown source state 'loud'")
        refuses("expect:\n  sources:\n    - {source: fmRadio, never: []}\n", at: "expect.sources[0].never", saying: "at least one state")
        refuses("expect:\n  sources:\n    - {source: fmRadio, during: calls, only: ducked}\n", at: "expect.sources[0].during", saying: "expected prompts")
    }

    @Test func anEmptyOrUnknownSectionIsRefused() {
        refuses("expect: {}\n", at: "expect", saying: "at least one expectation")
        // Also when another part of the scenario has a problem of its own: each is reported.
        let both = problems("audio: [{at: 1, event: podcast.begin}]\nexpect:\n  summary: {promptsShort: {}}\n  said: []\n")
        #expect(both.map(\.path) == ["audio[0].event", "expect.summary.promptsShort"], "\(both)")
        let empty = problems("audio: [{at: 1, event: podcast.begin}]\nexpect: {}\n")
        #expect(empty.map(\.path) == ["audio[0].event", "expect"], "\(empty)")
        refuses("expect:\n  says: []\n", at: "expect.says", saying: "unknown key 'says' (expected one of: summary, said, notSaid, sources)")
        refuses("expect: 3\n", at: "expect", saying: "expected a mapping")
    }

    @Test func aManeuverTheRouteDoesNotHaveIsAProblemOnceTheRouteIsKnown() throws {
        let scenario = try Scenario(
            yaml: head + "expect:\n  said:\n    - {text: a}\n  notSaid:\n    - {text: b, before: {maneuver: m9, distance: 10}}\n")
        guard case .inline(let route) = scenario.route else {
            Issue.record("not inline")
            return
        }
        let problems = scenario.expect.problems(route: route)
        #expect(problems.count == 1)
        #expect(problems.first?.path == "expect.notSaid[0].before.maneuver")
        #expect(problems.first?.line == 12)
        #expect(problems.first?.message == "the route has no maneuver 'm9' (its ids: m0, turn)")
        let good = try Scenario(yaml: head + "expect:\n  said:\n    - {text: a, before: {maneuver: turn, distance: 10}}\n")
        #expect(good.expect.problems(route: route).isEmpty)
    }
}
