import Foundation
import Testing

@testable import Guidance

// Test support: deterministic drive simulations feeding an Announcer, plus a check that they are
// deterministic for a seed.

/// SplitMix64: tiny, seedable, the same sequence on every platform.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func double(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { double(in: 0...1) < p }
}

/// A prompt as the simulation saw it: the announcement plus the ground truth at that moment.
struct HeardPrompt: Equatable {
    var announcement: Announcement
    /// True meters to the announced maneuver when the update was sent.
    var trueDistance: Double
    /// Speed sent with the update.
    var speed: Double
}

/// A route and a speed profile, replayed at fixed ticks.
struct DriveScenario {
    /// Meters from the start, increasing.
    var positions: [Double]
    /// Target speeds (m/s) held for a duration each, cycled.
    var speedSegments: [(duration: Double, speed: Double)]
    var tick: Double
    var profile: VehicleProfile = .car
    /// Messy input: GPS noise on distances (± m), repeated updates, reroutes renaming the ids ahead.
    var jitter = 0.0
    var duplicateRate = 0.0
    var rerouteTimes: [Double] = []
    var seed: UInt64 = 0
    /// The route's start is listed (id `departureID`, at ≤ 0) until the first maneuver is passed.
    var departure = false
    /// Indices of the maneuvers that are motorway exits or interchanges (`isExitOrInterchange`).
    var exits: Set<Int> = []

    static let departureID = "g0-start"

    /// A random route (`random(seed:)`) driven at one steady speed throughout.
    static func random(seed: UInt64, steadyAt kilometersPerHour: Double) -> DriveScenario {
        var scenario = random(seed: seed)
        scenario.speedSegments = [(duration: 1_000_000, speed: kilometersPerHour / 3.6)]
        return scenario
    }

    /// Spacings log-uniform in 20 m – 20 km, speeds 5–130 km/h; `messy` adds stops, jitter,
    /// duplicates and reroutes.
    static func random(seed: UInt64, messy: Bool = false) -> DriveScenario {
        var rng = SeededGenerator(seed: seed)
        let count = Int.random(in: 3...7, using: &rng)
        var position = 0.0
        var positions: [Double] = []
        for _ in 0..<count {
            position += exp(rng.double(in: log(20)...log(20_000)))
            positions.append(position)
        }
        var segments: [(Double, Double)] = []
        for _ in 0..<12 {
            let stop = messy && rng.chance(0.15)
            segments.append((rng.double(in: 10...120), stop ? 0 : rng.double(in: 5...130) / 3.6))
        }
        let profiles: [VehicleProfile] = [.car, .car, .bicycle, .pedestrian]
        var scenario = DriveScenario(
            positions: positions, speedSegments: segments, tick: rng.chance(0.5) ? 0.5 : 1,
            profile: profiles[Int.random(in: 0..<profiles.count, using: &rng)], seed: seed)
        if messy {
            scenario.jitter = rng.double(in: 0...3)
            scenario.duplicateRate = 0.1
            scenario.rerouteTimes = (0..<2).map { _ in rng.double(in: 0...1500) }
        }
        scenario.exits = Set(positions.indices.filter { _ in rng.chance(0.3) })
        return scenario
    }

    func targetSpeed(at time: Double) -> Double {
        let cycle = speedSegments.reduce(0) { $0 + $1.duration }
        var t = time.truncatingRemainder(dividingBy: cycle)
        for segment in speedSegments {
            if t < segment.duration { return segment.speed }
            t -= segment.duration
        }
        return speedSegments[0].speed
    }
}

/// What a simulated drive produced.
struct DriveLog {
    var prompts: [HeardPrompt] = []
    /// Per id: the time it was first reported passed (≤ 0) or dropped by a reroute.
    var retiredAt: [String: Double] = [:]
    /// Every update sent, for replaying a failing seed.
    var updates: [RouteProgress] = []
}

