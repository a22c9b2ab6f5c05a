import Foundation
import Testing

@testable import Guidance

@Suite struct AnnouncerMessyInputTests {
    private func update(_ time: Double, speed: Double, _ maneuvers: [(String, Double)]) -> RouteProgress {
        RouteProgress(time: time, speed: speed, maneuvers: maneuvers.map { .init(id: $0.0, distance: $0.1) })
    }

    @Test func stoppedAtALightNeitherSpamsNorDividesByZero() {
        var announcer = Announcer()
        var heard: [Announcement] = []
        // Approach at 12.5 m/s from 300 m, stop at ~150 m for a minute with GPS jitter, then go at 5 m/s.
        for t in 0...12 { heard += announcer.update(update(Double(t), speed: 12.5, [("T", 300 - 12.5 * Double(t))])) }
        let jitter = [0.0, 1.5, -1, 0.5, 2, -0.5]
        for t in 13...72 {
            heard += announcer.update(update(Double(t), speed: 0, [("T", 150 + jitter[t % jitter.count])]))
        }
        for t in 73...110 { heard += announcer.update(update(Double(t), speed: 5, [("T", 150 - 5 * Double(t - 72))])) }
        // Execute at 5 m/s: max(12 m, 3.6 s × 5, last chance 7 × (1 + 1.5 + 3) + 0.5) = 39 m heard.
        #expect(summary(heard) == ["T prepare 271.88 @2", "T execute 38.75 @94"])
    }

    @Test func stoppedRightBeforeTheTurnSpeaksTurnNowOnce() {
        var announcer = Announcer()
        var heard: [Announcement] = []
        for t in 0..<30 { heard += announcer.update(update(Double(t), speed: 0, [("T", 10 + (t % 2 == 0 ? 0.8 : -0.8))])) }
        #expect(heard.count == 1)
        #expect(heard.first?.state == .execute)
        #expect(heard.first?.timeToGo == nil)
        #expect(heard.first?.distance == 10.8)
    }

    @Test func duplicatedAndOutOfOrderUpdatesAreIgnored() {
        var announcer = Announcer()
        let first = update(10, speed: 12.5, [("T", 270)])
        #expect(announcer.update(first).map(\.state) == [.prepare])
        #expect(announcer.update(first).isEmpty)
        #expect(announcer.update(update(9, speed: 12.5, [("T", 40)])).isEmpty)
        // A later update at the execute distance after the gap is heard.
        #expect(announcer.update(update(17, speed: 12.5, [("T", 40)])).map(\.state) == [.execute])
    }

    @Test func aDifferentUpdateAtTheSameTimeIsRead() {
        var announcer = Announcer()
        #expect(announcer.update(update(10, speed: 0, [("T", 5000)])).map(\.state) == [.continue])
        // A reroute arriving with the same timestamp replaces the route: the new head counts.
        #expect(announcer.update(update(10, speed: 0, [("R", 11)])).isEmpty)  // still speaking
        #expect(announcer.update(update(16, speed: 0, [("R", 11)])).map(\.maneuverID) == ["R"])
        #expect(announcer.state(of: "T") == nil)
    }

    @Test func jitterDoesNotRepeatAPrompt() {
        var announcer = Announcer()
        var heard: [Announcement] = []
        let distances = [280.0, 274, 276, 271, 273, 268, 270, 265]
        for (t, d) in distances.enumerated() { heard += announcer.update(update(Double(t), speed: 5, [("T", d)])) }
        #expect(heard.map(\.state) == [.prepare])
    }

    @Test func reroutingAnnouncesTheNewManeuversAndNeverTheOldOnes() {
        var announcer = Announcer()
        #expect(announcer.update(update(0, speed: 12.5, [("old-1", 270), ("old-2", 900)])).map(\.maneuverID) == ["old-1"])
        // Reroute: a new list with new ids. The new first maneuver's prepare window opens at t = 4,
        // its prompt waits for the old one's end and the gap (6.25 s).
        var after: [Announcement] = []
        for t in 1...8 {
            after += announcer.update(update(Double(t), speed: 12.5, [("new-1", 320 - 12.5 * Double(t)), ("new-2", 2000)]))
        }
        #expect(summary(after) == ["new-1 prepare 241.88 @6"])
        // Returning to the old ids later does not bring them back.
        #expect(announcer.update(update(20, speed: 12.5, [("old-1", 30), ("old-2", 600)])).isEmpty)
        #expect(announcer.state(of: "old-1") == nil)
    }

