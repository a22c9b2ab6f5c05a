import PropertyBased
import Testing

@testable import Guidance

/// A driver's repeat: at most one per window, at the distance the vehicle has now, in the state
/// that distance belongs to.
@Suite struct RepeatTests {
    private let car = AnnouncerConfiguration(profile: .car)

    @Test func repeatsWithinTheWindowWaitAndSayHowLong() {
        var limiter = RepeatLimiter()
        #expect(RepeatLimiter.standardWindow == 3)
        var allowed: [Bool] = []
        var waits: [Double?] = []
        // Counted from the last repeat said; a clock that started again is a new start; a time that
        // is not finite is never allowed.
        for time in [100, 100, 101, 102.5, 103, 105, .nan, .infinity, 2, 4] as [Double] {
            let wait = limiter.wait(at: time)
            waits.append(wait)
            allowed.append(wait == nil)
            if wait == nil { limiter.record(at: time) }
        }
        #expect(allowed == [true, false, false, false, true, false, false, false, true, false])
        #expect(waits[1] == 3 && waits[2] == 2 && waits[3] == 0.5 && waits[5] == 1 && waits[6] == 3 && waits[9] == 1)
        #expect(limiter.lastRepeat == 2)
        limiter.restore(nil)
        #expect(limiter.lastRepeat == nil && limiter.wait(at: 2.5) == nil, "a repeat not queued does not count")
        limiter.record(at: .nan)
        #expect(limiter.lastRepeat == nil)
    }

    /// Any sequence of requests on a forward clock: said ones are a window or more apart, every
    /// request a window after the last said one is said, and a refusal's wait ends exactly then.
    @Test func saidRepeatsAreAlwaysAWindowApartAndNoneIsRefusedLater() async {
        let gaps = Gen.double(in: 0...8).array(of: 1...40)
        await propertyCheck(count: 300, input: gaps, Gen.double(in: 0.5...10)) { gaps, window in
            var limiter = RepeatLimiter(window: window)
            var time = 0.0
            var lastSaid: Double?
            for gap in gaps {
                time += gap
                let wait = limiter.wait(at: time)
                let due = lastSaid.map { time - $0 >= window } ?? true
                #expect((wait == nil) == due, "t=\(time) last=\(String(describing: lastSaid)) window=\(window)")
                if let wait, let lastSaid {
                    #expect(wait > 0 && wait <= window && abs(time + wait - (lastSaid + window)) < 1e-9)
                }
                if wait == nil {
                    limiter.record(at: time)
                    lastSaid = time
                }
            }
        }
    }

    @Test func theDistanceIsTheLastUpdatesMovedOnAtItsSpeed() throws {
        let last = RouteProgress(time: 10, speed: 14, maneuvers: [.init(id: "m1", distance: 1400), .init(id: "m2", distance: 1900)])
        // At the update's own time it is the announcer's heard distance.
        var announcer = Announcer(configuration: car)
        let announced = try #require(announcer.update(last).first)
        let now = try #require(RepeatPlan.make(from: last, at: 10, configuration: car))
        #expect(now == RepeatPlan(maneuverID: "m1", state: .initial, distance: announced.distance))
        #expect(abs(now.distance - 1396.5) < 1e-9)
        // 10 s later the car has covered 140 m more.
        let later = try #require(RepeatPlan.make(from: last, at: 20, configuration: car))
        #expect(later.maneuverID == "m1" && abs(later.distance - 1256.5) < 1e-9 && later.state == .initial)
        // 80 s later m1 is in its prepare window (275 m × 14 / 12.5 = 308 m).
        let near = try #require(RepeatPlan.make(from: last, at: 90, configuration: car))
        #expect(abs(near.distance - 276.5) < 1e-9 && near.state == .prepare)
        // 96.25 s later, 49 m ahead: inside "turn now" (3.6 s × 14 m/s = 50.4 m; last chance 48.5 m).
        let turn = try #require(RepeatPlan.make(from: last, at: 106.25, configuration: car))
        #expect(abs(turn.distance - 49) < 1e-9 && turn.state == .execute)
        // Once m1 is passed the next one still ahead is said.
        let past = try #require(RepeatPlan.make(from: last, at: 110, configuration: car))
        #expect(past.maneuverID == "m2" && abs(past.distance - (1900 - 14 * 100.25)) < 1e-9)
        // All passed, or none listed: nothing to repeat.
        #expect(RepeatPlan.make(from: last, at: 200, configuration: car) == nil)
        #expect(RepeatPlan.make(from: RouteProgress(time: 0, speed: 10, maneuvers: []), at: 1, configuration: car) == nil)
    }

    @Test func messyTimesAndSpeedsMoveNothingBack() throws {
        let last = RouteProgress(time: 50, speed: 20, maneuvers: [.init(id: "m1", distance: 600)])
        // A clock before the update (started again) or not finite: the update's own time.
        for time in [10.0, .nan, -.infinity] {
            let plan = try #require(RepeatPlan.make(from: last, at: time, configuration: car))
            #expect(abs(plan.distance - 595) < 1e-9, "\(time)")
        }
        // A stopped, negative or non-finite speed: the distance does not move.
        for speed in [0.0, -3, .nan, .infinity] {
            let stopped = RouteProgress(time: 0, speed: speed, maneuvers: [.init(id: "m1", distance: 10), .init(id: "m2", distance: .nan)])
            let plan = try #require(RepeatPlan.make(from: stopped, at: 60, configuration: car))
            #expect(plan == RepeatPlan(maneuverID: "m1", state: .execute, distance: 10), "\(speed)")
        }
        let stopped = RouteProgress(time: 0, speed: 0, maneuvers: [.init(id: "m1", distance: .nan), .init(id: "m2", distance: 200)])
        #expect(RepeatPlan.make(from: stopped, at: 5, configuration: car) == RepeatPlan(maneuverID: "m2", state: .prepare, distance: 200))
    }

    /// Random updates and repeat times: the maneuver is the first still ahead, the distance is its
    /// own moved on and positive, never more than the last update said, and the state is the one
    /// whose window holds it.
    @Test func thePlanIsAlwaysTheFirstManeuverAheadInItsOwnWindow() async {
        let distances = Gen.double(in: -100...6000).array(of: 0...5)
        await propertyCheck(count: 400, input: distances, Gen.double(in: 0...45), Gen.double(in: -20...200)) { distances, speed, elapsed in
            let last = RouteProgress(
                time: 100, speed: speed,
                maneuvers: distances.enumerated().map { .init(id: "m\($0.offset)", distance: $0.element) })
            let plan = RepeatPlan.make(from: last, at: 100 + elapsed, configuration: car)
            let travelled = speed * (max(0, elapsed) + car.outputLatency)
            let ahead = distances.enumerated().first { $0.element - travelled > 0 }
            #expect(plan?.maneuverID == ahead.map { "m\($0.offset)" })
            guard let plan, let ahead else { return }
            #expect(abs(plan.distance - (ahead.element - travelled)) < 1e-6 && plan.distance > 0 && plan.distance <= ahead.element)
            let thresholds = AnnouncerThresholds(
                profile: .car, speed: speed, updateInterval: car.assumedUpdateInterval, outputLatency: car.outputLatency)
            let expected: ManeuverState =
                plan.distance <= thresholds.start(of: .execute) ? .execute : plan.distance <= thresholds.start(of: .prepare) ? .prepare : .initial
            #expect(plan.state == expected)
        }
    }
}
