import Foundation
import Guidance
import Testing

@testable import DriveSimulation

@Suite struct ScenarioParsingTests {
    private let minimal = """
        name: test
        language: en-US
        route:
          maneuvers:
            - type: startRoute
            - {distance: 500, type: rightTurn}
        speed: 36 km/h

        """

    private func problems(_ yaml: String) -> [ScenarioProblem] { Scenario.problems(in: yaml) }

    /// `promptsDuringCall`: the three settings, none by default, and a bad one named with its line.
    @Test func promptsDuringCallIsReadAndCheckedWithItsLine() throws {
        #expect(try Scenario(yaml: minimal).promptsDuringCall == nil)
        for setting in ["tone", "voice", "off"] {
            #expect(try Scenario(yaml: minimal + "promptsDuringCall: \(setting)\n").promptsDuringCall?.rawValue == setting)
        }
        let bad = problems(minimal + "promptsDuringCall: whisper\n")
        #expect(bad.map(\.path) == ["promptsDuringCall"], "\(bad)")
        #expect(bad.first?.message.contains("tone, voice, off") == true, "\(bad)")
        #expect(bad.first?.line == 8, "\(bad)")
    }

    /// `guidanceGain`: the three gains, none by default, and a bad one named with its line.
    @Test func guidanceGainIsReadAndCheckedWithItsLine() throws {
        #expect(try Scenario(yaml: minimal).guidanceGain == nil)
        for gain in ["softer", "normal", "louder"] {
            #expect(try Scenario(yaml: minimal + "guidanceGain: \(gain)\n").guidanceGain?.rawValue == gain)
        }
        let bad = problems(minimal + "guidanceGain: deafening\n")
        #expect(bad.map(\.path) == ["guidanceGain"], "\(bad)")
        #expect(bad.first?.message.contains("softer, normal, louder") == true, "\(bad)")
        #expect(bad.first?.line == 8, "\(bad)")
    }

    @Test func minimalScenarioHasDefaults() throws {
        let scenario = try Scenario(yaml: minimal)
        #expect(scenario.name == "test")
        #expect(scenario.vehicle == .car)
        #expect(scenario.units == nil)
        #expect(scenario.speed == .constant(10))
        #expect(scenario.options == ScenarioOptions())
        guard case .inline(let route) = scenario.route else {
            Issue.record("not inline")
            return
        }
        #expect(route.maneuvers.map(\.id) == ["m0", "m1"])
        #expect(route.length == 500)
        #expect(scenario.route.referencedFile == nil)
    }

    @Test func cityCommuteParsesAndReferencesTheOSRMFile() throws {
        let scenario = try Scenario(yaml: Examples.text("city-commute.yaml"))
        #expect(scenario.language == "en-US")
        #expect(scenario.units == .imperialUS)
        #expect(scenario.route == .osrm("routes/osrm-city.json"))
        #expect(scenario.audio.first?.action == .radioOn)
        #expect(scenario.audio.contains { $0.action == .chime && $0.duration == 1.5 })
        let route = try scenario.route.resolve { try Examples.text($0) }
        #expect(route.maneuvers.count == 12)
        #expect(route.maneuvers.last?.maneuver.type == .arriveAtDestinationRight)
    }

    @Test func highwayScenarioParsesWithPodcastAndCall() throws {
        let scenario = try Scenario(yaml: Examples.text("highway-podcast-call.yaml"))
        #expect(scenario.language == "en-GB")
        #expect(scenario.audio.map(\.action) == [.podcastStart, .guidancePause, .guidanceResume, .estimates, .callBegin, .callEnd, .podcastStop])
        #expect(scenario.audio.map(\.time) == [240, 480, 520, 630, 1070, 1150, 1440])
        #expect(scenario.audio.first { $0.action == .guidancePause }?.reason == .locating)
        // Sets off at 7:45 on the driver's clock, and the departure says the arrival.
        #expect(scenario.options.departure?.hour == 7 && scenario.options.departure?.minute == 45 && scenario.options.arrivalOnDeparture)
        guard case .inline(let route) = scenario.route else {
            Issue.record("not inline")
            return
        }
        #expect(route.maneuvers.allSatisfy { $0.maneuver.trafficSide == .left })
        #expect(route.maneuvers.contains { $0.maneuver.type == .highwayOffRampLeft && $0.maneuver.exitNumber == "4B" })
        #expect(route.maneuvers[1].maneuver.junctionType == .roundabout)
    }

