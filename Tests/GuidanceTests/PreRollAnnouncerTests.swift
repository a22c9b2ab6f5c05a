import PropertyBased
import Testing

@testable import Guidance

/// The output's pre-roll counted into the announcer's latency: after an idle gap the first word is
/// heard `outputLatency + preRoll` after the decision, so the distance said is the one left then;
/// while the output is awake (a prompt ended under `idleGap` ago) it is `outputLatency` as before.
@Suite struct PreRollAnnouncerTests {
    static func configuration(preRoll: Double) -> AnnouncerConfiguration {
        var configuration = AnnouncerConfiguration()
        configuration.preRoll = preRoll
        configuration.idleGap = 5
        return configuration
    }

    @Test func theFirstPromptSaysTheDistanceLeftWhenItsFirstWordIsHeard() {
        let speed = 30.0
        var plain = Announcer()
        var woken = Announcer(configuration: Self.configuration(preRoll: 1.5))
        let route = [(id: "X", at: 3000.0)]
        let without = constantDrive(&plain, route: route, speed: speed, until: 100)
        let with = constantDrive(&woken, route: route, speed: speed, until: 100)
        let first = try! #require(with.first)
        // Issued at t, heard at t + 0.25 + 1.5: 1.75 s × 30 m/s = 52.5 m nearer than the update said.
        #expect(abs(first.distance - (3000 - speed * first.issuedAt - speed * 1.75)) < 1e-9, "\(summary(with))")
        #expect(abs(first.expectedStart - (first.issuedAt + 1.75)) < 1e-9)
        // Windows open by the longest latency: no prompt is later than without the pre-roll.
        for (a, b) in zip(with, without) where a.maneuverID == b.maneuverID && a.state == b.state {
            #expect(a.issuedAt <= b.issuedAt, "\(a) after \(b)")
        }
        #expect(with.map(\.state) == without.map(\.state))
    }

    @Test func aPromptSoonAfterAnotherHasNoPreRollToCount() {
        // Two maneuvers close together: the second's prompt comes right after the first one's end.
        let configuration = Self.configuration(preRoll: 1)
        let busy = 100.0
        // Awake: decided at 102 (+0.25 heard at 102.25), under 5 s after the end at 100.
        #expect(configuration.outputLatency(at: 102, busyUntil: busy) == 0.25)
        #expect(configuration.outputLatency(at: 104.74, busyUntil: busy) == 0.25)
        // Idle: heard 5 s or more after the end.
        #expect(configuration.outputLatency(at: 104.75, busyUntil: busy) == 1.25)
        #expect(configuration.outputLatency(at: 0, busyUntil: nil) == 1.25)
        #expect(configuration.longestOutputLatency == 1.25)
        // No pre-roll: the latency is the same either way.
        #expect(AnnouncerConfiguration().outputLatency(at: 0, busyUntil: nil) == 0.25)
    }

    @Test func everyDistanceSaidIsTheOneLeftWhenTheWordIsHeard() async {
        // Random constant-speed drives over random routes: each announcement's distance is the
        // maneuver's distance at the decision less the speed times the latency the idle rule gives.
        await propertyCheck(
            count: 200, input: Gen.double(in: 5...40), Gen.double(in: 0...2), Gen.double(in: 150...4000).array(of: 1...5)
        ) { speed, preRoll, spacings in
            var position = 0.0
            let route = spacings.enumerated().map { index, spacing in
                position += spacing
                return (id: "m\(index)", at: position)
            }
            var announcer = Announcer(configuration: Self.configuration(preRoll: preRoll))
            var previousEnd: Double?
            for announcement in constantDrive(&announcer, route: route, speed: speed, until: position / speed + 5) {
                let at = route.first { $0.id == announcement.maneuverID }!.at
                let latency = announcer.configuration.outputLatency(at: announcement.issuedAt, busyUntil: previousEnd)
                let expected = max(0, at - speed * announcement.issuedAt - speed * latency)
                #expect(abs(announcement.distance - expected) < 1e-6, "\(announcement) at \(speed) m/s, pre-roll \(preRoll)")
                previousEnd = announcement.expectedStart + announcement.estimatedDuration
            }
        }
    }
}
