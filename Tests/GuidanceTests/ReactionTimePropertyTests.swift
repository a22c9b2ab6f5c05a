import Foundation
import PropertyBased
import Testing

@testable import Guidance

/// The final instruction is heard in time to act (pure test, property tests): on random routes at a
/// steady 5–130 km/h, for every vehicle profile, every maneuver's "turn now" ends at least the
/// profile's reaction time before it, its own words (with a chained "then") counted.
@Suite struct ReactionTimePropertyTests {
    @Test func everyFinalInstructionEndsTheReactionTimeBeforeItsManeuver() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.double(in: 5...130)) { seed, kilometersPerHour in
            var scenario = DriveScenario.random(seed: seed)
            let speed = kilometersPerHour / 3.6
            scenario.speedSegments = [(duration: 1_000_000, speed: speed)]
            let configuration = AnnouncerConfiguration(profile: scenario.profile)
            let log = simulate(scenario, configuration: configuration)
            let reaction = scenario.profile.reactionTime
            for prompt in log.prompts where prompt.announcement.state == .execute {
                let a = prompt.announcement
                let index = Int(a.maneuverID.dropFirst("g0-m".count))!
                // A maneuver close behind the previous one (or the start) cannot have its window: the
                // previous one's prompts hold the voice. Those are chained or said as soon as it is free.
                let previous = index == 0 ? 0 : scenario.positions[index - 1]
                guard (scenario.positions[index] - previous) / speed > Self.room(configuration) else { continue }
                let left = (prompt.trueDistance - speed * (configuration.outputLatency + a.estimatedDuration)) / speed
                #expect(left >= reaction - 1e-6, "seed \(seed) at \(kilometersPerHour) km/h: \(a.maneuverID) ends \(left) s before it")
            }
        }
    }

    /// Seconds a maneuver needs after the previous one for its own final instruction: the previous
    /// one's (the longest simulated, chained), the gap, then its own window.
    static func room(_ configuration: AnnouncerConfiguration) -> Double {
        let longest = configuration.durations.seconds(for: .execute, chained: true) + 1.2
        return 2 * (longest + configuration.minimumGap + configuration.profile.reactionTime + configuration.assumedUpdateInterval)
    }

    /// With the final instruction's words known (`wordsDuration`), a long one opens its window
    /// earlier by its length: it still ends the reaction time before the maneuver.
    @Test func longerWordsOpenTheWindowEarlier() {
        for seconds in [1.0, 2.5, 4.5] {
            var announcer = Announcer()
            announcer.wordsDuration = { $0.state == .execute ? seconds : $0.estimatedDuration }
            let speed = 50 / 3.6
            let heard = constantDrive(&announcer, route: [("T", 2000)], speed: speed, until: 200)
            let execute = heard.first { $0.state == .execute }!
            let left = execute.distance / speed - seconds
            #expect(left >= VehicleProfile.car.reactionTime, "\(seconds) s of words: ends \(left) s before the turn")
            #expect(left < VehicleProfile.car.reactionTime + 1 + 2 * 2 / speed * (1 + seconds + 3) + 0.1, "not needlessly early: \(left) s")
        }
    }
}