    @Test func passedManeuverIsNeverAnnounced() {
        var announcer = Announcer()
        #expect(announcer.update(update(0, speed: 10, [("A", 0), ("B", 5000)])).map(\.maneuverID) == ["B"])
        #expect(announcer.update(update(10, speed: 10, [("A", 5), ("B", 30)])).map(\.maneuverID) == ["B"])
        #expect(announcer.state(of: "A") == nil)
    }

    @Test func badNumbersAreReadAsStoppedOrDropped() {
        var announcer = Announcer()
        let heard = announcer.update(
            RouteProgress(time: 0, speed: -.infinity, maneuvers: [.init(id: "X", distance: .nan), .init(id: "T", distance: 11)]))
        #expect(heard.map(\.maneuverID) == ["T"])
        #expect(heard.first?.distance == 11)
        #expect(announcer.update(RouteProgress(time: .nan, speed: 1, maneuvers: [.init(id: "U", distance: 5)])).isEmpty)
    }

    @Test func promptsWaitForThePreviousOneAndTheGap() {
        var announcer = Announcer()
        // Prepare heard at 0.25 s, 3 s long, gap 3 s: nothing may start before 6.25 s.
        #expect(announcer.update(update(0, speed: 5, [("T", 200)])).map(\.state) == [.prepare])
        #expect(announcer.busyUntil == 3.25)
        #expect(announcer.update(update(5.9, speed: 5, [("T", 15)])).isEmpty)
        #expect(announcer.update(update(6.0, speed: 5, [("T", 14)])).map(\.state) == [.execute])
    }

    @Test func reportedEndOfPlaybackReplacesTheEstimate() {
        var announcer = Announcer()
        #expect(announcer.update(update(0, speed: 5, [("T", 200)])).count == 1)
        announcer.promptDidFinish(at: 1.5)
        #expect(announcer.update(update(4.25, speed: 5, [("T", 15)])).map(\.state) == [.execute])
    }

    @Test func suppliedDurationEstimatorIsUsed() {
        var steady = VehicleProfile.car
        steady.plannedAcceleration = 0  // else a 10 s prompt could push "turn now" late: skipped
        var announcer = Announcer(configuration: .init(profile: steady), estimateDuration: { $0.state == .prepare ? 10 : 1 })
        let heard = announcer.update(update(0, speed: 5, [("T", 200)]))
        #expect(heard.first?.estimatedDuration == 10)
        #expect(announcer.update(update(12.9, speed: 5, [("T", 15)])).isEmpty)
        #expect(announcer.update(update(13.5, speed: 5, [("T", 13)])).map(\.estimatedDuration) == [1])
    }

    @Test func earlyPromptIsSkippedWhenItWouldPushTurnNowLate() {
        // A 20 s prepare phrase at 12.5 m/s would still be playing at the execute point: skip it.
        var announcer = Announcer(estimateDuration: { $0.state == .prepare ? 20 : $0.estimatedDuration })
        var heard: [Announcement] = []
        for t in 0...19 { heard += announcer.update(update(Double(t), speed: 12.5, [("T", 250 - 12.5 * Double(t))])) }
        #expect(heard.map(\.state) == [.execute])
        #expect(announcer.state(of: "T") == .execute)
    }

    @Test func resetForgetsTheRoute() {
        var announcer = Announcer()
        #expect(announcer.update(update(0, speed: 5, [("T", 200)])).count == 1)
        announcer.reset()
        #expect(announcer.busyUntil == nil)
        #expect(announcer.update(update(0, speed: 5, [("T", 200)])).map(\.state) == [.prepare])
    }
}
