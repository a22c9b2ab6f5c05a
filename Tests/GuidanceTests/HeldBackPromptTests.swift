import PropertyBased
import Testing

@testable import Guidance

/// A prompt held back by a call or the assistant: only the latest is owed, and when the moment
/// passes exactly one prompt says the maneuver still ahead as it is then; none for one passed.
@Suite struct HeldBackPromptTests {
    private let car = AnnouncerConfiguration(profile: .car)
    /// Two turns, 1400 m and 1900 m ahead at 14 m/s, at t = 10.
    private let last = RouteProgress(time: 10, speed: 14, maneuvers: [.init(id: "m1", distance: 1400), .init(id: "m2", distance: 1900)])

    @Test func nothingHeldBackSaysNothing() {
        var memory = HeldBackPrompt()
        #expect(memory.held == nil)
        #expect(memory.release(last: last, at: 20, configuration: car) == nil)
    }

    @Test func onlyTheLatestIsRememberedAndHeardOrForgottenClearsIt() {
        var memory = HeldBackPrompt()
        memory.holdBack(maneuverID: "m1", at: 12)
        memory.holdBack(maneuverID: "m2", at: 15)
        #expect(memory.held == .init(maneuverID: "m2", time: 15))
        memory.heard()
        #expect(memory.held == nil && memory.release(last: last, at: 20, configuration: car) == nil)
        memory.holdBack(maneuverID: nil, at: 16)
        memory.forget()
        #expect(memory.held == nil && memory.release(last: last, at: 20, configuration: car) == nil)
    }

    /// Held back for m1; the call ends 80 s later, m1 is in its prepare window: m1's prepare, at the distance then.
    @Test func theReleaseSaysTheManeuverAheadAsItIsNowOnce() throws {
        var memory = HeldBackPrompt()
        memory.holdBack(maneuverID: "m1", at: 11)
        let released = memory.release(last: last, at: 90, configuration: car)
        let plan = try #require(released)
        #expect(plan.maneuverID == "m1" && plan.state == .prepare && abs(plan.distance - 276.5) < 1e-9)
        #expect(plan == RepeatPlan.make(from: last, at: 90, configuration: car))
        // Released once: a second end of the same moment says nothing.
        #expect(memory.held == nil && memory.release(last: last, at: 91, configuration: car) == nil)
    }

    /// Held back for m1, and m1 passed during the call: the prompt is for m2, never m1.
    @Test func aManeuverPassedDuringTheBlockerIsNeverSaid() throws {
        var memory = HeldBackPrompt()
        memory.holdBack(maneuverID: "m1", at: 100)
        let released = memory.release(last: last, at: 110, configuration: car)
        let plan = try #require(released)
        #expect(plan.maneuverID == "m2" && abs(plan.distance - (1900 - 14 * 100.25)) < 1e-9 && plan.state == .initial)
        // Everything passed, or no update yet: nothing, and nothing is owed after.
        memory.holdBack(maneuverID: "m2", at: 150)
        #expect(memory.release(last: last, at: 200, configuration: car) == nil && memory.held == nil)
        memory.holdBack(maneuverID: "m2", at: 150)
        #expect(memory.release(last: nil, at: 200, configuration: car) == nil && memory.held == nil)
    }

    /// A prepare whose words would still play when the maneuver's "turn now" can last be said with
    /// its lead time is not said: the announcer says "turn now" in its time instead. Short words are.
    @Test func anEarlyPromptThatWouldCostTheExecuteIsGivenUp() {
        // At t = 90, m1 is 276.5 m ahead at 14 m/s (its prepare window, as above).
        var memory = HeldBackPrompt()
        memory.holdBack(maneuverID: "m1", at: 11)
        let short = memory.release(last: last, at: 90, configuration: car, speaking: { _ in 3 })
        #expect(short?.state == .prepare)
        // 3 s + the 3 s gap, speeding up at 2 m/s² from 14 m/s: 120 m covered, 156 m left, more than
        // 2 s at 26 m/s. 9 s + 3 s: 312 m; the turn would be passed before the gap ends.
        memory.holdBack(maneuverID: "m1", at: 11)
        #expect(memory.release(last: last, at: 90, configuration: car, speaking: { _ in 9 }) == nil)
        #expect(memory.held == nil, "given up, not owed any more")
        // "Turn now" itself is always said, whatever its length.
        memory.holdBack(maneuverID: "m1", at: 11)
        #expect(memory.release(last: last, at: 106.25, configuration: car, speaking: { _ in 20 })?.state == .execute)
    }

