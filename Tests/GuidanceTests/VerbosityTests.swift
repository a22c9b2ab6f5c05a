import Foundation
import PropertyBased
import Testing

@testable import Guidance

/// Verbosity: brief says "turn now" (and prepare on a fast road), normal what the timing allows,
/// detailed also a late initial prompt, worded with the road.
@Suite struct VerbosityTests {
    /// The states announced approaching a lone right turn from `from` meters at a steady `speed`, 1 update/s.
    private func states(_ verbosity: Verbosity, speed: Double, from: Double) -> [ManeuverState] {
        var announcer = Announcer(configuration: .init(profile: .car, verbosity: verbosity))
        var said: [ManeuverState] = []
        var time = 0.0
        var distance = from
        while distance > 0 {
            said += announcer.update(RouteProgress(time: time, speed: speed, maneuvers: [.init(id: "m1", distance: distance)])).map(\.state)
            time += 1
            distance -= speed
        }
        return said
    }

    @Test func aLoneTurnAtEachVerbosity() {
        // 45 km/h, from 3 km: every state fits in normal guidance.
        #expect(states(.normal, speed: 12.5, from: 3000) == [.continue, .initial, .prepare, .execute])
        #expect(states(.detailed, speed: 12.5, from: 3000) == [.continue, .initial, .prepare, .execute])
        #expect(states(.brief, speed: 12.5, from: 3000) == [.execute])
        // 90 km/h is a fast road for a car (72 km/h and up): brief keeps the prepare prompt.
        #expect(VehicleProfile.car.fastSpeed == 20)
        #expect(states(.brief, speed: 25, from: 3000) == [.prepare, .execute])
        #expect(states(.brief, speed: 19.9, from: 3000) == [.execute])
        // Joining 800 m before the turn: normal has missed the initial window (1125 m); detailed
        // still says it, down to twice the prepare window's start (550 m at 45 km/h).
        #expect(states(.normal, speed: 12.5, from: 800) == [.prepare, .execute])
        #expect(states(.detailed, speed: 12.5, from: 800) == [.initial, .prepare, .execute])
        #expect(states(.detailed, speed: 12.5, from: 540) == [.prepare, .execute])
    }

    @Test func detailedPreparesAreWordedWithTheRoad() throws {
        #expect(Verbosity.allCases.map { $0.wording(for: .prepare) } == [.prepare, .prepare, .initial])
        for verbosity in Verbosity.allCases {
            for state in ManeuverState.allCases where state != .prepare { #expect(verbosity.wording(for: state) == state) }
        }
        let composer = try PackFiles.composer("en-GB")
        let turn = Maneuver(type: .rightTurn, roadName: "Baker St.", routeNumber: "A41")
        let detailed = composer.compose(turn, state: Verbosity.detailed.wording(for: .prepare), distance: 250)
        let normal = composer.compose(turn, state: Verbosity.normal.wording(for: .prepare), distance: 250)
        // Every prepare names the road now (issue 13); detailed guidance words it as the initial prompt does.
        #expect(detailed.contains("Baker Street") && normal.contains("Baker Street"), "\(detailed) / \(normal)")
        #expect(detailed == composer.compose(turn, state: .initial, distance: 250))
    }

    @Test func fastSpeedFollowsTheProfile() {
        #expect(VehicleProfile.fastSpeedFactor == 1.6)
        for profile in [VehicleProfile.car, .bicycle, .pedestrian] {
            #expect(abs(profile.fastSpeed - 1.6 * profile.defaultSpeed) < 1e-9)
        }
    }

    @Test func configurationFilesMayNameTheVerbosity() throws {
        let decode = { (json: String) in try JSONDecoder().decode(AnnouncerConfiguration.self, from: Data(json.utf8)) }
        #expect(try decode(#"{"verbosity": "brief"}"#).verbosity == .brief)
        #expect(try decode("{}").verbosity == .normal)
        #expect(throws: DecodingError.self) { try decode(#"{"verbosity": "chatty"}"#) }
    }

    /// Random drives said briefly: only "turn now", and prepare prompts at a fast road's speed; the
    /// timing rules (forward only, never overlapping) hold at every verbosity.
    @Test func everyVerbosityKeepsTheTimingRulesAndBriefSaysOnlyWhatItMay() async {
        await propertyCheck(count: 150, input: Gen.uint64()) { seed in
            let scenario = DriveScenario.random(seed: seed)
            for verbosity in Verbosity.allCases {
                let configuration = AnnouncerConfiguration(profile: scenario.profile, verbosity: verbosity)
                let log = simulate(scenario, configuration: configuration)
                var last: [String: ManeuverState] = [:]
                for prompt in log.prompts.map(\.announcement) {
                    #expect(last[prompt.maneuverID].map { $0 < prompt.state } ?? true, "seed \(seed) \(verbosity)")
                    last[prompt.maneuverID] = prompt.state
                }
                for (a, b) in zip(log.prompts.map(\.announcement), log.prompts.dropFirst().map(\.announcement)) {
                    #expect(b.expectedStart + 1e-9 >= a.expectedStart + a.estimatedDuration + configuration.minimumGap, "seed \(seed)")
                }
                for prompt in log.prompts {
                    let state = prompt.announcement.state
                    let scale = max(1, prompt.speed / scenario.profile.defaultSpeed)
                    switch verbosity {
                    case .brief:
                        #expect(state == .execute || (state == .prepare && prompt.speed >= scenario.profile.fastSpeed), "seed \(seed) \(prompt)")
                    case .detailed where state == .initial:
                        let end = min(scenario.profile.initial.end, 2 * scenario.profile.prepare.start) * scale
                        #expect(prompt.announcement.distance >= end - 1e-9, "seed \(seed) \(prompt)")
                    default:
                        break
                    }
                }
            }
        }
    }
}
