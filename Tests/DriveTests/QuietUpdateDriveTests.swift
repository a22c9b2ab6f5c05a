import DriveSimulation
import Foundation
import Testing

/// Issue 14: on the simulated clocks a drive skips the updates in the announcer's quiet windows.
/// Every example, driven both ways by the real `voxnav drive` against its own daemon, must give
/// the same report: the same prompts at the same moments, the same sources, the same summary.
@Suite struct QuietUpdateDriveTests {
    @Test(arguments: ["city-commute", "highway-podcast-call", "roundabouts-de", "berlin-graphhopper-fr"])
    func skippingQuietUpdatesGivesTheSameDrive(example: String) async throws {
        let skipping = try await DriveRunner.example(drive: example)
        let every = try await DriveRunner.drive(DriveRunner.example(example), ["--every-tick"])
        try #require(skipping.status == 0 && every.status == 0, "\(skipping.text)\n\(every.text)")
        // Connections get fresh client ids; everything else must match.
        let (a, b) = (DriveRunner.anonymous(try skipping.report()), DriveRunner.anonymous(try every.report()))
        #expect(!a.prompts.isEmpty)
        #expect(a.prompts == b.prompts)
        #expect(a.sources == b.sources)
        #expect(a.activations == b.activations)
        #expect(a.summary == b.summary)
        // And skipping did skip: the examples send about one update in ten of those sent with
        // --every-tick (every update while guidance runs; none while the car's own navigation guides).
        let sent = try Self.updatesSent(skipping.text)
        let all = try Self.updatesSent(every.text)
        #expect(sent.scheduled == all.scheduled && all.sent <= all.scheduled)
        #expect(sent.sent * 4 < all.sent, "\(sent.sent) sent, against \(all.sent) with --every-tick")
    }

    /// "guidance updates: 40 of 505 sent …" from the drive's summary.
    static func updatesSent(_ text: String) throws -> (sent: Int, scheduled: Int) {
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("guidance updates: ") })
        let words = line.split(separator: " ")
        return (try #require(Int(words[2])), try #require(Int(words[4])))
    }
}
