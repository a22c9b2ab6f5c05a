import Foundation
import ProcessSupport
import RPC
import Speech

#if canImport(Glibc)
    import Glibc
#endif

/// Gaps inside prompts while other work loads the machine (issue 53): prompts said one after
/// another with CPU hogs running (busy loops, one per core), each recorded from `car.monitor` and
/// compared with the same text as the daemon's synthesiser renders it. A stream that underruns
/// plays silence where the speech stops and goes on late, so the recording then has more quiet
/// between its first and its last sound than the rendered audio has, by the hole's length. The
/// server's underflow events on the prompt stream are counted too (`state.get`'s
/// `promptUnderflows`).
struct GapsUnderLoad {
    /// The texts said in turn: one clause each, with the pauses eSpeak NG makes between words only.
    static let texts = [
        "Turn left onto Main Street.", "In 300 meters, keep right toward the airport.", "Take the second exit at the roundabout.",
        "Continue on the motorway for 5 kilometers.", "You have arrived at your destination.",
    ]
    /// Windows of this many ms make the envelope: a window is loud when a sample in it reaches `quiet`.
    static let windowMs = 5.0
    /// −60 dBFS: a hole is digital silence, and a level so low is not met inside a word, so a small
    /// difference of level between the rendered and the heard audio changes no window.
    static let quiet: Float = 0.001
    /// This much more quiet inside the speech than the rendered audio has counts as a gap (the holes
    /// users heard were 61–102 ms).
    static let toleranceMs = 30.0

    struct Result {
        var prompts = 0
        var withGap = 0
        /// How much more quiet inside the speech each recording had than the rendered audio (ms).
        var excessMs: [Double] = []
        var worstExcessMs: Double { excessMs.max() ?? 0 }
        var underflows = 0
        var hogs = 0
        var missed = 0

        var line: String {
            "\(prompts) prompts with \(hogs) CPU hogs (the detector finds a 60 ms hole put in each rendered text): \(withGap) with more than "
                + "\(fmt(GapsUnderLoad.toleranceMs, 0)) ms more quiet inside the speech than the rendered audio (excess median \(fmt(Stats(excessMs).p50, 0)) ms, worst \(fmt(worstExcessMs, 0)) ms), "
                + "\(missed) not heard; the server's underflow events on the prompt stream: \(underflows)"
        }
    }

    /// The quiet windows between the first and the last loud one, in ms; nil when nothing is loud.
    static func quietInside(_ samples: [Float], rate: Int, threshold: Float) -> Double? {
        let window = max(1, Int(Double(rate) * windowMs / 1000))
        var loud: [Bool] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + window)
            loud.append(samples[start..<end].contains { abs($0) >= threshold })
            start = end
        }
        guard let first = loud.firstIndex(of: true), let last = loud.lastIndex(of: true) else { return nil }
        return Double(loud[first...last].filter { !$0 }.count) * windowMs
    }

    /// Says `count` prompts through `vox`, each recorded on `capture`, with `hogs` busy loops running.
    static func run(count: Int, hogs: Int, vox: LineClient, capture: Capture, threshold: Float) async throws -> Result {
        let quiet = Self.quiet
        var result = Result()
        result.hogs = hogs
        // What each text sounds like as rendered, before any hog runs.
        let synthesizer = try Synthesizer.shared()
        var rendered: [String: Double] = [:]
        for text in texts {
            let audio = try await synthesizer.synthesize(text, voice: "en-us")
            let samples = audio.samples.map { Float($0) / 32768 }
            let own = quietInside(samples, rate: audio.sampleRate, threshold: quiet) ?? 0
            rendered[text] = own
            // The detector's own check: a hole of the size users heard (61–102 ms) put in the middle
            // of the speech is found.
            var holed = samples
            let middle = holed.count / 2
            holed.insert(contentsOf: [Float](repeating: 0, count: audio.sampleRate * 60 / 1000), at: middle)
            let found = (quietInside(holed, rate: audio.sampleRate, threshold: quiet) ?? 0) - own
            guard found > toleranceMs else { throw BenchError("the gap detector missed a 60 ms hole in '\(text)' (found \(found) ms)") }
        }
        let before = try vox.call(StateGet.self).promptUnderflows
        var hogsRunning: [ChildProcess] = []
        defer {
            for hog in hogsRunning { hog.signal(SIGKILL) }
            for hog in hogsRunning { hog.waitUntilExit() }
        }
        for _ in 0..<hogs { hogsRunning.append(try spawn(["sh", "-c", "while :; do :; done"]).0) }
        for n in 0..<count {
            let text = texts[n % texts.count]
            capture.waitQuiet(quiet: 0.15, threshold: threshold)
            capture.startRecording()
            let reply = try vox.call(PromptSpeak.self, .init(text: text, language: "en-US"))
            // The last samples reach the monitor a capture block or two after the daemon's end.
            usleep(150_000)
            let samples = capture.stopRecording()
            guard case .outcome(let outcome) = reply, outcome.result == .finished,
                let heard = quietInside(samples, rate: capture.rate, threshold: quiet)
            else {
                result.missed += 1
                continue
            }
            result.prompts += 1
            let excess = heard - (rendered[text] ?? 0)
            result.excessMs.append(excess)
            if excess > toleranceMs { result.withGap += 1 }
            if (n + 1) % 20 == 0 { say("  \(n + 1)/\(count): \(result.withGap) with a gap so far") }
        }
        result.underflows = try vox.call(StateGet.self).promptUnderflows - before
        return result
    }
}
