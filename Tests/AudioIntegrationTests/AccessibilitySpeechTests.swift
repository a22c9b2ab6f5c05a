import AudioPolicy
import AudioTestSupport
import Engine
import Foundation
import Prompts
import PulseAudio
import Testing

/// A screen reader's speech is how its user operates the machine: the engine never ducks, mutes or
/// pauses it. speech-dispatcher keeps one stream open (uncorked, silent between utterances) with no
/// role; it used to be taken for music, so the next program with no role muted it for good (music
/// stops music) and every prompt ducked it.
@Suite struct AccessibilitySpeechTests {
    @Test func speechDispatchersStreamIsNeverMutedNorDucked() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            // The properties speech-dispatcher 0.11's pulse output really sends (pactl list sink-inputs).
            let reader = try ForeignPlayer(applicationName: "speech-dispatcher-espeak-ng", properties: ["media.name": "playback"])
            defer { reader.stop() }
            let before = try await reader.waitForSinkInput()
            try await Task.sleep(for: .milliseconds(200))  // the engine sees it through its subscription
            #expect(try await engine.state().sources.allSatisfy { Int($0.sinkInput) != before.index })

            // Another program with no role: music, which stops other music.
            let other = try ForeignPlayer(applicationName: "Roleless player", properties: [:])
            defer { other.stop() }
            let otherInput = try await other.waitForSinkInput()
            try await Task.sleep(for: .milliseconds(200))
            #expect(try await engine.state().sources.contains { Int($0.sinkInput) == otherInput.index && $0.kind == .music })
            let afterOther = try #require(try PulseProbe.sinkInputs().first { $0.index == before.index })
            #expect(!afterOther.muted, "another program's music muted the screen reader")

            // A prompt ducks the music, not the screen reader.
            let index = before.index
            let watcher = VolumeWatcher { try PulseProbe.sinkInputs().first { $0.index == index } }
            let outcome = try await engine.prompts.speak(PromptRequest(text: "In 200 meters, turn left."))
            let seen = await watcher.stop()
            let after = try #require(try PulseProbe.sinkInputs().first { $0.index == before.index })
            await engine.shutdown()

            #expect(outcome.ducked.contains { Int($0.sinkInput) == otherInput.index })
            #expect(!outcome.ducked.contains { Int($0.sinkInput) == before.index })
            #expect(seen.count >= 10)
            #expect(seen.allSatisfy { $0.volumes == before.volumes }, "\(seen.map(\.volumes)) expected \(before.volumes)")
            #expect(!after.muted && after.volumes == before.volumes)
        }
    }
}
