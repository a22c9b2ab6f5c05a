import Foundation
import Testing

@testable import Guidance

/// The departure prompt, step by step (the properties over random drives are in
/// `DepartureContinuePropertyTests`).
@Suite struct DepartureTests {
    private func update(_ time: Double, speed: Double, _ maneuvers: [RouteProgress.UpcomingManeuver]) -> RouteProgress {
        RouteProgress(time: time, speed: speed, maneuvers: maneuvers)
    }

    @Test func aStartAtTheVehicleIsSaidOnceFirstWithACloseFirstTurnChained() {
        var announcer = Announcer()
        let first = announcer.update(
            update(0, speed: 0, [.init(id: "start", distance: 0, isDeparture: true), .init(id: "m1", distance: 150)]))
        #expect(first.map(\.maneuverID) == ["start"])
        #expect(first.first?.state == .execute)
        #expect(first.first?.chainedManeuverID == "m1")
        // Never again, though the start stays listed (passed) while the vehicle sets off.
        for t in 1...20 {
            let said = announcer.update(
                update(Double(t), speed: 3, [.init(id: "start", distance: -3 * Double(t), isDeparture: true), .init(id: "m1", distance: 150 - 3 * Double(t))]))
            #expect(!said.contains { $0.maneuverID == "start" })
        }
    }

    @Test func aFarFirstManeuverIsNotChained() {
        var announcer = Announcer()
        let said = announcer.update(
            update(0, speed: 0, [.init(id: "start", distance: 0, isDeparture: true), .init(id: "m1", distance: 2500)]))
        #expect(said.map(\.maneuverID) == ["start"] && said.first?.chainedManeuverID == nil)
    }

    @Test func withoutTheFlagAStartAtZeroIsPassedAsBefore() {
        var announcer = Announcer()
        let said = announcer.update(update(0, speed: 0, [.init(id: "start", distance: 0), .init(id: "m1", distance: 2500)]))
        #expect(!said.contains { $0.maneuverID == "start" })
    }

    @Test func aDepartureWithNoRoomBeforeTheFirstTurnNowIsDroppedNotSaidLate() {
        var announcer = Announcer()
        // 60 km/h and the first turn 40 m ahead: "turn now" is due at once, and said on the same
        // update (waiting for the next one would cost a second of the 2.4 s there are).
        let said = announcer.update(
            update(0, speed: 16.7, [.init(id: "start", distance: -5, isDeparture: true), .init(id: "m1", distance: 40)]))
        #expect(said.map(\.maneuverID) == ["m1"] && said.first?.state == .execute, "\(said)")
        let later = announcer.update(update(1, speed: 16.7, [.init(id: "start", distance: -22, isDeparture: true), .init(id: "m1", distance: 23)]))
        #expect(later.isEmpty, "\(later)")
    }

    @Test func aDepartureWithoutRoomForTheTurnsOwnPromptSaysTheTurnInItsPlace() throws {
        var announcer = Announcer()
        // From rest, the first turn 45 m ahead: the departure and then "turn now" do not both fit, but
        // "head out, then turn right" ends the reaction time (3 s) before the turn, even speeding up at 2 m/s².
        let said = announcer.update(update(0, speed: 0, [.init(id: "start", distance: 0, isDeparture: true), .init(id: "m1", distance: 45)]))
        let departure = try #require(said.first { $0.maneuverID == "start" }, "\(said)")
        #expect(departure.chainedManeuverID == "m1" && departure.state == .execute)
        // The turn is not said again on the way to it.
        var again: [Announcement] = []
        for t in 1...8 {
            let distance = 45 - Double(t * t)
            again += announcer.update(update(Double(t), speed: 2 * Double(t), [.init(id: "m1", distance: distance)]))
        }
        #expect(!again.contains { $0.maneuverID == "m1" }, "\(again)")
    }

    /// The first report of a route moving off at 40 km/h, its first turn 150 m ahead, its departure's
    /// words 5 s: the announcer and what it said.
    private func closeFirstTurn() -> (announcer: Announcer, said: [Announcement], speed: Double) {
        var announcer = Announcer()
        announcer.wordsDuration = { $0.maneuverID == "start" ? 5 : $0.estimatedDuration }
        let speed = 40 / 3.6
        let said = announcer.update(
            update(0, speed: speed, [.init(id: "start", distance: 0, isDeparture: true), .init(id: "m1", distance: 150)]))
        return (announcer, said, speed)
    }

    /// A route whose first report comes with the vehicle already moving (40 km/h), its first turn
    /// 150 m ahead, its departure chaining it 5 s long ("Head west on McAllister Street, then turn
    /// right onto Van Ness Avenue"): the departure says the turn in its place. It was dropped, the
    /// route starting with no departure at all, because it planned the vehicle to speed up at 2 m/s²
    /// for the whole 8 s of its words and the reaction time, to 67 km/h, where every other prompt
    /// towards a final instruction plans a quarter of its speed at most.
    @Test func aDepartureMovingOffSaysTheCloseFirstTurnInsteadOfBeingDropped() throws {
        var (announcer, said, speed) = closeFirstTurn()
        let departure = try #require(said.first { $0.maneuverID == "start" }, "\(said)")
        #expect(departure.chainedManeuverID == "m1" && said.count == 1)
        // It ends the reaction time before the turn, at a quarter more speed.
        #expect(150 - speed * 1.25 * (announcer.configuration.outputLatency + 5 + 3) >= 0)
        var again: [Announcement] = []
        for t in 1...13 {
            again += announcer.update(update(Double(t), speed: speed, [.init(id: "m1", distance: 150 - speed * Double(t))]))
        }
        #expect(!again.contains { $0.maneuverID == "m1" }, "\(again)")
    }

