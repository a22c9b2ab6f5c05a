import Testing

@testable import Guidance

/// The road's speed limit at a maneuver (`guidance.update`'s `speedLimit`): the speed the car will
/// have there is the most it can reach at the planned acceleration, up to that limit, where the
/// guidance engine's time says less (`RouteProgress.UpcomingManeuver.reachedSpeed`). Pure tests.
@Suite struct AnnouncerSpeedLimitTests {
    typealias Upcoming = RouteProgress.UpcomingManeuver

    @Test func theLimitIsReachedWhereTheCarCanSpeedUpToIt() {
        let (ramp, motorway) = (50 / 3.6, 120 / 3.6)
        // 340 m before a fork, the car at 50 km/h, the engine's time at a mean speed of 72 km/h.
        let fork = Upcoming(id: "fork", distance: 340, timeRemaining: 340 / 20)
        let fromTime = fork.reachedSpeed(vehicle: ramp, acceleration: 2)
        #expect(fromTime < 80 / 3.6, "\(fromTime * 3.6) km/h from the time alone")
        var limited = fork
        limited.speedLimit = motorway
        #expect(limited.reachedSpeed(vehicle: ramp, acceleration: 2) == motorway)
        // Too close to reach it: the most it reaches speeding up all the way.
        limited.distance = 50
        limited.timeRemaining = 50 / 15
        let reachable = (ramp * ramp + 2 * 2 * 50).squareRoot()
        #expect(abs(limited.reachedSpeed(vehicle: ramp, acceleration: 2) - reachable) < 1e-9)
        // Nothing more without an acceleration, a distance or a usable limit.
        #expect(Upcoming(id: "a", distance: 340, speedLimit: motorway).reachedSpeed(vehicle: ramp, acceleration: 0) == ramp)
        #expect(Upcoming(id: "a", distance: 0, speedLimit: motorway).reachedSpeed(vehicle: ramp, acceleration: 2) == ramp)
        #expect(Upcoming(id: "a", distance: 340, speedLimit: .infinity).reachedSpeed(vehicle: ramp, acceleration: 2) == ramp)
        #expect(Upcoming(id: "a", distance: 340, speedLimit: 1000).reachedSpeed(vehicle: ramp, acceleration: 2) == reachableOver(340, from: ramp))
    }

    private func reachableOver(_ distance: Double, from speed: Double) -> Double { (speed * speed + 4 * distance).squareRoot() }

