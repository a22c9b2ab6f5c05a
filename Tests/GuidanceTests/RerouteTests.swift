import PropertyBased
import Testing

@testable import Guidance

/// Rerouting: "Recalculating route" at most once per window, and an announcer that starts again
/// cleanly on the new route.
@Suite struct RerouteTests {
    @Test func theFirstRerouteIsAnnouncedAndRepeatsWithinTheWindowAreNot() {
        var debounce = RerouteDebounce()
        #expect(RerouteDebounce.standardWindow == 10)
        // Counted from the last announced one, not the last reroute: at most one per window. A
        // time that is not finite is never announced; a clock that started again is a new start.
        let times: [Double] = [100, 100, 104, 109.99, 110, .nan, .infinity, 3, 5]
        let announced = times.map { debounce.shouldAnnounce(at: $0) }
        #expect(announced == [true, false, false, false, true, false, false, true, false])
        #expect(debounce.lastAnnounced == 3)
    }

    /// Any sequence of reroutes on a clock that only goes forward: announced ones are a window or
    /// more apart, and every reroute a window or more after the last announced one is announced.
    @Test func announcedReroutesAreAlwaysAWindowApartAndNoneIsMissed() async {
        let gaps = Gen.double(in: 0...25).array(of: 1...40)
        await propertyCheck(count: 300, input: gaps, Gen.double(in: 0.5...30)) { gaps, window in
            var debounce = RerouteDebounce(window: window)
            var time = 0.0
            var lastAnnounced: Double?
            for gap in gaps {
                time += gap
                let announced = debounce.shouldAnnounce(at: time)
                let due = lastAnnounced.map { time - $0 >= window } ?? true
                #expect(announced == due, "t=\(time) last=\(String(describing: lastAnnounced)) window=\(window)")
                if announced { lastAnnounced = time }
            }
        }
    }

    @Test func everyPackSaysRecalculating() throws {
        for language in PackFiles.languages {
            let text = try PackFiles.composer(language).rerouting
            #expect(!text.isEmpty && !text.contains("{") && text.count < 60, "\(language): \(text)")
        }
    }

    /// After a restart the old route is forgotten: the same id is a new maneuver, announced from
    /// the start, and not before the rerouting prompt has ended plus the gap.
    @Test func theAnnouncerStartsAgainCleanlyAfterTheReroutePrompt() {
        var announcer = Announcer(configuration: .init(profile: .car))
        let before = announcer.update(RouteProgress(time: 0, speed: 14, maneuvers: [.init(id: "m1", distance: 1400)]))
        #expect(before.map(\.state) == [.initial])
        #expect(announcer.state(of: "m1") == .initial)
        announcer.restart(at: 10, busyFor: 1.5)
        #expect(announcer.state(of: "m1") == nil)
        let busyUntil = try! #require(announcer.busyUntil)
        #expect(abs(busyUntil - (10 + announcer.configuration.outputLatency + 1.5)) < 1e-9)
        // The new route's m1 is 1500 m away, inside its initial window: the prompt waits for the
        // rerouting prompt's end and the gap.
        var heard: [Announcement] = []
        for tick in 0..<12 {
            heard += announcer.update(RouteProgress(time: 10 + Double(tick) * 0.5, speed: 14, maneuvers: [.init(id: "m1", distance: 1500 - Double(tick) * 7)]))
        }
        #expect(heard.map(\.state) == [.initial], "\(heard)")
        #expect(heard.first!.expectedStart >= busyUntil + announcer.configuration.minimumGap - 1e-9)
    }

    /// The old route's prompt still playing at the reroute ends first: it does not cut the gap after
    /// "Recalculating route"; a later real end (the phrase waited its turn) does move it.
    @Test func anOldPromptEndingAfterTheRestartKeepsTheReservation() {
        var announcer = Announcer(configuration: .init(profile: .car))
        announcer.restart(at: 10, busyFor: 1.5)
        let reserved = announcer.busyUntil
        announcer.promptDidFinish(at: 10.5)
        #expect(announcer.busyUntil == reserved)
        announcer.promptDidFinish(at: 13)
        #expect(announcer.busyUntil == 13)
        announcer.promptDidFinish(at: 12)
        #expect(announcer.busyUntil == 12, "the reservation is spent once passed")
        announcer.restart(at: 20, busyFor: 0)
        #expect(announcer.busyUntil == nil, "an unannounced reroute reserves nothing")
    }

    /// Random drives rerouted at a random moment: nothing after the restart overlaps the rerouting
    /// prompt, and each maneuver of the new route is announced in order, at most once per state.
    @Test func aRestartAnywhereKeepsTheTimingRules() async {
        await propertyCheck(count: 200, input: Gen.double(in: 0...60), Gen.double(in: 3...35), Gen.double(in: 300...3000)) {
            rerouteAt, speed, firstDistance in
            let run = RerouteTests.rerouted(at: rerouteAt, speed: speed, firstDistance: firstDistance)
            let early = run.after.filter { $0.expectedStart < run.earliest - 1e-9 }
            #expect(early.isEmpty, "\(early)")
            let states = run.after.filter { $0.maneuverID == "old" }.map(\.state)
            #expect(states == states.sorted() && Set(states).count == states.count, "\(states)")
            #expect(states.contains(.execute), "the new route's first maneuver gets its turn now: \(states)")
        }
    }

    /// A drive towards "old" rerouted at `rerouteAt`; the new route reuses the id "old" at
    /// `firstDistance`. Returns what was announced after the restart, and the earliest start allowed.
    static func rerouted(at rerouteAt: Double, speed: Double, firstDistance: Double) -> (after: [Announcement], earliest: Double) {
        var announcer = Announcer(configuration: .init(profile: .car))
        var time = 0.0
        var distance = 4000.0
        while time < rerouteAt {
            _ = announcer.update(RouteProgress(time: time, speed: speed, maneuvers: [.init(id: "old", distance: distance)]))
            time += 1
            distance -= speed
        }
        announcer.restart(at: time, busyFor: 1.5)
        let earliest = (announcer.busyUntil ?? .infinity) + announcer.configuration.minimumGap
        var after: [Announcement] = []
        var newDistance = firstDistance
        while newDistance > 0 {
            after += announcer.update(
                RouteProgress(
                    time: time, speed: speed, maneuvers: [.init(id: "old", distance: newDistance), .init(id: "n2", distance: newDistance + 900)]))
            time += 1
            newDistance -= speed
        }
        return (after, earliest)
    }
}
