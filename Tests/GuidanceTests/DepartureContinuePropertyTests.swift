import Foundation
import PropertyBased
import Testing

@testable import Guidance

/// The departure ("head north on Main Street") and continue ("continue on Oak Avenue for a half
/// mile") prompts over random real-shaped drives (`DriveScenario`): said once and first, and never
/// crowding the maneuver prompts that follow.
@Suite struct DepartureContinuePropertyTests {
    private let tolerance = 1e-6

    private func departing(_ seed: UInt64, messy: Bool = false) -> DriveScenario {
        var scenario = DriveScenario.random(seed: seed, messy: messy)
        scenario.departure = true
        // A departure starts from a standstill or a crawl, as a car leaves a parking space.
        scenario.speedSegments.insert((duration: 8, speed: 2), at: 0)
        return scenario
    }

    /// Meters to the first maneuver beyond which the departure always has room: at a crawl (2 m/s) a
    /// prompt, the gap and a car's planned acceleration cover about 70 m, and "turn now" then opens
    /// about 60 m ahead.
    static let roomForTheDeparture = 200.0

    @Test func theDepartureIsSaidOnceAndFirst() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            let scenario = departing(seed)
            let configuration = AnnouncerConfiguration(profile: scenario.profile)
            let log = simulate(scenario, configuration: configuration)
            let departures = log.prompts.filter { $0.announcement.maneuverID == DriveScenario.departureID }
            #expect(departures.count <= 1, "seed \(seed)")
            // Dropped only when the first maneuver is so close that its "turn now" has no room after it.
            if scenario.positions[0] >= Self.roomForTheDeparture {
                #expect(departures.count == 1, "seed \(seed) first maneuver at \(scenario.positions[0]) m")
                #expect(log.prompts.first?.announcement.maneuverID == DriveScenario.departureID, "seed \(seed)")
                // Said at the start, not once the drive is under way.
                #expect(departures.first.map { $0.announcement.issuedAt <= scenario.tick } ?? false, "seed \(seed)")
            }
            if departures.count == 1 { #expect(log.prompts.first?.announcement.maneuverID == DriveScenario.departureID) }
            // Chained only with the first maneuver, and only when it is close.
            if let chained = departures.first?.announcement.chainedManeuverID {
                #expect(chained == "g0-m0", "seed \(seed)")
                #expect(scenario.positions[0] <= scenario.profile.chainingDistance * 130 / 3.6 / scenario.profile.defaultSpeed + 1)
            }
        }
    }

    @Test func theDepartureKeepsEveryTimingRule() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            let scenario = departing(seed)
            let configuration = AnnouncerConfiguration(profile: scenario.profile)
            let log = simulate(scenario, configuration: configuration)
            let gap = configuration.minimumGap
            for (previous, next) in zip(log.prompts, log.prompts.dropFirst()) {
                let a = previous.announcement
                let b = next.announcement
                #expect(b.expectedStart + tolerance >= a.expectedStart + a.estimatedDuration + gap, "seed \(seed)")
            }
            let latency = configuration.outputLatency
            for prompt in log.prompts where prompt.announcement.maneuverID != DriveScenario.departureID {
                let heard = prompt.trueDistance - latency * prompt.speed
                #expect(prompt.trueDistance > 0 && heard > 0, "seed \(seed) \(prompt)")
                #expect(prompt.speed < 0.1 || heard / prompt.speed >= scenario.profile.minimumLeadTime - tolerance, "seed \(seed)")
            }
        }
    }

    @Test func aDepartureIsNeverSaidAgainOnMessyDrives() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            let scenario = departing(seed, messy: true)
            let log = simulate(scenario, configuration: .init(profile: scenario.profile))
            let departures = log.prompts.filter { $0.announcement.maneuverID == DriveScenario.departureID }
            #expect(departures.count <= 1, "seed \(seed)")
            if let first = log.prompts.first, departures.count == 1 {
                #expect(first.announcement.maneuverID == DriveScenario.departureID, "seed \(seed)")
            }
        }
    }

    /// A continue prompt ends, with the gap, while the maneuver is still beyond the window of the
    /// next prompt it will get (initial or prepare): it never delays or overlaps that prompt.
    @Test func aContinuePromptNeverCrowdsTheNextManeuversPrepare() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            let scenario = departing(seed)
            let configuration = AnnouncerConfiguration(profile: scenario.profile)
            let log = simulate(scenario, configuration: configuration)
            for prompt in log.prompts where prompt.announcement.state == .continue {
                let a = prompt.announcement
                let done = a.expectedStart + a.estimatedDuration + configuration.minimumGap
                guard let later = log.updates.first(where: { $0.time >= done }),
                    let maneuver = later.maneuvers.first(where: { $0.id == a.maneuverID })
                else { continue }
                let profile = scenario.profile
                let scale = max(1, later.speed / profile.defaultSpeed)
                // One tick of travel is the most the update grid may hide, and above the default
                // speed one tick of speeding up: the window grows with the speed (seed
                // 13980602308175131657 sped up from 16 to 30 m/s during its continue prompt, at the
                // planned 2 m/s², and the update after it came a tick on, 22 m more of window).
                let grown = later.speed > profile.defaultSpeed ? profile.prepare.start * profile.plannedAcceleration * scenario.tick / profile.defaultSpeed : 0
                let slack = later.speed * scenario.tick + 1 + grown
                #expect(maneuver.distance + slack >= profile.prepare.start * scale, "seed \(seed) \(a)")
                // And never the next state's window already open: no prepare or execute before the continue ends.
                let crowding = log.prompts.filter {
                    $0.announcement.maneuverID == a.maneuverID && $0.announcement.state > .continue
                        && $0.announcement.expectedStart < done - tolerance
                }
                #expect(crowding.isEmpty, "seed \(seed)")
            }
        }
    }

    @Test func continueThresholdsArePerProfile() {
        for profile in [VehicleProfile.car, .bicycle, .pedestrian] {
            let thresholds = AnnouncerThresholds(profile: profile, speed: profile.defaultSpeed, updateInterval: 1, outputLatency: 0.25)
            #expect(!thresholds.allowsContinue(profile.continueMinimumDistance), "\(profile.name)")
            let far = max(profile.continueMinimumDistance, profile.continueMinimumTime * profile.defaultSpeed) + 1
            #expect(thresholds.allowsContinue(far), "\(profile.name)")
        }
        // Leading apps say "continue" from about half a kilometre to 2 km in a car.
        #expect(VehicleProfile.car.continueMinimumDistance < 1000)
        #expect(VehicleProfile.bicycle.continueMinimumDistance < VehicleProfile.car.continueMinimumDistance)
        #expect(VehicleProfile.pedestrian.continueMinimumDistance < VehicleProfile.bicycle.continueMinimumDistance)
    }
}
