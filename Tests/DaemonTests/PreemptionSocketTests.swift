import AudioTestSupport
import Foundation
import RPC
import Testing

/// An `important` prompt cuts a playing `low` one short, over the socket with the real daemon: it
/// starts within 100 ms of its request, the low one ends `interrupted` and is said again after, and
/// the cut is a fade, not a click (read from `car.monitor`).
@Suite struct PreemptionSocketTests {
    /// Voiced all through (no stops, no commas): it has no silence of its own, so the first silence
    /// after the request is the cut.
    static let low = "Oh all along a lonely lane a yellow lorry rolls on and on along a lonely lane a yellow lorry rolls on"

    @Test func anImportantPromptInterruptsALowOneWithinATenthOfASecondWithoutAClick() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let client = try daemon.connect()
            let capture = try MonitorCapture(sampleRate: 48000)
            try await capture.waitForAudio(seconds: 0.2)
            let queued = try await blocking {
                try client.call("prompt.speak", .object(["text": .string(Self.low), "priority": .string("low"), "wait": .bool(false)]))
            }
            let lowID = try #require(queued["id"]?.stringValue)
            #expect(await recorder.wait(seconds: 10) { $0.contains { $0["prompt"] == .string(lowID) && $0["type"] == .string("prompt.started") } })
            try await Task.sleep(for: .milliseconds(1500))
            let urgent = try daemon.connect()
            let requestedAt = capture.samples().count
            let outcome = try await blocking {
                try urgent.call("prompt.speak", .object(["text": .string("Turn left now."), "priority": .string("important")]))
            }
            #expect(outcome["result"] == .string("finished"), "\(outcome)")
            let startedAfter = try #require(outcome["timings"]?["playbackStarted"]?.doubleValue)
            #expect(startedAfter < 100, "the important prompt started \(startedAfter) ms after its request")

            // The low one ended interrupted, and was queued again and said after.
            let interrupted = recorder.events.first { $0["prompt"] == .string(lowID) && $0["type"] == .string("prompt.interrupted") }
            let reason = try #require(interrupted?["reason"]?.stringValue, "\(recorder.types(ofPrompt: lowID))")
            let again = try #require(reason.split(separator: " ").last.map(String.init))
            #expect(reason.contains("queued again as \(again)"), "\(reason)")
            #expect(await recorder.wait(seconds: 15) { $0.contains { $0["prompt"] == .string(again) && $0["type"] == .string("prompt.finished") } })
            let started = recorder.events.filter { $0["type"] == .string("prompt.started") }.compactMap { $0["text"]?.stringValue }
            #expect(started == [Self.low, "Turn left now.", Self.low])
            let samples = capture.stop()

            // The cut: the low prompt's last sound before the first silence after the request. Faded
            // (15 ms), its last millisecond is a small fraction of its level just before the fade;
            // cut dead, it is as loud as the speech there.
            let rate = capture.sampleRate
            let cut = try #require(Self.cut(in: samples, after: requestedAt, rate: rate), "no silence between the two prompts in the capture")
            let ms = rate / 1000
            let peakPerMillisecond = stride(from: cut - 45 * ms, to: cut, by: ms).map { i in samples[i..<(i + ms)].map { abs(Int($0)) }.max() ?? 0 }
            let before = peakPerMillisecond[0..<25].sorted()[12]
            let edge = peakPerMillisecond.last ?? 0
            let peak = samples[..<cut].map { abs(Int($0)) }.max() ?? 0
            #expect(before > 1000, "the low prompt was not heard before the cut (\(before))")
            #expect(
                Double(edge) < 0.3 * Double(before),
                "its last millisecond reaches \(edge), its level before the fade \(before): a click (the last 45 ms, peak per ms: \(peakPerMillisecond))")
            // No step anywhere near the cut: sample to sample, no jump bigger than the speech's own.
            let around = samples[max(1, cut - rate / 50)..<min(samples.count, cut + rate / 100)]
            let steps = zip(around.dropFirst(), around).map { abs(Int($0) - Int($1)) }
            #expect((steps.max() ?? 0) < peak / 4, "a jump of \(steps.max() ?? 0) at the cut (peak \(peak))")
            await daemon.stop()
        }
    }

    /// The end of the first sound followed by at least 5 ms of silence from `start` (the capture
    /// when the important prompt was asked for) on: where the low prompt was cut.
    static func cut(in samples: [Int16], after start: Int, rate: Int) -> Int? {
        let quiet = 40
        var index = start
        var lastLoud = index
        while index < samples.count {
            if abs(Int(samples[index])) > quiet {
                lastLoud = index
            } else if index - lastLoud >= rate / 200 {
                return lastLoud + 1
            }
            index += 1
        }
        return nil
    }
}