    @Test func roundaboutScenarioParsesWithItsRouteFile() throws {
        let scenario = try Scenario(yaml: Examples.text("roundabouts-de.yaml"))
        #expect(scenario.language == "de")
        #expect(scenario.route.referencedFile == "routes/roundabouts-de.yaml")
        let route = try scenario.route.resolve { try Examples.text($0) }
        #expect(route.maneuvers.filter { $0.maneuver.type.roundaboutExitNumber != nil }.count == 5)
        #expect(route.maneuvers.first?.id == "start")
        let actions = scenario.audio.map(\.action)
        #expect(actions.contains(.assistantListen) && actions.contains(.chime) && actions.contains(.nativeNavigationStart))
        // The car's navigation takes over before the drive ends.
        let timeline = DriveTimeline(scenario: scenario, route: route)
        let takeover = try #require(scenario.audio.first { $0.action == .nativeNavigationStart })
        #expect(timeline.arrived && takeover.time < timeline.endTime)
    }

    @Test func everyExampleDriveArrivesWithinItsCap() throws {
        for file in ["city-commute.yaml", "highway-podcast-call.yaml", "roundabouts-de.yaml"] {
            let scenario = try Scenario(yaml: Examples.text(file))
            let route = try scenario.route.resolve { try Examples.text($0) }
            let timeline = DriveTimeline(scenario: scenario, route: route)
            #expect(timeline.arrived, "\(file)")
            #expect(scenario.audio.allSatisfy { $0.time <= timeline.endTime }, "\(file): audio after arrival")
        }
    }

