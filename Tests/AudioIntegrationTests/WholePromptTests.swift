import AudioTestSupport
import Foundation
import Testing

@testable import PulseAudio

/// A prompt is whole on the server before it plays: a client held up mid-prompt (its mainloop
/// locked for 400 ms, as a loaded machine holds it up) leaves no gap in what `car.monitor` hears.
/// With the stream fed only as the server asked (20 ms of `tlength`), the same stall was a 380 ms
/// hole in the speech.
@Suite struct WholePromptTests {
    @Test func aClientHeldUpMidPromptLeavesNoGapInIt() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let (connection, stream) = try await TestPlaybackStream.open("whole prompt test", application: "WholePromptTests")
            let rate = TestPlaybackStream.rate
            defer { stream.close() }
            let seconds = 2.0
            let tone = BufferSource((0..<Int(Double(rate) * seconds)).map { Int16(12000 * sin(2 * Double.pi * 300 * Double($0) / Double(rate))) })
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            let playing = Task { await stream.play(tone) }
            try await Task.sleep(for: .milliseconds(500))
            // The client stalls: nothing of it runs, not even libpulse's own thread.
            connection.withLock { Thread.sleep(forTimeInterval: 0.4) }
            _ = await playing.value
            try await Task.sleep(for: .milliseconds(300))
            let samples = capture.stop()

            let levels = LevelAnalysis(samples: samples, sampleRate: capture.sampleRate, windowSeconds: 0.01)
            let span = levels.span(above: 0.05)
            let heard = levels.duration(above: 0.05)
            #expect(abs(span - seconds) < 0.05, "the tone was heard from first to last for \(span) s of \(seconds) s")
            #expect(span - heard < 0.03, "a gap of \(span - heard) s inside the tone")
            // The server never ran out of it (`PlaybackStream.underflows`, in `state.get` as `promptUnderflows`).
            #expect(stream.underflows == 0)
        }
    }

    /// The count of underflows counts what is heard: the same stall under a source fed only as the
    /// server asks (a car source's endless programme, 20 ms of `tlength`) is a hole on `car.monitor`
    /// and at least one underflow; the programme's end, stopped, is none.
    @Test func aStreamFedAsAskedRunsOutUnderTheSameStallAndCountsIt() async throws {
        try PulseProbe.requireServer()
        try await AudioServerLock.shared.withLock {
            let (connection, stream) = try await TestPlaybackStream.open("fed as asked test", application: "WholePromptTests")
            let rate = TestPlaybackStream.rate
            defer { stream.close() }
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            stream.start(EndlessTone(rate: rate))
            try await Task.sleep(for: .milliseconds(500))
            connection.withLock { Thread.sleep(forTimeInterval: 0.4) }
            try await Task.sleep(for: .milliseconds(500))
            let samples = capture.stop()
            let levels = LevelAnalysis(samples: samples, sampleRate: capture.sampleRate, windowSeconds: 0.01)
            let span = levels.span(above: 0.05)
            #expect(span - levels.duration(above: 0.05) > 0.1, "no hole in the programme: \(span - levels.duration(above: 0.05)) s")
            #expect(stream.underflows >= 1)
        }
    }
}

/// A 300 Hz tone that never ends, rendered as the server asks for it.
private final class EndlessTone: SampleSource, @unchecked Sendable {
    let rate: Int
    var position = 0
    init(rate: Int) { self.rate = rate }
    var isFinished: Bool { false }
    func render(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int {
        for index in buffer.indices {
            buffer[index] = Int16(12000 * sin(2 * Double.pi * 300 * Double(position) / Double(rate)))
            position += 1
        }
        return buffer.count
    }
}
