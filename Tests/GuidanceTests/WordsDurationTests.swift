import Testing

@testable import Guidance

/// An early prompt's words may speak longer than the announcer's table plans (a long road name, a
/// language's longer phrase). With the words' own length (`Announcer.wordsDuration`) the announcer
/// gives up such a prompt rather than let it cost the maneuver its "turn now".
@Suite struct WordsDurationTests {
    /// One turn 3 km ahead at a constant speed, an update a second; every prompt plays for
    /// `speaking(state)` seconds and its real end is reported (`promptDidFinish`), as the engine does.
    private func drive(speed: Double, speaking: @escaping @Sendable (ManeuverState) -> Double, known: Bool) -> [Announcement] {
        var announcer = Announcer(configuration: AnnouncerConfiguration(profile: .car))
        if known { announcer.wordsDuration = { speaking($0.state) } }
        var said: [Announcement] = []
        for tick in 0...Int(3000 / speed) + 1 {
            let time = Double(tick)
            let distance = 3000 - speed * time
            guard distance > 0 else { break }
            for announcement in announcer.update(RouteProgress(time: time, speed: speed, maneuvers: [.init(id: "T", distance: distance)])) {
                said.append(announcement)
                announcer.promptDidFinish(at: announcement.expectedStart + speaking(announcement.state))
            }
        }
        return said
    }

    /// Speeds from 18 to 130 km/h, early prompts of 1 to 24 s: with the words known, "turn now" is
    /// said in every drive, at least the minimum lead time before the turn; a prompt given up is
    /// an early one, never the execute.
    @Test func theExecuteIsNeverLostToALongEarlyPrompt() {
        var lostWithout = 0
        for speed in stride(from: 5.0, through: 36, by: 1.5) {
            for seconds in stride(from: 1.0, through: 24, by: 0.5) {
                let speaking: @Sendable (ManeuverState) -> Double = { $0 == .execute ? 1.5 : seconds }
                let said = drive(speed: speed, speaking: speaking, known: true)
                let execute = said.first { $0.state == .execute }
                #expect(execute != nil, "\(speed) m/s, early prompts of \(seconds) s: no execute; said \(summary(said))")
                if let execute, let timeToGo = execute.timeToGo {
                    #expect(timeToGo >= VehicleProfile.car.minimumLeadTime - 1e-9, "\(speed) m/s, \(seconds) s: \(summary(said))")
                }
                if !drive(speed: speed, speaking: speaking, known: false).contains(where: { $0.state == .execute }) { lostWithout += 1 }
            }
        }
        // The table alone (3 s for a prepare) loses some, with the longest prompts: the drives show something.
        #expect(lostWithout > 0, "no drive lost its execute without the words' length")
    }

    /// A prepare as long as the table plans is said as before.
    @Test func aPrepareAsLongAsPlannedIsStillSaid() {
        let said = drive(speed: 30 / 3.6, speaking: { $0 == .execute ? 1.5 : 3 }, known: true)
        #expect(said.map(\.state) == [.continue, .initial, .prepare, .execute], "\(summary(said))")
    }
}
