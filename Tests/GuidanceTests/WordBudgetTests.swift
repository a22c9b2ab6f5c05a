import Testing

@testable import Guidance

/// A final instruction with no room left to start earlier sheds detail to end the reaction time
/// before its maneuver (`Announcement.wordBudget`); one with room keeps its words.
@Suite struct WordBudgetTests {
    /// Words that speak `seconds`, whatever the announcement.
    private func announcer(words seconds: Double) -> Announcer {
        var announcer = Announcer()
        announcer.wordsDuration = { _ in seconds }
        return announcer
    }

    private func update(_ time: Double, speed: Double, _ id: String, _ distance: Double) -> RouteProgress {
        RouteProgress(time: time, speed: speed, maneuvers: [.init(id: id, distance: distance)])
    }

    @Test func aTurnJustAheadGetsTheTimeLeftBeforeTheReactionTime() throws {
        // Guidance starts 50 m before a turn at 36 km/h: 5 s to go, heard 0.25 s later.
        var announcer = announcer(words: 2.5)
        let said = announcer.update(update(0, speed: 10, "m1", 50))
        let final = try #require(said.first { $0.state == .execute }, "\(said)")
        let budget = try #require(final.wordBudget)
        #expect(abs(budget - (4.75 - 3)) < 1e-9, "\(budget)")
    }

    @Test func aTurnWithNoRoomAtAllGetsNone() throws {
        var announcer = announcer(words: 2.5)
        // 2.55 s to go when heard: above the minimum lead time (2 s), below the reaction time.
        let said = announcer.update(update(0, speed: 10, "m1", 28))
        let final = try #require(said.first { $0.state == .execute }, "\(said)")
        #expect(final.wordBudget == 0)
    }

    @Test func aFinalInstructionWithRoomKeepsItsWords() {
        // Approached from afar at 50 km/h: its window opens when its words and the reaction time fit.
        for words in [1.0, 2.5, 4.5] {
            var announcer = announcer(words: words)
            var finals: [Announcement] = []
            for t in 0..<120 {
                finals += announcer.update(update(Double(t), speed: 13.9, "m1", 1500 - 13.9 * Double(t))).filter { $0.state == .execute }
            }
            #expect(finals.count == 1 && finals.allSatisfy { $0.wordBudget == nil }, "\(words) s: \(finals)")
        }
    }

    @Test func aDepartureHasNoBudget() {
        var announcer = announcer(words: 2.5)
        let said = announcer.update(
            RouteProgress(time: 0, speed: 0, maneuvers: [.init(id: "start", distance: 0, isDeparture: true), .init(id: "m1", distance: 2000)]))
        #expect(said.map(\.maneuverID) == ["start"] && said.allSatisfy { $0.wordBudget == nil }, "\(said)")
    }
}
