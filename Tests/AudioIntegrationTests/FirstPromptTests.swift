import AudioTestSupport
import Engine
import Foundation
import Prompts
import PulseAudio
import Testing

/// The first real path: the radio plays, a prompt is spoken, the radio is ducked and restored.
/// Everything is read back from the PulseAudio server (pactl, parec on car.monitor), not from the engine.
@Suite struct FirstPromptTests {
    static let radioApplication = "Car FM Radio"

    @Test func promptDucksTheRadioWhilePlayingAndRestoresItsExactVolume() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            _ = try await engine.sources.start(.fmRadio)
            let radio = try #require(try PulseProbe.sinkInput(application: Self.radioApplication))
            // A level of the user's own choosing, so "restored" cannot mean "reset to 100 %".
            try PulseProbe.setVolume(sinkInput: radio.index, percent: 50)
            let before = try #require(try PulseProbe.sinkInput(application: Self.radioApplication)).volumes
            let expectedDuck = ChannelVolumes(before.map(UInt32.init)).scaled(byDecibels: -15).values.map(Int.init)

            let capture = try MonitorCapture()
            // The radio alone, for at least 0.6 s of captured audio (parec may start late on a busy machine).
            try await capture.waitForAudio(seconds: 0.6)
            let radioOnlySamples = capture.samples().count

            let watcher = VolumeWatcher { try PulseProbe.sinkInput(application: Self.radioApplication) }
            let outcome = try await engine.prompts.speak(PromptRequest(text: "In 300 meters, turn right onto Solar Circle.", language: "en-US"))
            let seen = await watcher.stop()
            try await Task.sleep(for: .milliseconds(400))
            let recorded = capture.stop()
            let after = try #require(try PulseProbe.sinkInput(application: Self.radioApplication)).volumes
            await engine.shutdown()

            let t = outcome.timings
            let playing = try #require(t.playbackStarted)
            let drained = try #require(t.drained)
            // While the prompt plays, the radio's sink input is at the duck level.
            let during = seen.filter { $0.ms > playing + 15 && $0.ms < drained - 15 }
            #expect(during.count >= 10, "too few volume readings during the prompt: \(during.count)")
            for reading in during {
                #expect(reading.volumes == expectedDuck, "at \(reading.ms) ms the radio was at \(reading.volumes), expected \(expectedDuck)")
            }
            // Afterwards it is back at exactly the volume it had.
            #expect(after == before)

            // The session is active only once the audio is ready, and inactive within 300 ms of the last sample.
            let ready = try #require(t.audioReady)
            let activated = try #require(t.activated)
            let deactivated = try #require(t.deactivated)
            #expect(activated >= ready)
            #expect(deactivated - drained < 300)
            #expect(deactivated >= drained)
            // Measured from the other end too: the session is active for the audio plus under 300 ms.
            let overhang = (deactivated - activated) - outcome.audioDuration * 1000
            #expect(overhang >= 0 && overhang < 300, "overhang \(overhang) ms")

            // The capture holds the prompt: energy well above the ducked radio for about the prompt's length.
            let levels = LevelAnalysis(samples: recorded, sampleRate: capture.sampleRate)
            let radioOnlySeconds = Double(radioOnlySamples) / Double(capture.sampleRate)
            let radioAlone = levels.medianLevel(from: 0.1, to: radioOnlySeconds - 0.05)
            #expect(radioAlone > 0.001, "the radio was not audible in the capture")
            let threshold = max(radioAlone * 3, 0.01)
            let afterRequest = LevelAnalysis(samples: Array(recorded.dropFirst(radioOnlySamples)), sampleRate: capture.sampleRate)
            let speech = afterRequest.span(above: threshold)
            let diagnosis =
                "speech span \(speech) s for \(outcome.audioDuration) s of audio; radio alone \(radioAlone), "
                + "loudest window \(afterRequest.levels.max() ?? 0), \(recorded.count) samples captured"
            #expect(speech > outcome.audioDuration * 0.6, "\(diagnosis)")
            #expect(speech < outcome.audioDuration + 0.3, "\(diagnosis)")
        }
    }

    @Test func anUnknownVoiceIsRefusedAndChangesNothing() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            _ = try await engine.sources.start(.fmRadio)
            let before = try #require(try PulseProbe.sinkInput(application: Self.radioApplication))
            await #expect(throws: EngineError.self) {
                _ = try await engine.prompts.speak(PromptRequest(text: "Turn left.", language: "xx-nonexistent"))
            }
            let after = try #require(try PulseProbe.sinkInput(application: Self.radioApplication))
            #expect(after.volumes == before.volumes)
            let state = try await engine.state()
            #expect(state.sessionActive == false)
            #expect(state.promptsSpoken == 0)
            await engine.shutdown()
            #expect(try PulseProbe.sinkInput(application: Self.radioApplication) == nil, "the radio stream should be gone after shutdown")
        }
    }

    @Test func backToBackPromptsPlayOneAfterTheOtherAndLeaveTheRadioRestored() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            _ = try await engine.sources.start(.fmRadio)
            let before = try #require(try PulseProbe.sinkInput(application: Self.radioApplication)).volumes
            async let first = engine.prompts.speak(PromptRequest(text: "Keep left."))
            async let second = engine.prompts.speak(PromptRequest(text: "Then turn right."))
            let outcomes = try await [first, second]
            #expect(outcomes.allSatisfy { $0.result == .finished })
            let after = try #require(try PulseProbe.sinkInput(application: Self.radioApplication)).volumes
            #expect(after == before)
            #expect(try await engine.state().promptsSpoken == 2)
            await engine.shutdown()
        }
    }
}
