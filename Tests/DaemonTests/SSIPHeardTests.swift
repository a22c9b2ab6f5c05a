import AudioTestSupport
import Foundation
import RPC
import Testing

/// speech-dispatcher's own command-line client, `spd-say`, pointed at the real voxnavd's SSIP socket
/// (`SPEECHD_ADDRESS`) and otherwise unchanged: its message is said through VoxNav, the radio ducked
/// under it to its last sample (read with `pactl`) and restored after, heard on `car.monitor` to its end; `-w` returns once it has been
/// said, and without it `spd-say` returns at once and the message is still said in full.
@Suite struct SSIPHeardTests {
    static let spdSay = "/usr/bin/spd-say"
    static let text = "In 300 meters, turn right onto Solar Circle."

    @Test(arguments: [true, false])
    func spdSayIsHeardThroughVoxNavWithTheRadioDuckedAndRestored(waits: Bool) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.spdSay), "no spd-say: scripts/setup --tests installs speech-dispatcher")
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "session"])
            let watched = try await daemon.watchedRadio()
            let environment = ProcessInfo.processInfo.environment.merging(["SPEECHD_ADDRESS": "unix_socket:\(daemon.ssipSocket)"]) { $1 }
            let arguments = (waits ? ["-w"] : []) + [Self.text]
            let say = try await onOwnThread { try Executables.run(path: Self.spdSay, arguments, environment: environment, limit: 30) }
            #expect(say.status == 0, "\(say.output)")
            let finishedAtReturn = events.events.contains { $0["type"] == .string("prompt.finished") }
            // -w: spd-say waited for the message's end (702); without it, it returned once it was queued.
            #expect(finishedAtReturn == waits, "\(events.events)")

            #expect(
                await events.wait(seconds: 15, every: .milliseconds(5)) { $0.contains { $0["type"] == .string("prompt.finished") } },
                "\(events.events)")
            // No later than the message's last sample (the daemon tells its end once the audio has drained).
            let ended = ContinuousClock.now
            let prompts = events.events.filter { $0["type"]?.stringValue?.hasPrefix("prompt.") == true }
            #expect(prompts.compactMap { $0["type"]?.stringValue } == ["prompt.queued", "prompt.started", "prompt.finished"], "\(events.events)")
            #expect(prompts.allSatisfy { $0["client"]?.stringValue?.hasPrefix("ssip-") == true })
            let (restored, readings, heard) = try await watched.settle()
            let radio = watched.radio
            #expect(readings.contains { $0.volumes.max()! < radio.volumes.max()! }, "the radio was never ducked: \(readings.map(\.volumes))")
            // At the message's last sample: the last reading before its end was seen, still ducked.
            let end = (ended - watched.watcher.start) / .milliseconds(1)
            let last = try #require(readings.last { $0.ms <= end }, "no reading before the message's end")
            #expect(last.volumes.max()! < radio.volumes.max()!, "the radio was back at \(last.volumes) at the message's last sample")
            #expect(restored?.volumes == radio.volumes && restored?.corked == false, "\(String(describing: restored))")
            // The session lasted while the message played, then ended.
            let sessions = events.events.compactMap { $0["type"]?.stringValue }.filter { $0.hasPrefix("session.") }
            #expect(sessions == ["session.activated", "session.deactivated"], "\(events.events)")
            // Heard to its last word.
            let finished = try #require(prompts.last)
            let seconds = try #require(finished["duration"]?.doubleValue, "\(finished)")
            let levels = LevelAnalysis(samples: heard, sampleRate: watched.capture.sampleRate)
            #expect(levels.span(above: 0.003) > seconds - 0.3, "heard for \(levels.span(above: 0.003)) s of \(seconds) s")
        }
    }
}
