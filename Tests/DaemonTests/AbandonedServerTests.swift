import AudioTestSupport
import Engine
import Foundation
import Prompts
import SourceFocus
import Testing

/// A shutdown that runs out of time gives the sound server up (`VoxNavEngine.abandonSoundServer`,
/// which voxnavd's graceful-shutdown limit calls): every request still pending fails at once, the
/// shutdown runs through, and the journal file stays as it was, so that a restore that failed is
/// not written as done. The next engine (in-process here, on the real server) takes the journal
/// over and puts the music back exactly. `HungServerTests` shows the same limit on the real voxnavd.
@Suite struct AbandonedServerTests {
    @Test func aServerGivenUpMidDuckLeavesTheDuckJournalledForTheNextEngine() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let own = 40000
            let player = try ForeignPlayer(applicationName: "Abandon test player", properties: ["media.role": "music"], seconds: 60, volume: own)
            defer { player.stop() }
            let stream = try await player.waitForSinkInput()
            func volume() throws -> [Int] { try PulseProbe.sinkInputs().first { $0.index == stream.index }?.volumes ?? [] }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-abandon-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            var configuration = EngineConfiguration()
            configuration.journalPath = directory.appendingPathComponent("journal.json").path

            let engine = try await VoxNavEngine.started(configuration: configuration)
            let speaking = Task {
                try await engine.prompts.speak(PromptRequest(text: "In 800 meters, at the roundabout, take the third exit onto Solar Circle."))
            }
            var ducked: [Int] = []
            for _ in 0..<300 {
                ducked = try volume()
                if !ducked.isEmpty, ducked.allSatisfy({ $0 < own * 3 / 4 }) { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(!ducked.isEmpty && ducked.allSatisfy { $0 < own * 3 / 4 }, "the music was not ducked: \(ducked)")

            // Given up mid-prompt: the prompt ends, and so does the shutdown, within moments.
            let gaveUp = ContinuousClock.now
            engine.abandonSoundServer()
            let outcome = try? await speaking.value
            await engine.shutdown()
            let took = ContinuousClock.now - gaveUp
            #expect(took < .milliseconds(500), "the shutdown took \(took) after the server was given up")
            #expect(outcome?.result != .finished, "\(String(describing: outcome))")
            let left = try volume()
            #expect(!left.isEmpty && left.allSatisfy { $0 < own * 3 / 4 }, "nothing more is done once the server is given up: \(left)")

            // The next engine restores what the journal kept, exactly.
            let next = try await VoxNavEngine.started(configuration: configuration)
            let restored = try volume()
            await next.shutdown()
            print("abandoned server: shutdown \(took) after giving up, the music left at \(left), restored by the next engine to \(restored)")
            #expect(!restored.isEmpty && restored.allSatisfy { $0 == own }, "the next engine left it at \(restored)")
        }
    }
}
