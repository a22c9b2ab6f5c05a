import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// The policy file's ramps, on the real voxnavd over its socket, on every server. A source's own
/// restore (`ramps.sources`):
/// with a policy file that brings the radio back over 1.5 s, its volume, read from the server with
/// `pactl` every ~30 ms, climbs between its duck and its own level for over a second after the
/// prompt, and ends exactly at its own; the prompt is heard on `car.monitor`. The built-in restore
/// would take 0.2 s.
@Suite struct SourceRampsSocketTests {
    static let restore = 1.5

    /// `body` with a daemon (its sources on `cabin`) run with a policy file of `yaml`.
    static func withPolicy(_ yaml: String, _ body: @Sendable (RealDaemon) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-ramps-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let policy = directory.appendingPathComponent("policy.yaml")
        try yaml.write(to: policy, atomically: true, encoding: .utf8)
        try await RealDaemon.withCabin(arguments: ["--policy", policy.path], body)
    }

    @Test func theRadioComesBackOverItsOwnRestore() async throws {
        try await Self.withPolicy("ramps:\n  sources:\n    fmRadio: {restore: \(Self.restore)}\n") { daemon in
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

    /// The bound on a prompt's playback (its length and 3 s, `PromptStreamOutput.drainMargin`) counts
    /// from its uncork: under the longest duck a policy file may ask for (5 s), a short prompt waits
    /// for the duck's last step (4.8 s) and plays to its end, heard on `car.monitor`, not given up
    /// on for a sink that does not run. Counted from the write, it was skipped.
    @Test func aShortPromptUnderTheLongestDuckIsNotGivenUpBeforeItsUncork() async throws {
        try await Self.withPolicy("ramps:\n  duck: 5\n") { daemon in
            let watched = try await daemon.watchedRadio()
            let outcome = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string("Turn left.")])) }
            let (_, _, heard) = try await watched.settle()
            #expect(outcome["result"] == .string("finished"), "\(outcome)")
            let levels = LevelAnalysis(samples: heard, sampleRate: watched.capture.sampleRate)
            #expect(levels.duration(above: 0.003) > 0.3, "the prompt heard for \(levels.duration(above: 0.003)) s")
        }
    }

    /// The prompt's first sample is started right after the duck's last step, on the same connection
    /// (`PlaybackStream.play(_:after:)`), not when the grant is answered: with a policy file whose duck
    /// takes 1 s (25 steps, the last 0.96 s after the first), nothing is heard on `car.monitor` until
    /// the radio has gone down, and the radio is at its duck at every reading from the first sample
    /// heard to the last. With the uncork sent at once, the prompt was heard 10 ms after the request
    /// on PulseAudio and 28 ms on PipeWire.
    @Test func theFirstSampleIsHeardOnceTheDucksLastStepIsSent() async throws {
        try await Self.withPolicy("ramps:\n  duck: 1\n") { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let watched = try await daemon.watchedRadio()
            let own = try #require(watched.radio.volumes.max())
            let client = try daemon.connect()
            let rate = Double(watched.capture.sampleRate)
            // Where the request falls in the capture and in the readings.
            let askedAtSample = watched.capture.samples().count
            let askedAtMs = (ContinuousClock.now - watched.watcher.start) / .milliseconds(1)
            let id = try await RestoreHoldSocketTests.queue(client, "Turn left.")
            let endedAt = try await RestoreHoldSocketTests.ended(id, events)
            let (restored, readings, heard) = try await watched.settle()
            #expect(restored?.volumes.max() == own, "\(String(describing: restored))")

            let loud = heard.indices.dropFirst(askedAtSample).first { abs(Int(heard[$0])) > 300 }
            let first = try #require(loud, "the prompt was never heard")
            let firstMs = askedAtMs + Double(first - askedAtSample) / rate * 1000
            #expect(firstMs - askedAtMs >= 900, "first heard \(Int(firstMs - askedAtMs)) ms after the request, before the duck's last step (960 ms)")
            let duck = try #require(readings.compactMap { $0.volumes.max() }.min())
            #expect(duck < own, "the radio was never ducked")
            // From the first sample heard to the prompt's end: at the duck, every reading.
            let endMs = (endedAt - watched.watcher.start) / .milliseconds(1)
            let during = readings.filter { $0.ms >= firstMs && $0.ms <= endMs - 50 }
            #expect(!during.isEmpty, "no reading while the prompt played")
            let above = during.filter { ($0.volumes.max() ?? 0) != duck }
            #expect(above.isEmpty, "the radio above its duck \(duck) while the prompt was heard: \(above.prefix(5))")
            withExtendedLifetime(client) {}
        }
    }
}
