import AudioTestSupport
import Foundation
import RPC
import Testing

/// `voxnav say --no-wait`, as a navigation app that runs a command per prompt and waits for it
/// (Navit's cmdline speech): the real voxnav exits as soon as its prompt is queued, and the real
/// voxnavd plays the prompt after that client has gone, ducking the radio and restoring it, heard on
/// `car.monitor`.
@Suite struct SayNoWaitTests {
    static let text = "In 300 meters, turn right onto Solar Circle."

    @Test func theCommandReturnsOnceQueuedAndThePromptIsHeardToItsEndAfterIt() async throws {
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "session"])
            let watched = try await daemon.watchedRadio()
            let (radio, capture) = (watched.radio, watched.capture)

            let say = try Executables.run("voxnav", ["say", "--no-wait", "--socket", daemon.socket, Self.text], limit: 30)
            // voxnav has exited: its prompt was queued, and has not ended yet.
            #expect(say.status == 0, "\(say.output)")
            let id = try #require(say.output.split(separator: " ").dropFirst().first.map(String.init), "\(say.output)")
            #expect(say.output.hasPrefix("queued: \(id) at position "), "\(say.output)")
            #expect(!events.types(ofPrompt: id).contains("prompt.finished"), "it ended before voxnav returned: \(events.events)")

            let ended = await events.wait(seconds: 15) { _ in events.types(ofPrompt: id).last == "prompt.finished" }
            #expect(ended, "\(events.events)")
            #expect(events.types(ofPrompt: id) == ["prompt.queued", "prompt.started", "prompt.finished"], "\(events.events)")
            let (restored, readings, heard) = try await watched.settle()

            // Its client's session lasted until the prompt had ended, then ended.
            let sessions = events.events.compactMap { $0["type"]?.stringValue }.filter { $0.hasPrefix("session.") }
            #expect(sessions == ["session.activated", "session.deactivated"], "\(events.events)")
            #expect(readings.contains { $0.volumes.max()! < radio.volumes.max()! }, "the radio was never ducked: \(readings.map(\.volumes))")
            #expect(restored?.volumes == radio.volumes && restored?.corked == false, "\(String(describing: restored))")
            // Heard to its last word: as long as its audio, not cut when voxnav went.
            let finished = try #require(events.events.first { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.finished") })
            let seconds = try #require(finished["duration"]?.doubleValue, "\(finished)")
            let levels = LevelAnalysis(samples: heard, sampleRate: capture.sampleRate)
            #expect(levels.span(above: 0.003) > seconds - 0.3, "heard for \(levels.span(above: 0.003)) s of \(seconds) s")
        }
    }
}
