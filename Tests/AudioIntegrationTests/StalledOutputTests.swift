import AudioPolicy
import AudioTestSupport
import Engine
import Foundation
import Prompts
import Synchronization
import Testing

/// A sink that stops running under a prompt (suspended while it plays) never drains it: the prompt is
/// given up on after its length and a margin, ends `skipped` with the reason, and the radio it ducked
/// comes back. Read back from the server with pactl.
@Suite struct StalledOutputTests {
    /// On PulseAudio only: pipewire-pulse does not hold a suspend of a sink with a running stream.
    @Test(.enabled(if: PulseProbe.serverName != "pipewire", "pipewire-pulse does not keep a busy sink suspended"))
    func aPromptWhoseSinkStopsRunningIsGivenUpAndNothingStaysDucked() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let engine = try await VoxNavEngine.started()
            let radio = try await engine.sources.start(.fmRadio)
            let before = try #require(try PulseProbe.sinkInputs().first { $0.index == Int(radio.sinkInput) }).volumes
            // As soon as the first prompt starts, its sink is suspended under it.
            let suspended = Mutex(false)
            _ = engine.subscribe { event in
                guard event.type == .promptStarted, !suspended.withLock({ $0 }) else { return }
                suspended.withLock { $0 = true }
                _ = try? PulseProbe.run("pactl", ["suspend-sink", "car", "1"])
            }
            defer { _ = try? PulseProbe.run("pactl", ["suspend-sink", "car", "0"]) }
            let asked = ContinuousClock.now
            let outcome = try await engine.prompts.speak(PromptRequest(text: "Turn left onto Elm Street.", language: "en-US"))
            let took = (ContinuousClock.now - asked).inSeconds
            #expect(outcome.result == .skipped, "\(outcome)")
            #expect(outcome.reason?.contains("the output did not play it") == true, "\(outcome.reason ?? "no reason")")
            print("StalledOutputTests on \(PulseProbe.serverName): \(outcome.reason ?? "no reason")")
            // How much of it the server still held, by its last report: the sink stopped at its start.
            #expect(outcome.reason?.contains("; the server still held") == true, "\(outcome.reason ?? "no reason")")
            #expect(took < 1.5 + 3 + 2, "given up on after \(took) s")
            // Nothing stays ducked: the radio is back where it was, and no session holds the car's audio.
            _ = try PulseProbe.run("pactl", ["suspend-sink", "car", "0"])
            try await Task.sleep(for: .milliseconds(400))
            let after = try #require(try PulseProbe.sinkInputs().first { $0.index == Int(radio.sinkInput) }).volumes
            #expect(after == before, "the radio at \(after), was \(before)")
            let state = try await engine.state()
            #expect(!state.sessionActive && !state.promptPlaying, "a session still holds the car's audio: \(state.sessions)")
            // The next prompt plays.
            let next = try await engine.prompts.speak(PromptRequest(text: "Turn right.", language: "en-US"))
            #expect(next.result == .finished, "\(next)")
            await engine.shutdown()
        }
    }
}
