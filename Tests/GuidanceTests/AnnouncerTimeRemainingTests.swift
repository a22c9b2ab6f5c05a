import Testing

@testable import Guidance

/// CarPlay: a maneuver's estimates include the time remaining to it. Where the guidance engine
/// expects the vehicle there sooner than its speed says (`timeRemaining`: pulling away from a light,
/// speeding up onto a motorway), the announcer opens the maneuver's windows for the speed that
/// implies; a time that says later changes nothing, nor does none. Pure tests.
@Suite struct AnnouncerTimeRemainingTests {
    /// A right turn approached from 600 m at `speed`, one update a second, each with the time the
    /// guidance engine gives (`time(distance)`, nil for none): the announcements.
    static func approach(speed: Double, time: (Double) -> Double?) -> [Announcement] {
        var announcer = Announcer(configuration: AnnouncerConfiguration(), estimateDuration: simulatedDuration)
        var said: [Announcement] = []
        var distance = 600.0
        var now = 0.0
        while distance > 0 {
            let head = RouteProgress.UpcomingManeuver(id: "turn", distance: distance, timeRemaining: time(distance))
            said += announcer.update(RouteProgress(time: now, speed: speed, maneuvers: [head]), interval: 1)
            now += 1
            distance -= speed
        }
        return said
    }

    static func distance(of state: ManeuverState, in said: [Announcement]) -> Double? {
        said.first { $0.maneuverID == "turn" && $0.state == state }?.distance
    }

    @Test func aTimeSoonerThanTheSpeedSaysOpensTheWindowsEarlier() throws {
        // Creeping at 4 m/s (14 km/h) where the guidance engine expects 14 m/s (50 km/h) on the way.
        let none = Self.approach(speed: 4) { _ in nil }
        let sooner = Self.approach(speed: 4) { $0 / 14 }
        let noneFinal = try #require(Self.distance(of: .execute, in: none), "\(none)")
        let soonerFinal = try #require(Self.distance(of: .execute, in: sooner), "\(sooner)")
        #expect(soonerFinal > noneFinal + 20, "the final instruction at \(soonerFinal) m with the time, \(noneFinal) m without")
        // Its lead time is the profile's at the speed the time implies.
        let profile = AnnouncerConfiguration().profile
        #expect(soonerFinal >= profile.executeLeadTime * 14 - 15, "\(soonerFinal) m")
    }

    @Test func aTimeThatSaysLaterOrNoTimeChangesNothing() {
        for speed in [4.0, 9, 14, 25] {
            let none = Self.approach(speed: speed) { _ in nil }
            let later = Self.approach(speed: speed) { $0 / (speed * 0.6) }
            let exact = Self.approach(speed: speed) { $0 / speed }
            #expect(later == none, "speed \(speed)")
            #expect(exact == none, "speed \(speed)")
        }
    }

    @Test func theApproachSpeedIsTheVehiclesOrTheOneTheTimeImpliesIfHigherWithinBounds() {
        typealias Upcoming = RouteProgress.UpcomingManeuver
        #expect(Upcoming(id: "a", distance: 300).approachSpeed(vehicle: 10) == 10)
        #expect(Upcoming(id: "a", distance: 300, timeRemaining: 60).approachSpeed(vehicle: 10) == 10, "later: the vehicle's")
        #expect(Upcoming(id: "a", distance: 300, timeRemaining: 15).approachSpeed(vehicle: 10) == 20)
        #expect(Upcoming(id: "a", distance: 300, timeRemaining: 15).approachSpeed(vehicle: 0) == 20, "stopped at a light")
        #expect(Upcoming(id: "a", distance: 5000, timeRemaining: 0.5).approachSpeed(vehicle: 10) == Upcoming.maximumExpectedSpeed)
        #expect(Upcoming(id: "a", distance: 300, timeRemaining: 0).approachSpeed(vehicle: 10) == 10)
        #expect(Upcoming(id: "a", distance: -5, timeRemaining: 3).approachSpeed(vehicle: 10) == 10, "passed")
        #expect(Upcoming(id: "a", distance: 300, timeRemaining: 15).approachSpeed(vehicle: -.infinity) == 20)
    }
}
