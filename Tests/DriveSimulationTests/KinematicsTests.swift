import Guidance
import PropertyBased
import Testing

@testable import DriveSimulation

@Suite struct KinematicsTests {
    static func route(_ spacings: [Double]) -> Route {
        var maneuvers = [RouteManeuver(id: "m0", maneuver: Maneuver(type: .startRoute), distanceFromPrevious: 0)]
        for (i, spacing) in spacings.enumerated() {
            let type: ManeuverType = i == spacings.count - 1 ? .arriveAtDestination : (i % 2 == 0 ? .leftTurn : .rightTurn)
            maneuvers.append(RouteManeuver(id: "m\(i + 1)", maneuver: Maneuver(type: type), distanceFromPrevious: spacing))
        }
        return Route(maneuvers: maneuvers)
    }

    /// Random routes (1–12 maneuvers, 20 m – 5 km apart) and speed profiles mixing time and
    /// distance segments (0–130 km/h), always ending with a moving segment so the drive arrives.
    static let spacings = Gen.double(in: 20...5000).array(of: 1...12)
    static let segments = PropertyBased.zip(Gen.bool, Gen.double(in: 0...3000), Gen.double(in: 0...36)).array(of: 0...6)
    static let lastSpeed = Gen.double(in: 1...36)

    static func profile(_ segments: [(Bool, Double, Double)], last: Double) -> SpeedProfile {
        var list = [SpeedSegment(start: .time(0), speed: 10)]
        list += segments.map { SpeedSegment(start: $0.0 ? .time($0.1) : .distance($0.1), speed: $0.2) }
        list.append(SpeedSegment(start: .time(3001), speed: last))
        return .segments(list)
    }

