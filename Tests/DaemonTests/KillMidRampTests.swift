import AudioTestSupport
import Foundation
import RPC
import Testing

/// SIGKILL in the middle of a duck ramp or a restore ramp: the next voxnavd puts another program's
/// music back to its own volume (it stayed at 21072/23698/20021 of 30000 before), and still tells a
/// user's own change from a half-done ramp. Ramps of 2 s (a policy file) make the middle easy to hit.
@Suite struct KillMidRampTests {
    static let prompt = "In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left."
    /// A restore begins when the prompt ends: a short one reaches it sooner. It ends during the duck's
    /// 2 s ramp, which the restore takes over from where it got to.
    static let shortPrompt = "Keep left."

    @Test func aDaemonKilledMidRampIsUndoneByTheNextOne() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let own = 40000
            let player = try ForeignPlayer(applicationName: "Ramp test player", properties: ["media.role": "music"], seconds: 120, volume: own)
            defer { player.stop() }
            let stream = try await player.waitForSinkInput()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-ramp-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let policy = directory.appendingPathComponent("policy.yaml").path
            try "ramps:\n  duck: 2\n  restore: 2\n".write(toFile: policy, atomically: true, encoding: .utf8)
            let socket = directory.appendingPathComponent("run/voxnav.sock").path
            func volume() throws -> [Int] { try PulseProbe.sinkInputs().first { $0.index == stream.index }?.volumes ?? [] }

            // Each daemon is killed at its point; the next one must first have undone what it left.
            let points: [(event: String, after: Double, prompt: String)] = [
                ("source.ducked", 0.6, Self.prompt), ("source.ducked", 1.4, Self.prompt),
                ("source.restored", 0.6, Self.shortPrompt), ("source.restored", 1.4, Self.shortPrompt),
            ]
            var report: [String] = []
            for point in points {
                let (daemon, client) = try await startDaemon(socket: socket, arguments: ["--policy", policy])
                let found = try volume()
                #expect(!found.isEmpty && found.allSatisfy { $0 == own }, "the daemon before this one left \(found)")
                let recorder = try EventRecorder(socketPath: socket, types: ["source"])
                _ = try await blocking { try client.call("prompt.speak", .object(["text": .string(point.prompt), "wait": .bool(false)])) }
                let seen = await recorder.wait(seconds: 15) { events in events.contains { $0["type"] == .string(point.event) } }
                #expect(seen, "no \(point.event)")
                try await Task.sleep(for: .milliseconds(Int(point.after * 1000)))
                kill(daemon.processIdentifier, SIGKILL)
                daemon.waitUntilExit()
                let left = try volume()
                report.append("\(point.event) +\(point.after) s: left at \(left)")
                #expect(!left.isEmpty && left.allSatisfy { $0 > 7000 && $0 < own }, "killed \(point.after) s after \(point.event), not mid-ramp: \(left)")
            }
            let (last, client) = try await startDaemon(socket: socket, arguments: ["--policy", policy])
            let recovered = try volume()
            #expect(!recovered.isEmpty && recovered.allSatisfy { $0 == own }, "left at \(recovered)")
            print("kill mid-ramp: " + report.joined(separator: "; "))

            // A level the user sets during the duck is theirs: off the ramp's path, it stands.
            let recorder = try EventRecorder(socketPath: socket, types: ["source", "prompt"])
            _ = try await blocking { try client.call("prompt.speak", .object(["text": .string(Self.prompt), "wait": .bool(false)])) }
            _ = await recorder.wait(seconds: 15) { events in events.contains { $0["type"] == .string("prompt.started") } }
            try PulseProbe.setVolume(sinkInput: stream.index, raw: 52000)
            try await Task.sleep(for: .milliseconds(200))
            kill(last.processIdentifier, SIGKILL)
            last.waitUntilExit()
            let (after, _) = try await startDaemon(socket: socket, arguments: ["--policy", policy])
            let kept = try volume()
            #expect(!kept.isEmpty && kept.allSatisfy { $0 == 52000 }, "the user's level was not kept: \(kept)")
            kill(after.processIdentifier, SIGTERM)
            after.waitUntilExit()
        }
    }
}
