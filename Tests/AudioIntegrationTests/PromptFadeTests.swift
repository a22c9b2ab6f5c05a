import AudioTestSupport
import Foundation
import PulseAudio
import Testing

/// An interrupted prompt fades out on a real stream: a steady tone cut with `fadeOut` reaches
/// `car.monitor` ramping down over the fade, without a step, and nothing of it is heard after.
@Suite struct PromptFadeTests {
    @Test func aFadedOutToneRampsDownWithoutAStep() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let (_, stream) = try await TestPlaybackStream.open("fade test", application: "PromptFadeTests")
            let rate = TestPlaybackStream.rate
            defer { stream.close() }
            let amplitude = 16000.0
            let tone = BufferSource((0..<(rate * 4)).map { Int16(amplitude * sin(2 * Double.pi * 400 * Double($0) / Double(rate))) })
            let capture = try MonitorCapture(sampleRate: 48000)
            try await capture.waitForAudio(seconds: 0.2)
            let playing = Task { await stream.play(tone) }
            try await Task.sleep(for: .milliseconds(800))
            let asked = ContinuousClock.now
            stream.fadeOut(tone, seconds: 0.015)
            _ = await playing.value
            let returnedAfter = ContinuousClock.now - asked
            try await Task.sleep(for: .milliseconds(300))
            let samples = capture.stop()

            #expect(returnedAfter < .milliseconds(100), "play returned \(returnedAfter) after the fade was asked for")
            let ms = capture.sampleRate / 1000
            let peaks = stride(from: 0, to: samples.count - ms, by: ms).map { i in samples[i..<(i + ms)].map { abs(Int($0)) }.max() ?? 0 }
            let loudest = peaks.max() ?? 0
            let loud = peaks.filter { $0 > loudest / 2 }.sorted()
            let steady = loud.isEmpty ? 0 : loud[loud.count / 2]
            #expect(Double(steady) > amplitude * 0.5, "the tone was not heard (\(steady))")
            let lastFull = try #require(peaks.lastIndex { Double($0) > 0.9 * Double(steady) })
            let silentAfter = try #require(peaks[lastFull...].firstIndex { Double($0) < 0.05 * Double(steady) })
            let ramp = silentAfter - lastFull
            #expect(
                ramp >= 8 && ramp <= 25,
                "the tone fell from full to silence in \(ramp) ms (a 15 ms fade): \(peaks[max(0, lastFull - 3)..<min(peaks.count, silentAfter + 3)])")
            // No step: sample to sample, nothing bigger than the tone's own steepest change (with room for resampling).
            let region = samples[((lastFull - 5) * ms)..<min(samples.count, (silentAfter + 20) * ms)]
            let steepest = 2 * Double.pi * 400 / Double(capture.sampleRate) * Double(steady)
            let jump = zip(region.dropFirst(), region).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(Double(jump) < 1.5 * steepest, "a jump of \(jump) at the cut; the tone itself changes by at most \(Int(steepest))")
            // Nothing of the tone after the fade.
            #expect(peaks[silentAfter...].allSatisfy { Double($0) < 0.05 * Double(steady) }, "the tone came back after the fade")
        }
    }
}
