import Foundation
import PropertyBased
import Testing

@testable import Guidance

/// The final instruction is heard in time to act (pure test, property tests): on random routes at a
/// steady 5–130 km/h, for every vehicle profile, every maneuver's "turn now" ends at least the
/// profile's reaction time before it, its own words (with a chained "then") counted; a car's starts
/// at least 300 m and 12 s before a motorway exit or interchange, and before any maneuver from 80 km/h.
@Suite struct ReactionTimePropertyTests {
    @Test func everyFinalInstructionEndsTheReactionTimeBeforeItsManeuver() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.double(in: 5...130)) { seed, kilometersPerHour in
            let scenario = DriveScenario.random(seed: seed, steadyAt: kilometersPerHour)
            let speed = kilometersPerHour / 3.6
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
                // Before a motorway exit, and at motorway speed, it starts 300 m and 12 s before at least
                // (where the previous maneuver, still the next one to announce, is not in the way).
                let spacing = scenario.positions[index] - previous
                guard let rule = scenario.profile.motorwayFinal, scenario.exits.contains(index) || speed >= rule.speed,
                    spacing / speed > Self.room(configuration) + rule.seconds,
                    spacing > rule.meters + speed * Self.room(configuration)
                else { continue }
                let heard = prompt.trueDistance - speed * configuration.outputLatency
                #expect(
                    heard >= rule.meters - 1e-6 && heard / speed >= rule.seconds - 1e-6,
                    "seed \(seed) at \(kilometersPerHour) km/h: \(a.maneuverID) starts \(heard) m, \(heard / speed) s before it")
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

    /// The motorway floor, worked through (car, one update a second, latency 0.25 s).
    @Test func motorwayExitsAndMotorwaySpeedGetTheirFinalInstructionEarly() {
        func execute(_ type: (exit: Bool, speed: Double)) -> Announcement {
            var announcer = Announcer()
            let heard = constantDrive(&announcer, route: [("x", 3000)], speed: type.speed, until: 400, exits: type.exit ? ["x"] : [])
            return heard.first { $0.state == .execute }!
        }
        // An exit at 120 km/h: max(300, 12 × 33.3) = 400 m, opened one update's 33.3 m before: heard at 425 m.
        #expect(abs(execute((true, 120 / 3.6)).distance - 425) < 0.01)
        // An exit at 60 km/h: 300 m, opened 16.7 m before: heard within a second's travel of 300 m, not under it.
        let slowExit = execute((true, 60 / 3.6)).distance
        #expect(slowExit >= 300 && slowExit <= 300 + 60 / 3.6, "\(slowExit)")
        // A turn at 60 km/h is no motorway decision: its words and the reaction time, 18.67 × 5.5 + 0.5 = 103.2 m.
        let turn = execute((false, 60 / 3.6)).distance
        #expect(turn <= 103.2 && turn > 103.2 - 60 / 3.6, "\(turn)")
        // Any maneuver from 80 km/h: at 100 km/h, 12 × 27.8 = 333 m, heard within a second's travel of it.
        let fast = execute((false, 100 / 3.6)).distance
        #expect(fast >= 333.33 && fast <= 333.34 + 100 / 3.6, "\(fast)")
        // A bicycle has no motorway rule.
        var bicycle = Announcer(configuration: .init(profile: .bicycle))
        let cycled = constantDrive(&bicycle, route: [("x", 800)], speed: 5, until: 170).first { $0.state == .execute }!
        #expect(cycled.distance < 40)
    }
}
