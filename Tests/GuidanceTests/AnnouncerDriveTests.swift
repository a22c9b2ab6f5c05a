import Testing

@testable import Guidance

/// Drives at a constant speed from t = 0, one update per `tick`; `route` gives each maneuver's
/// position from the start. Passed maneuvers drop out of the list, as a guidance engine does.
func constantDrive(
    _ announcer: inout Announcer, route: [(id: String, at: Double)], speed: Double, tick: Double = 1,
    until end: Double
) -> [Announcement] {
    var heard: [Announcement] = []
    var step = 0.0
    while step * tick <= end {
        let time = step * tick
        let upcoming = route.map { RouteProgress.UpcomingManeuver(id: $0.id, distance: $0.at - speed * time) }
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
        // initial at heard ≤ 1437, prepare at ≤ 275. Execute: 3.6 s × 8.33 = 30 m would be enough at
        // a steady speed, but one update later a car speeding up at 2 m/s² could already be within
        // 2 s of the turn: the last-chance bound 10.33 + 0.5 + 2 × 10.33 = 31.5 m wins.
        #expect(
            summary(heard) == [
                "T initial 1431.25 @8",
                "T prepare 272.92 @147",
                "T execute 31.25 @176",
            ])
        #expect(heard.allSatisfy { $0.chainedManeuverID == nil })
        #expect(abs(heard[2].timeToGo! - 3.75) < 1e-9)
    }

    @Test func highwayExitAt120KilometersPerHour() {
        var announcer = Announcer()
        let heard = constantDrive(&announcer, route: [("exit", 6000)], speed: 120 / 3.6, until: 200)
        // Windows scale by 33.3 / 12.5: initial 3832 m, prepare 733 m, execute max(12, 120) m.
        // The next maneuver is 6 km / 180 s away: one "continue for" first.
        #expect(
            summary(heard) == [
                "exit continue 5991.67 @0",
                "exit initial 3825.00 @65",
                "exit prepare 725.00 @158",
                "exit execute 91.67 @177",
            ])
    }

    @Test func twoCloseTurnsAreChained() {
        var announcer = Announcer()
        let route = [(id: "A", at: 600.0), (id: "B", at: 700.0), (id: "C", at: 3700.0)]
        let heard = constantDrive(&announcer, route: route, speed: 30 / 3.6, until: 150)
        // A's initial window (down to 1125 m) was missed at the start. B is 100 m after A (≤ 187 m):
        // chained into A's prompts; B's own prepare window is gone when A is passed, its execute comes.
        // After B, C is 3 km away: "continue for".
        #expect(
            summary(heard) == [
                "A prepare 272.92 @39 then B",
                "A execute 31.25 @68 then B",
                "B execute 31.25 @80",
                "C continue 2989.58 @85",
            ])
        #expect(heard[0].chainedSpacing == 100)
        // B and A are passed and forgotten; C is waiting for its initial window.
        #expect(announcer.state(of: "B") == nil)
        #expect(announcer.state(of: "C") == .continue)
    }

    @Test func joiningLateSkipsTheMissedInitialPrompt() {
        var announcer = Announcer()
        let heard = constantDrive(&announcer, route: [("T", 300)], speed: 12.5, until: 30)
        #expect(summary(heard) == ["T prepare 271.88 @2", "T execute 34.38 @21"])

        var closer = Announcer()
        let late = constantDrive(&closer, route: [("T", 100)], speed: 12.5, until: 10)
        // 100 m is below the prepare window's end (187 m): only "turn now".
        #expect(summary(late) == ["T execute 34.38 @5"])
    }

    @Test func bicycleUsesItsOwnThresholds() {
        var announcer = Announcer(configuration: .init(profile: .bicycle))
        let heard = constantDrive(&announcer, route: [("T", 800)], speed: 5, until: 170)
        // 18 km/h: initial 500 m, prepare 110 m, execute max(8, 4 s × 5) = 20 m.
        #expect(
            summary(heard) == [
                "T initial 498.75 @60",
                "T prepare 108.75 @138",
                "T execute 18.75 @156",
            ])
    }

    @Test func pedestrianHearsCloseShortPrompts() {
        var announcer = Announcer(configuration: .init(profile: .pedestrian))
        let heard = constantDrive(&announcer, route: [("T", 200)], speed: 1.4, until: 150)
        #expect(heard.map(\.state) == [.initial, .prepare, .execute])
        #expect(heard.map(\.distance).allSatisfy { $0 <= 150 })
        #expect(heard.last!.distance >= 5.6 && heard.last!.distance <= 7)
    }

    @Test func executeComesEarlierWhenItsThresholdWouldBeTooLate() {
        var profile = VehicleProfile.car
        profile.executeLeadTime = 1
        profile.executeMinimumDistance = 0
        var announcer = Announcer(configuration: .init(profile: profile))
        let heard = constantDrive(&announcer, route: [("T", 100)], speed: 10, until: 10)
        // 1 s × 10 m/s would be heard 1 s before the turn; with 1 s updates it fires at ≤ (2 + 1) s × v.
        #expect(summary(heard) == ["T execute 27.50 @7"])
        #expect(heard[0].timeToGo! >= 2)
    }
}
