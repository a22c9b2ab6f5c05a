import Testing

@testable import Guidance

/// A maneuver is chained by the speed it will be approached at once the maneuver before it is passed
/// (`RouteProgress.UpcomingManeuver.approachSpeed(after:spacing:passing:)`), not by the speed of the
/// prompt's own maneuver (pure). The on-ramps fixture's exit 12 (examples/routes/motorway-on-ramps.yaml,
/// driven as `HeardInTimeRouteTests.anOwnFixtureAtItsSpeeds` drives it): the car leaves the motorway
/// at 120 km/h, is at 50 km/h from 50 m past the exit, turns right onto Alhambra Avenue 500 m after
/// it and takes the ramp onto Interstate 5 600 m after that, 80 s after the exit's final instruction.
/// Reckoned at 120 km/h, the ramp had no room of its own and was chained second, a first mention
/// kept over the turn's road name: "Take exit 12 toward Marina Vista, then turn right, then take the
/// ramp" (docs/ANNOUNCER.md, "Known limits").
@Suite struct ChainingSpeedTests {
    static let route: [(id: String, position: Double, maneuver: Maneuver)] = [
        ("m3", 1350, Maneuver(type: .offRamp, trafficSide: .right, exitNumber: "12", towards: "Marina Vista")),
        ("m4", 1850, Maneuver(type: .rightTurn, trafficSide: .right, roadName: "Alhambra Avenue")),
        ("m5", 2450, Maneuver(type: .onRamp, trafficSide: .right, roadName: "Interstate 5", routeNumber: "I-5")),
        ("m6", 2850, Maneuver(type: .keepLeft, trafficSide: .right, routeNumber: "CA-4", towards: "Stockton, Antioch")),
    ]
    static let (motorway, town) = (120 / 3.6, 50 / 3.6)
    /// Meters from the drive's start (just past the fork before the exit) to where the car is at 50 km/h.
    static let slowed = 1400.0

    static func time(at position: Double) -> Double { min(position, slowed) / motorway + max(position - slowed, 0) / town }
    static func position(at time: Double) -> Double { min(time * motorway, slowed) + max(time - slowed / motorway, 0) * town }

    static func speaker() throws -> GuidancePrompt.Speaker {
        let onRoute = Dictionary(uniqueKeysWithValues: route.map { ($0.id, $0.maneuver) })
        return GuidancePrompt.Speaker(onRoute: onRoute, composer: try PackFiles.composer("en-US"), verbosity: .normal)
    }

    /// Every announcement of the drive to the fork after the ramp, each update listing three
    /// maneuvers with the times the guidance engine gives them; the announcer plans with the words'
    /// length, as the guidance session has it do, and each prompt ends when its words would.
    static func drive(_ speaker: GuidancePrompt.Speaker) -> [Announcement] {
        let length = speaker.composer.pack.speechLength
        @Sendable func seconds(_ announcement: Announcement) -> Double {
            let words = GuidancePrompt(announcement, by: speaker).map { AnnouncementDurationEstimate().speakingTime(of: $0.text, length: length) }
            return max(announcement.estimatedDuration, words ?? 0)
        }
        var announcer = Announcer()
        announcer.wordsDuration = seconds
        var said: [Announcement] = []
        for tick in 0..<Int(time(at: route.last!.position)) {
            let now = Double(tick)
            let here = position(at: now)
            let ahead = route.filter { $0.position > here }.prefix(3).map {
                RouteProgress.UpcomingManeuver(
                    id: $0.id, distance: $0.position - here, maneuver: $0.maneuver, timeRemaining: time(at: $0.position) - now)
            }
            let speed = here < slowed ? motorway : town
            for announcement in announcer.update(RouteProgress(time: now, speed: speed, maneuvers: Array(ahead)), interval: 1) {
                said.append(announcement)
                announcer.promptDidFinish(at: announcement.expectedStart + seconds(announcement))
            }
        }
        return said
    }

    /// The richest wording that fits the policy's 6 s by its words at eSpeak NG's rate, 175 wpm
    /// (the engine's fitter measures the synthesised speech: the drive spoke this one in 4.4 s,
    /// which the pack's calibration, an upper bound, counts as 6.2 s).
    static func fitted(_ prompt: GuidancePrompt, _ speaker: GuidancePrompt.Speaker) -> String {
        let wordings = speaker.composer.compositions(
            prompt.maneuver, state: prompt.maneuver.state, distance: prompt.distance, then: prompt.then, andThen: prompt.andThen)
        let limit = min(6, prompt.wordBudget ?? .infinity)
        return wordings.first { AnnouncementDurationEstimate().speakingTime(of: $0) < limit } ?? wordings.last!
    }

    @Test func aRampReachedLongAfterSlowingDownLeavesTheTurnItsRoadName() throws {
        let speaker = try Self.speaker()
        let said = Self.drive(speaker)
        let final = try #require(said.first { $0.maneuverID == "m3" && $0.state == .execute }, "\(said)")
        // The turn, reached 34 s after the exit, is chained: its prepare would come while the car is still at 120 km/h.
        #expect(final.chainedManeuverID == "m4" && final.secondChainedManeuverID == nil, "\(final)")
        let prompt = try #require(GuidancePrompt(final, by: speaker))
        #expect(Self.fitted(prompt, speaker) == "Take exit 12 toward Marina Vista, then turn right onto Alhambra Avenue", "\(prompt.text)")
        // The ramp has prompts of its own, a prepare prompt the first of them.
        let ramp = said.filter { $0.maneuverID == "m5" }.map(\.state)
        #expect(ramp.first == .prepare && ramp.contains(.execute), "\(ramp)")
    }

    /// The mean speed over a stretch is its length over the difference of the engine's times to its
    /// ends; a maneuver is approached at it once the one before is passed, or at the speed that one
    /// is passed at where higher; without the times, as `approachSpeed` says from here.
    @Test func theStretchSpeedComesFromTheEnginesTimes() {
        let turn = RouteProgress.UpcomingManeuver(id: "turn", distance: 900, timeRemaining: 46)
        let ramp = RouteProgress.UpcomingManeuver(id: "ramp", distance: 1500, timeRemaining: 89)
        #expect(ramp.stretchSpeed(after: turn, spacing: 600) == 600 / 43.0)
        #expect(ramp.approachSpeed(after: turn, spacing: 600, passing: 10) == 600 / 43.0)
        #expect(ramp.approachSpeed(after: turn, spacing: 600, passing: 20) == 20)
        let untimed = RouteProgress.UpcomingManeuver(id: "turn", distance: 900)
        #expect(ramp.stretchSpeed(after: untimed, spacing: 600) == nil)
        #expect(ramp.approachSpeed(after: untimed, spacing: 600, passing: 10) == 1500 / 89.0)
        #expect(ramp.stretchSpeed(after: ramp, spacing: 0) == nil)
    }
}