    @Test func positionIsMonotonicAndEndsAtTheRouteLength() async {
        await propertyCheck(count: 200, input: Self.spacings, Self.segments, Self.lastSpeed) { spacings, segments, last in
            let route = Self.route(spacings)
            let kinematics = DriveKinematics(route: route, speed: Self.profile(segments, last: last))
            let arrival = try #require(kinematics.arrivalTime)
            var previous = 0.0
            var t = 0.0
            while t <= arrival + 5 {
                let x = kinematics.position(at: t)
                #expect(x >= previous - 1e-9, "t \(t)")
                #expect(x <= route.length + 1e-9)
                previous = x
                t += arrival / 97
            }
            #expect(abs(kinematics.position(at: arrival) - route.length) < 1e-6)
            #expect(kinematics.position(at: arrival + 100) == route.length)
            #expect(kinematics.speed(at: arrival + 1) == 0)
            let timeline = DriveTimeline(kinematics: kinematics, tick: 1, durationCap: arrival + 10)
            #expect(timeline.arrived && timeline.updates.last?.time == arrival && timeline.updates.last?.arrived == true)
            #expect(timeline.updates.last?.upcoming.isEmpty == true)
            // Distances to maneuvers only shrink, and every maneuver is reached when the timeline says.
            for (a, b) in zip(timeline.updates, timeline.updates.dropFirst()) {
                for next in b.upcoming {
                    if let before = a.upcoming.first(where: { $0.id == next.id }) { #expect(next.distance <= before.distance + 1e-9) }
                }
            }
        }
    }

    @Test func identicalInputGivesIdenticalOutput() async {
        await propertyCheck(count: 100, input: Self.spacings, Self.segments, Self.lastSpeed) { spacings, segments, last in
            let route = Self.route(spacings)
            let a = DriveTimeline(kinematics: DriveKinematics(route: route, speed: Self.profile(segments, last: last)), tick: 0.5)
            let b = DriveTimeline(kinematics: DriveKinematics(route: route, speed: Self.profile(segments, last: last)), tick: 0.5)
            #expect(a == b)
        }
    }

    @Test func upcomingDistancesAndTimesAreConsistent() async {
        await propertyCheck(count: 100, input: Self.spacings, Self.segments, Self.lastSpeed, Gen.double(in: 0...1)) { spacings, segments, last, fraction in
            let route = Self.route(spacings)
            let kinematics = DriveKinematics(route: route, speed: Self.profile(segments, last: last))
            let t = (kinematics.arrivalTime ?? 0) * fraction
            let update = kinematics.update(at: t)
            // The start is listed, at ≤ 0, until the first maneuver after it is reached (its departure prompt).
            let departing = update.position < route.maneuvers[1].position && update.position <= DriveKinematics.departureListing
            #expect(update.upcoming.map(\.id) == (departing ? ["m0"] : []) + route.maneuvers(after: update.position).map(\.id))
            #expect(update.routeProgress.maneuvers.map(\.isDeparture) == update.upcoming.map { $0.id == "m0" })
            for item in update.upcoming where item.id != "m0" {
                #expect(item.distance > 0)
                #expect(item.maneuver.distanceRemaining == item.distance)
                let reached = try #require(item.timeRemaining)
                #expect(abs(kinematics.position(at: t + reached) - (update.position + item.distance)) < 1e-6)
            }
            #expect(update.routeProgress.maneuvers.map(\.distance) == update.upcoming.map(\.distance))
        }
    }

    @Test func constantSpeedArrivesOnTime() {
        let kinematics = DriveKinematics(route: Self.route([500, 1500]), speed: .constant(10))
        #expect(kinematics.arrivalTime == 200)
        #expect(kinematics.position(at: 30) == 300)
        let setting = kinematics.update(at: 5, lookahead: 2)
        #expect(setting.upcoming.map(\.id) == ["m0", "m1"] && setting.upcoming[0].distance == -50 && setting.upcoming[1].distance == 450)
        // The start is listed until the first maneuver (up to 1000 m past it), 300 m past it too.
        let update = kinematics.update(at: 30, lookahead: 2)
        #expect(update.upcoming.map(\.id) == ["m0", "m1"] && update.upcoming[0].distance == -300 && update.upcoming[1].distance == 200)
        #expect(update.upcoming[1].timeRemaining == 20)
        // Past the first maneuver the start is no longer listed.
        #expect(kinematics.update(at: 60).upcoming.map(\.id) == ["m2"])
        let timeline = DriveTimeline(kinematics: kinematics, tick: 1)
        #expect(timeline.updates.count == 201)
    }

    @Test func stopAtADistanceUntilATime() {
        // 10 m/s, stop at 300 m (30 s), wait until 60 s, then 20 m/s for the remaining 700 m.
        let profile = SpeedProfile.segments([
            SpeedSegment(start: .time(0), speed: 10), SpeedSegment(start: .distance(300), speed: 0),
            SpeedSegment(start: .time(60), speed: 20),
        ])
        let kinematics = DriveKinematics(route: Self.route([1000]), speed: profile)
        #expect(kinematics.arrivalTime == 95)
        #expect(kinematics.position(at: 45) == 300)
        #expect(kinematics.speed(at: 45) == 0)
        #expect(kinematics.time(atPosition: 300) == 30)
        #expect(kinematics.time(atPosition: 500) == 70)
    }

    @Test func standingStillForGoodNeverArrives() {
        let kinematics = DriveKinematics(
            route: Self.route([1000]),
            speed: .segments([
                SpeedSegment(start: .time(0), speed: 10), SpeedSegment(start: .distance(400), speed: 0),
            ]))
        #expect(kinematics.arrivalTime == nil)
        #expect(kinematics.position(at: 10_000) == 400)
        let timeline = DriveTimeline(kinematics: kinematics, tick: 10, durationCap: 100)
        #expect(!timeline.arrived && timeline.endTime == 100 && timeline.updates.count == 11)
        #expect(kinematics.update(at: 50).upcoming.first { $0.id == "m1" }?.timeRemaining == nil)
    }

    @Test func routeSpeedProfileFollowsTheRouteDurations() throws {
        let route = try Route(osrmJSON: Examples.data("routes/osrm-city.json"))
        let kinematics = DriveKinematics(route: route, speed: .route(fallback: 10))
        let total = route.maneuvers.compactMap(\.durationFromPrevious).reduce(0, +)
        #expect(abs(try #require(kinematics.arrivalTime) - total) < 1)
    }

    @Test func scheduleOrdersAudioBeforeProgressAtTheSameTime() {
        let kinematics = DriveKinematics(route: Self.route([100]), speed: .constant(10))
        let timeline = DriveTimeline(kinematics: kinematics, tick: 1)
        let schedule = DriveSchedule(
            timeline: timeline,
            audio: [
                CarAudioEvent(time: 3, action: .radioOn), CarAudioEvent(time: 2.5, action: .chime, duration: 1),
                CarAudioEvent(time: 50, action: .radioOff),
            ])
        let steps = Array(schedule.steps)
        #expect(steps.map(\.time) == steps.map(\.time).sorted())
        #expect(steps.count == 11 + 2)
        guard case .audio(let event) = steps[4], case .progress(let update) = steps[5] else {
            Issue.record("order: \(steps)")
            return
        }
        #expect(event.action == .radioOn && update.time == 3)
        #expect(DriveClock.realTime.wait(from: 3, to: 5) == 2)
        #expect(DriveClock.virtual(speedup: 600).wait(from: 0, to: 1800) == 3)
        #expect(DriveClock.virtual(speedup: .infinity).wait(from: 0, to: 1800) == 0)
    }
}