    /// A departure 250 m before its first turn, at 40 km/h, its words 4 s: it is given all the time
    /// it has as its word budget, so that what its words may add (the arrival, `arrivalOnDeparture`:
    /// 14 s in all here) is said only where it leaves the turn its final instruction. Spoken to its
    /// budget, each prompt waiting for the one before it as the engine's queue does, the turn's
    /// final instruction ends at least the reaction time before the turn.
    @Test func aDepartureIsGivenTheTimeItHasAsItsWordBudget() throws {
        var announcer = Announcer()
        announcer.wordsDuration = { $0.maneuverID == "start" ? 4 : $0.estimatedDuration }
        let speed = 40 / 3.6
        var said: [(announcement: Announcement, start: Double, end: Double)] = []
        var ends: Double?
        for t in 0...30 {
            let time = Double(t)
            if let end = ends, time >= end {
                announcer.promptDidFinish(at: end)
                ends = nil
            }
            var route: [RouteProgress.UpcomingManeuver] = [.init(id: "m1", distance: 250 - speed * time)]
            if t < 3 { route.insert(.init(id: "start", distance: -speed * time, isDeparture: true), at: 0) }
            guard route.last!.distance > 0 else { break }
            for announcement in announcer.update(update(time, speed: speed, route)) {
                // The engine's words: the departure with its arrival speaks 14 s, fitted to its budget.
                let words = announcement.maneuverID == "start" ? 14 : announcement.estimatedDuration
                let start = max(announcement.expectedStart, said.last?.end ?? 0)
                said.append((announcement, start, start + min(words, announcement.wordBudget ?? .infinity)))
                ends = said.last?.end
            }
        }
        let departure = try #require(said.first { $0.announcement.maneuverID == "start" }?.announcement, "\(said)")
        let budget = try #require(departure.wordBudget, "\(departure)")
        #expect(budget >= 4 && budget < 14, "\(budget)")
        let final = try #require(said.first { $0.announcement.maneuverID == "m1" && $0.announcement.state == .execute }, "\(said)")
        let left = 250 / speed - final.end
        #expect(left >= announcer.configuration.profile.reactionTime, "the turn's final instruction ends \(left) s before it")
    }

    /// The close first turn of `aDepartureMovingOffSaysTheCloseFirstTurnInsteadOfBeingDropped`, its
    /// departure's words 5 s (the arrival is not counted: `GuidanceSession.spokenDuration`): said in
    /// place of the turn's "turn now", it is given the time to the turn less the reaction time as its
    /// word budget, at a quarter more speed.
    @Test func aDepartureSayingTheFirstTurnIsGivenTheTimeToItAsItsWordBudget() throws {
        let (announcer, said, speed) = closeFirstTurn()
        let departure = try #require(said.first { $0.maneuverID == "start" }, "\(said)")
        #expect(departure.chainedManeuverID == "m1")
        let budget = try #require(departure.wordBudget)
        let reaction = announcer.configuration.profile.reactionTime
        #expect(budget >= 7 && 150 - speed * 1.25 * (budget + reaction) >= 0, "\(budget)")
    }

    /// Moving off at 40 km/h, the first turn 190 m ahead, just past the chaining window (187 m):
    /// once the departure has played the turn would have no room for its own prepare prompt, so the
    /// departure chains it, as any final instruction chains such a maneuver, and the turn is first
    /// heard 17 s before it, not in its own "turn now" 7–9 s before. It chained only within the
    /// window. A turn 600 m ahead is not chained.
    @Test func aDepartureChainsAFirstTurnThatWouldHaveNoRoomForItsOwnPrepare() {
        let speed = 40 / 3.6
        var announcer = Announcer()
        let close = announcer.update(update(0, speed: speed, [.init(id: "start", distance: 0, isDeparture: true), .init(id: "m1", distance: 190)]))
        #expect(close.first?.maneuverID == "start" && close.first?.chainedManeuverID == "m1", "\(close)")
        var far = Announcer()
        let said = far.update(update(0, speed: speed, [.init(id: "start", distance: 0, isDeparture: true), .init(id: "m1", distance: 600)]))
        #expect(said.first?.maneuverID == "start" && said.first?.chainedManeuverID == nil, "\(said)")
    }

    @Test func theDepartureWaitsForTheRecalculatingPrompt() {
        var announcer = Announcer()
        announcer.restart(at: 0, busyFor: 2)
        #expect(announcer.update(update(0, speed: 0, [.init(id: "s", distance: 0, isDeparture: true), .init(id: "m1", distance: 3000)])).isEmpty)
        let said = announcer.update(update(6, speed: 0, [.init(id: "s", distance: 0, isDeparture: true), .init(id: "m1", distance: 3000)]))
        #expect(said.map(\.maneuverID) == ["s"])
    }

    @Test func isDepartureDecodesAsFalseWhenAbsent() throws {
        let decoded = try JSONDecoder().decode(RouteProgress.UpcomingManeuver.self, from: Data(#"{"id": "m1", "distance": 5}"#.utf8))
        #expect(!decoded.isDeparture)
    }
}