    /// Brief guidance: "turn now" always, the prepare prompt only on a fast road, never the initial one.
    @Test func theVerbosityStillDecidesTheState() throws {
        let brief = AnnouncerConfiguration(profile: .car, verbosity: .brief)
        var memory = HeldBackPrompt()
        memory.holdBack(maneuverID: "m1", at: 11)
        #expect(memory.release(last: last, at: 20, configuration: brief) == nil, "initial is not said briefly")
        memory.holdBack(maneuverID: "m1", at: 11)
        #expect(memory.release(last: last, at: 90, configuration: brief) == nil, "prepare at 14 m/s is not a fast road")
        memory.holdBack(maneuverID: "m1", at: 11)
        #expect(memory.release(last: last, at: 106.25, configuration: brief)?.state == .execute)
        let motorway = RouteProgress(time: 0, speed: 30, maneuvers: [.init(id: "exit", distance: 500)])
        memory.holdBack(maneuverID: "exit", at: 1)
        #expect(memory.release(last: motorway, at: 2, configuration: brief)?.state == .prepare)
        for state in ManeuverState.allCases {
            #expect(Verbosity.normal.says(state, speed: 1, profile: .car) && Verbosity.detailed.says(state, speed: 1, profile: .car))
        }
    }

    /// The prompt said afresh closes its state for the announcer: it is not said a second time, the
    /// later states still are, and the next prompt keeps its gap after it.
    @Test func theAnnouncerDoesNotSayTheSameStateAgain() {
        var announcer = Announcer(configuration: car)
        // 14 m/s, the turn 2000 m ahead: beyond its initial window (1437 m × 14 / 12.5 = 1610 m).
        var said: [ManeuverState] = []
        said += announcer.update(RouteProgress(time: 0, speed: 14, maneuvers: [.init(id: "m1", distance: 2000)])).map(\.state)
        #expect(said.isEmpty)
        announcer.said(.initial, of: "m1", at: 1, for: 3)
        #expect(announcer.state(of: "m1") == .initial && announcer.busyUntil == 1 + car.outputLatency + 3)
        for t in 2...150 {
            said += announcer.update(RouteProgress(time: Double(t), speed: 14, maneuvers: [.init(id: "m1", distance: 2000 - 14 * Double(t))]))
                .map(\.state)
        }
        #expect(said == [.prepare, .execute], "initial was said already")
        // A maneuver already passed is not reopened; a lower state never lowers what was said.
        announcer.said(.initial, of: "m1", at: 151, for: 3)
        #expect(announcer.state(of: "m1") == nil || announcer.state(of: "m1") == .execute)
    }

    /// Random sequences of prompts held back, heard, and blockers ending, on random routes: a
    /// release says something only when the latest guidance prompt was held back, at most once per
    /// hold, and what it says is the first maneuver still ahead, as a repeat would say it then,
    /// never one already passed, in a state the verbosity says.
    @Test func oneReleasePerHoldAndNeverAManeuverPassed() async {
        let steps = Gen.int(in: 0...2).array(of: 1...30)
        let distances = Gen.double(in: 20...4000).array(of: 0...4)
        await propertyCheck(count: 300, input: steps, distances, Gen.double(in: 0...40), Gen.int(in: 0...2)) {
            steps, distances, speed, verbosityIndex in
            let configuration = AnnouncerConfiguration(profile: .car, verbosity: Verbosity.allCases[verbosityIndex])
            let route = RouteProgress(
                time: 0, speed: speed, maneuvers: distances.sorted().enumerated().map { .init(id: "m\($0.offset)", distance: $0.element) })
            var memory = HeldBackPrompt()
            var owed = false
            var time = 0.0
            for step in steps {
                time += 3
                switch step {
                case 0:
                    memory.holdBack(maneuverID: route.maneuvers.first?.id, at: time)
                    owed = true
                case 1:
                    memory.heard()
                    owed = false
                default:
                    let plan = memory.release(last: route, at: time, configuration: configuration)
                    let expected = owed ? RepeatPlan.make(from: route, at: time, configuration: configuration) : nil
                    if let plan {
                        #expect(plan == expected)
                        let travelled = speed * (time + configuration.outputLatency)
                        let original = route.maneuvers.first { $0.id == plan.maneuverID }?.distance ?? 0
                        #expect(original - travelled > 0 && plan.distance > 0, "a maneuver passed was said")
                        #expect(configuration.verbosity.says(plan.state, speed: speed, profile: .car))
                    } else if let expected {
                        #expect(!configuration.verbosity.says(expected.state, speed: speed, profile: .car))
                    }
                    owed = false
                    #expect(memory.held == nil)
                }
            }
        }
    }
}