    @Test func speedForms() throws {
        func speed(_ text: String) throws -> SpeedProfile {
            try Scenario(yaml: minimal.replacingOccurrences(of: "speed: 36 km/h", with: text)).speed
        }
        #expect(try speed("speed: 30 mph") == .constant(30 * 1609.344 / 3600))
        #expect(try speed("speed: 12 m/s") == .constant(12))
        #expect(try speed("speed: route") == .route(fallback: 50 / 3.6))
        #expect(try speed("speed: {constant: 20, unit: mph}") == .constant(20 * 1609.344 / 3600))
        let segmented = try speed(
            "speed:\n  unit: mph\n  segments:\n    - {from: 0, speed: 10}\n    - {fromDistance: 1 km, speed: 20}\n    - {from: \"1:30\", speed: 0}")
        #expect(
            segmented
                == .segments([
                    SpeedSegment(start: .time(0), speed: 10 * 1609.344 / 3600),
                    SpeedSegment(start: .distance(1000), speed: 20 * 1609.344 / 3600),
                    SpeedSegment(start: .time(90), speed: 0),
                ]))
    }

    @Test func untilExpandsIntoTheEndEvent() throws {
        let scenario = try Scenario(
            yaml: minimal + "audio:\n  - {at: \"7:10\", event: call.begin, until: \"8:30\"}\n  - {at: 1, event: stream.start, role: music, name: vlc}\n")
        #expect(scenario.audio.map(\.action) == [.streamStart, .callBegin, .callEnd])
        #expect(scenario.audio[0].source == "stream:vlc")
        #expect(scenario.audio[1].source == "phoneCall")
        #expect(scenario.audio[2].time == 510)
    }

    @Test func theVoiceControlTemplateIsShownAndHidden() throws {
        let scenario = try Scenario(yaml: minimal + "audio:\n  - {at: 10, event: voiceControl.show, until: 20}\n")
        #expect(scenario.audio.map(\.action) == [.voiceControlShow, .voiceControlHide])
        #expect(scenario.audio.map(\.source) == ["voiceControl", "voiceControl"])
        #expect(scenario.audio.allSatisfy { $0.action.kind == nil && !$0.action.isStream })
    }

    @Test func guidancePausesAndResumesWithItsReason() throws {
        let scenario = try Scenario(yaml: minimal + "audio:\n  - {at: 10, event: guidance.pause, reason: loading, until: 25}\n")
        #expect(scenario.audio.map(\.action) == [.guidancePause, .guidanceResume])
        #expect(scenario.audio.map(\.time) == [10, 25])
        #expect(scenario.audio.map(\.reason) == [.loading, nil])
        #expect(scenario.audio.allSatisfy { $0.action.kind == nil && $0.action.isGuidance && $0.action.isPaired })
    }

    static let badCases: [(yaml: String, path: String, line: Int?, message: String)] = [
        ("colour: red\n", "colour", 8, "unknown key 'colour'"),
        ("audio:\n  - {at: \"4:75\", event: podcast.start}\n", "audio[0].at", 9, "expected a time"),
        ("audio:\n  - {at: 10, event: podcast.begin}\n", "audio[0].event", 9, "unknown car-audio event 'podcast.begin'"),
        ("audio:\n  - {at: 10, event: podcast.stop}\n", "audio[0]", 9, "podcast.stop at 0:10, but the spokenAudio source is not on"),
        ("audio:\n  - {at: 10, event: radio.on}\n  - {at: 20, event: radio.on}\n", "audio[1]", 10, "already on"),
        ("audio:\n  - {at: 20, event: call.begin, until: 10}\n", "audio[0].until", 9, "must come after"),
        ("audio:\n  - {at: 20, event: stream.start}\n", "audio[0].role", 9, "needs a role"),
        ("audio:\n  - {at: 20, event: radio.on, duration: 3}\n", "audio[0].duration", 9, "for a chime only"),
        ("audio:\n  - {at: 20, event: voiceControl.hide}\n", "audio[0]", 9, "voiceControl.hide at 0:20, but the voice-control template is not on"),
        ("audio:\n  - {at: 20, event: voiceControl.show, name: x}\n", "audio[0].name", 9, "name is for stream.start and stream.stop only"),
        (
            "audio:\n  - {at: 20, event: guidance.pause}\n", "audio[0].reason", 9,
            "guidance.pause needs a reason (arrived, loading, locating, rerouting, proceedToRoute)"
        ),
        ("audio:\n  - {at: 20, event: guidance.pause, reason: napping}\n", "audio[0].reason", 9, "unknown pause reason 'napping'"),
        ("audio:\n  - {at: 20, event: reroute, reason: loading}\n", "audio[0].reason", 9, "reason is for guidance.pause only"),
        ("audio:\n  - {at: 20, event: guidance.resume}\n", "audio[0]", 9, "guidance.resume at 0:20, but the guidance pause is not on"),
        (
            "audio:\n  - {at: 20, event: guidance.pause, reason: loading}\n  - {at: 30, event: guidance.pause, reason: locating}\n", "audio[1]", 10,
            "already on"
        ),
        ("options:\n  tick: 0\n", "options.tick", 9, "tick must be > 0"),
        // Issue 50: a tick of 1e-300 counted more updates than an Int holds; a cap had no maximum.
        ("options:\n  tick: 1e-300\n", "options.tick", 9, "at least 0.01"),
        ("options:\n  durationCap: \"1000000:00:00\"\n", "options.durationCap", 9, "at most 720:00:00 (30 days"),
        ("options:\n  seed: -1\n", "options.seed", 9, "whole number"),
        ("options:\n  departure: 7.45\n", "options.departure", 9, "expected the driver's clock at the start, \"07:45\""),
        ("options:\n  departure: \"2026-11-28T07:45:00\"\n", "options.departure", 9, "with its offset"),
        ("options:\n  arrivalOnDeparture: yes please\n", "options.arrivalOnDeparture", 9, "expected true or false"),
        ("audio:\n  - {at: 20, event: guidance.estimates, until: 30}\n", "audio[0].until", 9, "guidance.estimates has no end to schedule"),
        ("vehicle: tractor\n", "vehicle", 8, "unknown vehicle 'tractor' (expected one of: car, bicycle, pedestrian)"),
        ("units: imperial\n", "units", 8, "unknown unit system 'imperial'"),
    ]

    @Test(arguments: 0..<badCases.count)
    func errorsNameThePathAndLine(index: Int) {
        let bad = Self.badCases[index]
        let found = problems(minimal + bad.yaml)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.path == bad.path, "\(found)")
        #expect(found.first?.line == bad.line, "\(found)")
        #expect(found.first?.message.contains(bad.message) == true, "\(found)")
    }

    @Test func errorsInTheRouteAndSpeedAreAllReported() {
        let yaml = """
            name: x
            language: english
            route:
              maneuvers:
                - type: startRoute
                - {distance: -5, type: leftTurn}
                - {distance: 10, type: turnLeft}
                - {type: rightTurn}
            speed: 600 km/h

            """
        let found = problems(yaml)
        #expect(found.map(\.path) == ["language", "route.maneuvers[1].distance", "route.maneuvers[2].type", "route.maneuvers[3].distance", "speed"])
        #expect(found.map(\.line) == [2, 6, 7, 8, 9])
        #expect(found[2].message.contains("unknown maneuver type 'turnLeft'"))
        #expect(found[3].message == "missing required key 'distance'")
        let description = ScenarioError(problems: found).description
        #expect(description.contains("route.maneuvers[2].type (line 7): unknown maneuver type 'turnLeft'"))
    }

    @Test func missingKeysAndBadRouteChoices() {
        #expect(problems("name: x\n").map(\.path) == ["language", "route", "speed"])
        let both = minimal.replacingOccurrences(of: "route:\n", with: "route:\n  osrm: a.json\n")
        #expect(problems(both).first?.message.contains("not several") == true)
        #expect(problems("name: [\n").first?.message.hasPrefix("not valid YAML") == true)
        #expect(problems("").first?.message == "the file is empty")
    }

    @Test func speedSegmentsMustStartAtTheBeginning() {
        let yaml = minimal.replacingOccurrences(of: "speed: 36 km/h", with: "speed:\n  segments:\n    - {from: 10, speed: 30}")
        let found = problems(yaml)
        #expect(found.count == 1 && found[0].path == "speed.segments" && found[0].message.contains("must start at the beginning"))
    }

    @Test func clockTimes() {
        #expect(ClockTime.parse("4:00") == 240)
        #expect(ClockTime.parse("1:02:03") == 3723)
        #expect(ClockTime.parse("7:10.5") == 430.5)
        #expect(ClockTime.parse("90") == 90)
        #expect(ClockTime.parse("12.5") == 12.5)
        for bad in ["4:60", "4:0", "1:60:00", "-3", "a:00", "", "1:2:3:4", "nan"] { #expect(ClockTime.parse(bad) == nil, "\(bad)") }
        #expect(ClockTime.format(0) == "0:00")
        #expect(ClockTime.format(430.9) == "7:10")
        #expect(ClockTime.format(3723) == "1:02:03")
        // A scenario's time may be any number: written as it is, never trapping.
        #expect(ClockTime.format(1e300) == "1e+300")
    }

    // A mistyped key is named once, at its own line, with the key it most likely meant (it was once
    // reported as a missing key at line 1 as well).

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

extension Scenario {
    /// The problems a scenario's text is refused with; none when it reads.
    static func problems(in yaml: String) -> [ScenarioProblem] {
        do {
            _ = try Scenario(yaml: yaml)
            return []
        } catch {
            return error.problems
        }
    }
}