    @Test func aLimitBelowWhatTheTimeOrTheSpeedSaysChangesNothing() {
        for (speed, time, limit) in [(10.0, 15.0, 10.0), (10, 15, 18), (10, nil, 5), (25, 12, 13.9), (0, 30, 8), (14, 300 / 14, 13.9)] {
            let without = Upcoming(id: "a", distance: 300, timeRemaining: time)
            var with = without
            with.speedLimit = limit
            #expect(
                with.reachedSpeed(vehicle: speed, acceleration: 2) == without.reachedSpeed(vehicle: speed, acceleration: 2),
                "\(speed) m/s, \(time.map(String.init(describing:)) ?? "no time"), limit \(limit)")
        }
    }

    /// The on-ramp fork of ANNOUNCER.md's known limit: the car at `ramp` km/h up the on-ramp (400 m
    /// before the fork) until `start` meters before the fork, then up to `top` km/h at 2 m/s² (the
    /// profile's planned acceleration), within 20–60 m of the fork; the guidance engine's time to the
    /// fork at the mean speed of the road from the on-ramp to it (its step's duration); the road's
    /// limit `top` km/h given or not. Where the final instruction starts, at the car's real speeds.
    static func onRampFork(ramp: Double, top: Double, start: Double, limit: Bool) -> (meters: Double, seconds: Double)? {
        let (slow, fast) = (ramp / 3.6, top / 3.6)
        let fork = 2000.0
        let onRamp = fork - 400
        let drive = OnRampDrive(slow: slow, fast: fast, start: fork - start)
        // The engine's time: the road's mean speed from the on-ramp to the fork (before the on-ramp,
        // the ramp's speed to it).
        let roadSpeed = (fork - onRamp) / (drive.time(at: fork) - drive.time(at: onRamp))
        func engineTime(to target: Double, from position: Double) -> Double {
            let onRoad = max(0, target - max(position, onRamp))
            let before = max(0, min(target, onRamp) - position)
            return before / slow + onRoad / roadSpeed
        }
        var announcer = Announcer(configuration: AnnouncerConfiguration(), estimateDuration: simulatedDuration)
        var ends: Double?
        for tick in 0..<Int(drive.time(at: fork)) {
            let now = Double(tick)
            if let end = ends, now >= end {
                announcer.promptDidFinish(at: end)
                ends = nil
            }
            let (position, speed) = drive.state(at: now)
            let ahead = [("ramp", onRamp, slow), ("fork", fork, fast)].filter { $0.1 > position }.map {
                Upcoming(
                    id: $0.0, distance: $0.1 - position, timeRemaining: engineTime(to: $0.1, from: position), speedLimit: limit ? $0.2 : nil)
            }
            for said in announcer.update(RouteProgress(time: now, speed: speed, maneuvers: ahead), interval: 1) {
                ends = said.expectedStart + said.estimatedDuration
                if said.state == .execute, said.maneuverID == "fork" {
                    return (fork - drive.state(at: said.expectedStart).position, drive.time(at: fork) - said.expectedStart)
                }
            }
        }
        return nil
    }

    /// Without the limit, the car judged under 80 km/h where the fork's prepare prompt is planned,
    /// the final instruction starts under 12 s before it in some of these drives (9.5 s at 50 km/h
    /// until 250 m before); with the road's 120 km/h given, every one starts at least 300 m and
    /// 12 s before it.
    @Test func aForkAfterAnOnRampIsAnnouncedInTimeWithTheRoadsLimit() throws {
        var late: [String] = []
        var earliest = (meters: Double.infinity, seconds: Double.infinity)
        for ramp in [45.0, 50, 55] {
            for top in [110.0, 120, 130] {
                for start in stride(from: 250.0, through: 290, by: 10) {
                    let what = "\(ramp) → \(top) km/h from \(start) m before the fork"
                    let without = try #require(Self.onRampFork(ramp: ramp, top: top, start: start, limit: false), "\(what): no final instruction")
                    if without.seconds < 12 { late.append("\(what): \(without)") }
                    let with = try #require(Self.onRampFork(ramp: ramp, top: top, start: start, limit: true), "\(what): no final instruction")
                    #expect(with.meters >= 300 - 1e-6 && with.seconds >= 12 - 1e-6, "\(what), the limit given: starts \(with)")
                    earliest = (min(earliest.meters, with.meters), min(earliest.seconds, with.seconds))
                }
            }
        }
        // What the limit is for: from the time alone, the car is judged too slow for the rule.
        #expect(!late.isEmpty, "without the limit every final instruction started 12 s before its fork")
        print("Without the road's limit, \(late.count) of 45 forks' final instructions started under 12 s before them:\n" + late.joined(separator: "\n"))
        print("With it, every one started at least \(earliest.meters) m and \(earliest.seconds) s before its fork")
    }

    /// A town turn: a limit at or under the speed the time implies, or one the car can reach before
    /// the turn in town, moves no window: every announcement is the same as without it.
    @Test func aTownLimitMovesNoWindow() {
        let town = 50 / 3.6
        func approach(speed: Double, time: ((Double) -> Double)?, limit: Double?) -> [Announcement] {
            var announcer = Announcer(configuration: AnnouncerConfiguration(), estimateDuration: simulatedDuration)
            var said: [Announcement] = []
            var distance = 800.0
            var now = 0.0
            while distance > 0 {
                let head = Upcoming(id: "turn", distance: distance, timeRemaining: time?(distance), speedLimit: limit)
                said += announcer.update(RouteProgress(time: now, speed: speed, maneuvers: [head]), interval: 1)
                now += 1
                distance -= max(speed, 1)
            }
            return said
        }
        for speed in [4.0, 8, 11, 13.9, 16] {
            for time in [nil, { $0 / town }, { $0 / (speed * 1.5 + 1) }] as [((Double) -> Double)?] {
                let without = approach(speed: speed, time: time, limit: nil)
                #expect(!without.isEmpty)
                for limit in [town, 30 / 3.6, 70 / 3.6] {
                    #expect(approach(speed: speed, time: time, limit: limit) == without, "\(speed) m/s, limit \(limit * 3.6) km/h")
                }
            }
        }
    }
}
