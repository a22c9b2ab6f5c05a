import Testing

@testable import Guidance

/// Drives at a constant speed from t = 0, one update per `tick`; `route` gives each maneuver's
/// position from the start; those in `exits` are motorway exits. Passed maneuvers drop out of the
/// list, as a guidance engine does.
func constantDrive(
    _ announcer: inout Announcer, route: [(id: String, at: Double)], speed: Double, tick: Double = 1,
    until end: Double, exits: Set<String> = []
) -> [Announcement] {
    var heard: [Announcement] = []
    var step = 0.0
    while step * tick <= end {
        let time = step * tick
        let upcoming = route.map {
            RouteProgress.UpcomingManeuver(id: $0.id, distance: $0.at - speed * time, isExitOrInterchange: exits.contains($0.id))
        }
        .filter { $0.distance > 0 }
        heard += announcer.update(RouteProgress(time: time, speed: speed, maneuvers: upcoming))
        step += 1
    }
    return heard
}

/// (state, heard distance, issue time) triples, for compact expectations.
func summary(_ announcements: [Announcement]) -> [String] {
    announcements.map { a in
        let then = a.chainedManeuverID.map { " then \($0)" } ?? ""
        return "\(a.maneuverID) \(a.state.rawValue) \(String(format: "%.2f", a.distance)) @\(String(format: "%g", a.issuedAt))\(then)"
    }
}

// Defaults throughout: car, latency 0.25 s, gap 3 s, one update per second. Heard distance is
// distance − 0.25 s × speed.
@Suite struct AnnouncerDriveTests {
    @Test func cityTurnAt30KilometersPerHour() {
        var announcer = Announcer()
        let heard = constantDrive(&announcer, route: [("T", 1500)], speed: 30 / 3.6, until: 200)
        // initial at heard ≤ 1437, prepare at ≤ 275. Execute: 3.6 s × 8.33 = 30 m is not enough: its
        // last word must leave the 3 s reaction time. One update later a car speeding up at 2 m/s²
        // could be at 10.33 m/s, and "turn now" (1.5 s) plus 3 s must still fit: the last-chance
        // bound 10.33 × (1 + 1.5 + 3) + 0.5 = 57.3 m wins. Heard 6.75 s before the turn, it ends 5.25 s before.
        #expect(
            summary(heard) == [
                "T initial 1431.25 @8",
                "T prepare 272.92 @147",
                "T execute 56.25 @173",
            ])
        #expect(heard.allSatisfy { $0.chainedManeuverID == nil })
        #expect(abs(heard[2].timeToGo! - 6.75) < 1e-9)
    }

    @Test func highwayExitAt120KilometersPerHour() {
        var announcer = Announcer()
        let heard = constantDrive(&announcer, route: [("exit", 6000)], speed: 120 / 3.6, until: 200)
        // Windows scale by 33.3 / 12.5: initial 3832 m, prepare 733 m, execute max(12, 120, 35.33 ×
        // (1 + 1.5 + 3) + 0.5 = 194.8, and at motorway speed max(300 m, 12 s × 33.3) + one update's
        // 33.3 m = 433.3) m: the final instruction starts 425 m, 12.75 s before the exit.
        // The next maneuver is 6 km / 180 s away: one "continue for" first.
        #expect(
            summary(heard) == [
                "exit continue 5991.67 @0",
                "exit initial 3825.00 @65",
                "exit prepare 725.00 @158",
                "exit execute 425.00 @167",
            ])
    }

    @Test func twoCloseTurnsAreChained() {
        var announcer = Announcer()
        let route = [(id: "A", at: 600.0), (id: "B", at: 700.0), (id: "C", at: 3700.0)]
        let heard = constantDrive(&announcer, route: route, speed: 30 / 3.6, until: 150)
        // A's initial window (down to 1125 m) was missed at the start. B is 100 m after A (≤ 187 m):
        // chained into A's prompts; B's own prepare window is gone when A is passed, its execute comes.
        // A's "turn now" chains B (3 s of speech), so it opens at 10.33 × (1 + 3 + 3) + 0.5 = 72.8 m;
        // B's alone at 57.3 m. After B, C is 3 km away: "continue for".
        #expect(
            summary(heard) == [
                "A prepare 272.92 @39 then B",
                "A execute 64.58 @64 then B",
                "B execute 56.25 @77",
                "C continue 2997.92 @84",
            ])
        #expect(heard[0].chainedSpacing == 100)
        // B and A are passed and forgotten; C is waiting for its initial window.
        #expect(announcer.state(of: "B") == nil)
        #expect(announcer.state(of: "C") == .continue)
    }

    @Test func joiningLateSkipsTheMissedInitialPrompt() {
        var announcer = Announcer()
        let heard = constantDrive(&announcer, route: [("T", 300)], speed: 12.5, until: 30)
        // "Turn now" at 14.5 × (1 + 1.5 + 3) + 0.5 = 80.25 m heard.
        #expect(summary(heard) == ["T prepare 271.88 @2", "T execute 71.88 @18"])

        var closer = Announcer()
        let late = constantDrive(&closer, route: [("T", 100)], speed: 12.5, until: 10)
        // 100 m is below the prepare window's end (187 m): only "turn now".
        #expect(summary(late) == ["T execute 71.88 @2"])
    }

    @Test func bicycleUsesItsOwnThresholds() {
        var announcer = Announcer(configuration: .init(profile: .bicycle))
        let heard = constantDrive(&announcer, route: [("T", 800)], speed: 5, until: 170)
        // 18 km/h: initial 500 m, prepare 110 m, execute max(8, 4 s × 5, 6 × (1 + 1.5 + 3) + 0.25) = 33.25 m.
        #expect(
            summary(heard) == [
                "T initial 498.75 @60",
                "T prepare 108.75 @138",
                "T execute 28.75 @154",
            ])
    }

    @Test func pedestrianHearsCloseShortPrompts() {
        var announcer = Announcer(configuration: .init(profile: .pedestrian))
        let heard = constantDrive(&announcer, route: [("T", 200)], speed: 1.4, until: 150)
        #expect(heard.map(\.state) == [.initial, .prepare, .execute])
        #expect(heard.map(\.distance).allSatisfy { $0 <= 150 })
        // A walker needs 4 s to react: "turn now" opens at 1.7 × (1 + 1.5 + 4) + 0.075 = 11.1 m heard.
        #expect(heard.last!.distance > 11.125 - 1.4 && heard.last!.distance <= 11.125 + 1e-9, "\(heard.last!.distance)")
    }

    @Test func executeComesEarlierWhenItsThresholdWouldBeTooLate() {
        var profile = VehicleProfile.car
        profile.executeLeadTime = 1
        profile.executeMinimumDistance = 0
        var announcer = Announcer(configuration: .init(profile: profile))
        let heard = constantDrive(&announcer, route: [("T", 100)], speed: 10, until: 10)
        // 1 s × 10 m/s would be heard 1 s before the turn; with 1 s updates it fires at ≤ 12 m/s ×
        // (1 + 1.5 + 3) s + 0.5 m, so that "turn now" ends at least 3 s before the turn.
        #expect(summary(heard) == ["T execute 57.50 @4"])
        #expect(heard[0].timeToGo! - 1.5 >= 3)
    }
}
