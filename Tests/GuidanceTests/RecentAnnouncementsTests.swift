import Testing

@testable import Guidance

/// Item 17 of issue 50: a pause that flaps (paused and resumed every half second, each rerouting
/// pause starting the announcer afresh) does not say the same words about a maneuver again within
/// the window; words skipped before they played do not count. Pure.
@Suite struct RecentAnnouncementsTests {
    static let continueFor3Miles = RecentAnnouncements.Said(maneuverID: "m1", state: .continue, words: "Continue for 3 miles")

    @Test func theSameWordsAreSaidOncePerWindow() {
        var recent = RecentAnnouncements()
        var said: Bool
        said = recent.shouldSay(Self.continueFor3Miles, at: 0)
        #expect(said)
        for time in stride(from: 0.5, to: 10, by: 0.5) {
            said = recent.shouldSay(Self.continueFor3Miles, at: time)
            #expect(!said, "said again at \(time) s")
        }
        said = recent.shouldSay(Self.continueFor3Miles, at: 10)
        #expect(said, "the window is over")
        // Other words, or the same words about another maneuver, are other announcements.
        said = recent.shouldSay(.init(maneuverID: "m1", state: .continue, words: "Continue for 2.5 miles"), at: 10.5)
        #expect(said)
        said = recent.shouldSay(.init(maneuverID: "m2", state: .continue, words: "Continue for 3 miles"), at: 10.5)
        #expect(said)
        // A final instruction worded as its prepare prompt is not that prompt said again.
        said = recent.shouldSay(.init(maneuverID: "m3", state: .prepare, words: "In a half mile, take exit 3"), at: 10.5)
        #expect(said)
        said = recent.shouldSay(.init(maneuverID: "m3", state: .execute, words: "In a half mile, take exit 3"), at: 12)
        #expect(said)
        // A guidance clock that started again forgets what it said before; one not finite is always said.
        said = recent.shouldSay(Self.continueFor3Miles, at: 1)
        #expect(said)
        said = recent.shouldSay(Self.continueFor3Miles, at: .nan)
        #expect(said)
    }

    @Test func wordsSkippedBeforeTheyPlayedOrNotQueuedMayBeSaidAgain() {
        var recent = RecentAnnouncements()
        var said: Bool
        let prepare = RecentAnnouncements.Said(maneuverID: "m1", state: .prepare, words: "In a quarter mile, turn right onto Solar Circle")
        said = recent.shouldSay(Self.continueFor3Miles, at: 0)
        #expect(said)
        recent.queued(Self.continueFor3Miles, as: "p1")
        said = recent.shouldSay(prepare, at: 1)
        #expect(said)
        recent.queued(prepare, as: "p2")
        // A pause skipped p2 while it waited; p1 had played.
        recent.unsaid(prompts: ["p2"])
        said = recent.shouldSay(Self.continueFor3Miles, at: 2)
        #expect(!said)
        said = recent.shouldSay(prepare, at: 2)
        #expect(said)
        // Not queued at all (a full queue).
        recent.unsaid(prepare)
        said = recent.shouldSay(prepare, at: 2.5)
        #expect(said)
    }

    /// An announcement not said gives back the audio timeline it took: the announcer's next prompt
    /// does not wait for the silence of one never played.
    @Test func anAnnouncementNotSaidLeavesTheTimelineAsBefore() throws {
        var announcer = Announcer(configuration: .init(profile: .car))
        let said = announcer.update(RouteProgress(time: 0, speed: 14, maneuvers: [.init(id: "m1", distance: 4800)]))
        let continuing = try #require(said.first)
        #expect(continuing.state == .continue)
        #expect(announcer.busyUntil != nil)
        announcer.notSaid(continuing)
        #expect(announcer.busyUntil == nil)
        #expect(announcer.state(of: "m1") == .continue, "closed as if said")
    }
}