/// Replays `scenario` into a fresh announcer: the next 3 maneuvers are sent each tick, the speed
/// moves towards the segment's target, up at the profile's planned acceleration, down at 3 m/s².
/// Deterministic for a seed. `wordsDuration`: how long the prompts' words speak, as the engine's
/// guidance session tells the announcer (`Announcer.wordsDuration`); nil: words are not known.
func simulate(
    _ scenario: DriveScenario, configuration: AnnouncerConfiguration, wordsDuration: Announcer.DurationEstimator? = nil
) -> DriveLog {
    var announcer = Announcer(configuration: configuration, estimateDuration: simulatedDuration)
    announcer.wordsDuration = wordsDuration
    var rng = SeededGenerator(seed: scenario.seed ^ 0xA5A5)
    var log = DriveLog()
    var generation = 0
    func id(_ index: Int) -> String { "g\(generation)-m\(index)" }
    var pendingReroutes = scenario.rerouteTimes.sorted()
    var time = 0.0
    var position = 0.0
    var speed = scenario.targetSpeed(at: 0)
    let end = (scenario.positions.last ?? 0) + 30
    var steps = 0
    while position < end, steps < 60_000 {
        steps += 1
        if let reroute = pendingReroutes.first, time >= reroute {
            pendingReroutes.removeFirst()
            for index in scenario.positions.indices where scenario.positions[index] > position {
                log.retiredAt[id(index)] = log.retiredAt[id(index)] ?? time
            }
            generation += 1
        }
        var upcoming: [RouteProgress.UpcomingManeuver] = []
        if scenario.departure, generation == 0, position < (scenario.positions.first ?? 0) {
            upcoming.append(.init(id: DriveScenario.departureID, distance: -position, isDeparture: true))
        }
        for (index, maneuver) in scenario.positions.enumerated() where maneuver - position > -20 {
            let noise = scenario.jitter > 0 ? rng.double(in: -scenario.jitter...scenario.jitter) : 0
            let reported = maneuver - position + noise
            if reported <= 0 { log.retiredAt[id(index)] = log.retiredAt[id(index)] ?? time }
            upcoming.append(.init(id: id(index), distance: reported, isExitOrInterchange: scenario.exits.contains(index)))
            if upcoming.count == 3 { break }
        }
        let update = RouteProgress(time: time, speed: speed, maneuvers: upcoming)
        log.updates.append(update)
        let repeats = rng.chance(scenario.duplicateRate) ? 2 : 1
        for _ in 0..<repeats {
            for announcement in announcer.update(update) {
                let trueDistance: Double
                if announcement.maneuverID == DriveScenario.departureID {
                    trueDistance = -position
                } else {
                    let index = scenario.positions.indices.first { id($0) == announcement.maneuverID }!
                    trueDistance = scenario.positions[index] - position
                }
                log.prompts.append(HeardPrompt(announcement: announcement, trueDistance: trueDistance, speed: speed))
            }
        }
        let target = scenario.targetSpeed(at: time)
        let gain = scenario.profile.plannedAcceleration * scenario.tick
        speed = target > speed ? min(target, speed + gain) : max(target, speed - 3 * scenario.tick)
        position += speed * scenario.tick
        time += scenario.tick
    }
    return log
}

/// A stand-in for the phrase composer's estimate: varies with the maneuver and the chaining.
@Sendable func simulatedDuration(_ announcement: Announcement) -> Double {
    let wobble = Double(announcement.maneuverID.unicodeScalars.reduce(0) { $0 + Int($1.value) } % 5) * 0.3
    return announcement.estimatedDuration + wobble
}

@Suite struct AnnouncerDriveSimulationTests {
    @Test func sameSeedGivesTheSameDrive() {
        let first = simulate(.random(seed: 42, messy: true), configuration: .init())
        let second = simulate(.random(seed: 42, messy: true), configuration: .init())
        #expect(first.prompts == second.prompts)
        #expect(!first.prompts.isEmpty)
        let other = simulate(.random(seed: 43, messy: true), configuration: .init())
        #expect(other.prompts != first.prompts)
    }
}
