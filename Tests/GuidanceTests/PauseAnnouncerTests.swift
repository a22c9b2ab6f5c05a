import Testing

@testable import Guidance

/// What a paused guidance asks of the announcer: the pause's words keep the audio timeline busy as a
/// reroute's do (`reserve`), and the time without updates is not taken for the client's update
/// interval once it resumes (`resume`). Pure.
@Suite struct PauseAnnouncerTests {
    static func ticks(_ announcer: inout Announcer, from start: Double, count: Int, distance: (Int) -> Double) -> [Announcement] {
        (0..<count).flatMap { tick in
            announcer.update(RouteProgress(time: start + Double(tick), speed: 14, maneuvers: [.init(id: "m1", distance: distance(tick))]))
        }
    }

    @Test func thePausesWordsKeepTheTimelineBusyAndAPromptSkippedMeanwhileDoesNotShortenIt() {
        var announcer = Announcer(configuration: .init(profile: .car))
        announcer.reserve(at: 10, for: 1.2)
        let reserved = announcer.configuration.outputLatency + 11.2
        #expect(abs(announcer.busyUntil! - reserved) < 1e-9)
        announcer.promptDidFinish(at: 10.4)
        #expect(abs(announcer.busyUntil! - reserved) < 1e-9, "a skipped prompt's end comes before the words'")
        announcer.reserve(at: 10, for: 0.5)
        #expect(abs(announcer.busyUntil! - reserved) < 1e-9, "never earlier than reserved")
        announcer.reserve(at: .nan, for: 3)
        announcer.reserve(at: 10, for: -1)
        #expect(abs(announcer.busyUntil! - reserved) < 1e-9, "nothing reserved for a time or length that is not one")
    }

    /// After a pause, at every distance of the approach, the announcer decides as it does for a
    /// drive whose updates came every second throughout: the pause's gap (up to minutes) is not an
    /// update interval. Without `resume()` it would be, and decide otherwise somewhere.
    @Test func afterAPauseTheAnnouncerDecidesAsIfNoTimeHadBeenMissing() {
        var differsWithoutResume = false
        for distance in stride(from: 30.0, through: 700, by: 10) {
            var steady = Announcer(configuration: .init(profile: .car))
            var paused = steady
            var unresumed = steady
            _ = Self.ticks(&steady, from: 0, count: 5, distance: { 2000 - Double($0) * 14 })
            _ = Self.ticks(&paused, from: 0, count: 5, distance: { 2000 - Double($0) * 14 })
            _ = Self.ticks(&unresumed, from: 0, count: 5, distance: { 2000 - Double($0) * 14 })
            paused.resume()
            let expected = steady.update(RouteProgress(time: 5, speed: 14, maneuvers: [.init(id: "m1", distance: distance)]))
            let afterPause = paused.update(RouteProgress(time: 300, speed: 14, maneuvers: [.init(id: "m1", distance: distance)]))
            let withoutResume = unresumed.update(RouteProgress(time: 300, speed: 14, maneuvers: [.init(id: "m1", distance: distance)]))
            #expect(afterPause.map(\.state) == expected.map(\.state), "at \(distance) m")
            #expect(afterPause.map(\.distance) == expected.map(\.distance), "at \(distance) m")
            if withoutResume.map(\.state) != expected.map(\.state) { differsWithoutResume = true }
        }
        #expect(differsWithoutResume, "the test would pass without resume(): it proves nothing")
    }
}
