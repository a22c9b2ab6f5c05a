import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// A source's own restore (`ramps.sources`), on the real voxnavd over its socket, on every server:
/// with a policy file that brings the radio back over 1.5 s, its volume, read from the server with
/// `pactl` every ~30 ms, climbs between its duck and its own level for over a second after the
/// prompt, and ends exactly at its own; the prompt is heard on `car.monitor`. The built-in restore
/// would take 0.2 s.
@Suite struct SourceRampsSocketTests {
    static let restore = 1.5

    @Test func theRadioComesBackOverItsOwnRestore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-ramps-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let policy = directory.appendingPathComponent("policy.yaml")
        try "ramps:\n  sources:\n    fmRadio: {restore: \(Self.restore)}\n".write(to: policy, atomically: true, encoding: .utf8)
        try await RealDaemon.withCabin(arguments: ["--policy", policy.path]) { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "source.ducked", "source.restored"])
            let watched = try await daemon.watchedRadio()
            let own = watched.radio.volumes
            // Its client stays connected until the prompt has ended: one that leaves skips its prompts.
            let client = try daemon.connect()
            let id = try await RestoreHoldSocketTests.queue(client, "Turn left.")
            let ended = try await RestoreHoldSocketTests.ended(id, events)
            let (restored, readings, heard) = try await watched.settle()
            #expect(restored?.volumes == own && restored?.corked == false, "\(String(describing: restored))")

            // After the prompt: the ducked level, then the climb, then its own level.
            let since = (ended - watched.watcher.start) / .milliseconds(1)
            let after = readings.filter { $0.ms > since - 100 }
            let ducked = try #require(readings.map { $0.volumes.max() ?? 0 }.min(), "no readings")
            try #require(ducked < own.max()!, "the radio was never ducked: \(readings.map(\.volumes))")
            let climbing = after.filter { ($0.volumes.max() ?? 0) > ducked && ($0.volumes.max() ?? 0) < own.max()! }
            let span = (climbing.last?.ms ?? 0) - (climbing.first?.ms ?? 0)
            // 25 steps of 60 ms; readings every ~30 ms, fewer under load: over a second between the
            // first and the last seen on the way up.
            #expect(span > 1000, "the climb seen over \(span) ms: \(after.map { ($0.ms, $0.volumes) })")
            #expect(climbing.count >= 5, "\(climbing.count) readings on the way up")
            #expect(zip(climbing, climbing.dropFirst()).allSatisfy { ($0.volumes.max() ?? 0) <= ($1.volumes.max() ?? 0) }, "not a steady climb")

            let levels = LevelAnalysis(samples: heard, sampleRate: watched.capture.sampleRate)
            #expect(levels.duration(above: 0.003) > 0.5, "the prompt heard for \(levels.duration(above: 0.003)) s")
            withExtendedLifetime(client) {}
        }
    }
}
