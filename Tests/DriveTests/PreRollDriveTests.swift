import DriveSimulation
import Foundation
import Testing

/// A drive whose output needs 3 s to wake (the scenario's policy: `outputs:`), at 40 m/s: every
/// distance said is the one left when the first word is heard, at the prompt's start plus its
/// pre-roll. Without the pre-roll counted, each would be 120 m too far, more than the rounding.
@Suite struct PreRollDriveTests {
    static let speed = 40.0
    static let preRoll = 3.0
    /// Where each maneuver is, in meters from the start.
    static let maneuvers: [(id: String, at: Double)] = [("m1", 4000), ("m2", 7500), ("m3", 12000)]

    static func scenario(policy: String) -> String {
        """
        name: Pre-roll on a motorway
        language: en-US
        units: metric
        vehicle: car
        policy: \(policy)
        route:
          maneuvers:
            - {type: startRoute, roadName: A1}
            - {id: m1, distance: 4000, type: rightTurn, roadName: Exit Road}
            - {id: m2, distance: 3500, type: leftTurn, roadName: Harbor Road}
            - {id: m3, distance: 4500, type: arriveAtDestination}
        speed: {unit: "m/s", constant: \(speed)}
        options: {tick: 1}

        """
    }

    @Test func everyDistanceSaidIsTheOneLeftWhenTheFirstWordIsHeard() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("preroll-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let policy = directory.appendingPathComponent("policy.yaml")
        try "outputs:\n  preRoll:\n    - {sink: \"*\", seconds: \(Self.preRoll)}\n".write(to: policy, atomically: true, encoding: .utf8)
        let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(Self.scenario(policy: policy.path)))
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()

        let sounded = report.prompts.filter(\.played)
        let withDistance = sounded.compactMap { prompt in Self.spokenMeters(prompt.text).map { (prompt, $0) } }
        #expect(withDistance.count >= 3, "\(sounded.map(\.text))")
        // The first prompt comes after silence: the output was idle.
        #expect(sounded.first?.preRoll == Self.preRoll, "\(sounded.first.map { "\($0)" } ?? "no prompt")")
        // Below 950 m the rounding (50 m either way) is finer than the 120 m a pre-roll not counted would add.
        #expect(withDistance.contains { $0.1 < 950 }, "\(withDistance.map(\.0.text))")
        for (prompt, spoken) in withDistance {
            let start = try #require(prompt.startedAt)
            let heardAt = start + (prompt.preRoll ?? 0)
            // The maneuver it names: the next one ahead when it was heard.
            let position = Self.speed * heardAt
            let ahead = try #require(Self.maneuvers.first { $0.at > position }, "\(prompt)")
            let left = ahead.at - position
            // Said rounded (docs/PHRASES.md: within 50 m below 950 m, 250 m up to 3 km, 500 m beyond); the announcer
            // counted 0.25 s of output latency more than the virtual clock takes (10 m at 40 m/s).
            let step = left < 950 ? 100.0 : left <= 3000 ? 500 : 1000
            #expect(
                abs(spoken - left) <= step / 2 + 0.25 * Self.speed + 1,
                "\"\(prompt.text)\" heard at \(heardAt) s (pre-roll \(prompt.preRoll ?? 0) s), \(left) m before \(ahead.id)")
        }
    }

    /// "In 900 meters, …" → 900; "In 1.5 kilometers, …" → 1500.
    static func spokenMeters(_ text: String) -> Double? {
        guard let match = text.firstMatch(of: /In (?<amount>[0-9.]+) (?<unit>meters|kilometers)/), let amount = Double(match.amount)
        else { return nil }
        return match.unit == "kilometers" ? amount * 1000 : amount
    }
}
