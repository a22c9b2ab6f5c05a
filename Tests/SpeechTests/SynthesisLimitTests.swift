import Foundation
import Speech
import Testing

/// Synthesis that cannot run away: a limit on the speech, a timeout, cancellation, and voices only
/// from eSpeak NG's own list.
@Suite struct SynthesisLimitTests {
    static let longText = String(
        repeating: "The traffic on the ring road is moving slowly because of roadworks near the stadium. ", count: 100)

    @Test func synthesisStopsAtTheLimitAndSaysHowFarItGot() async throws {
        let synth = try Synthesizer.shared()
        let started = ContinuousClock.now
        var stopped: SpeechError?
        do {
            _ = try await synth.synthesize(Self.longText, voice: "en-us", limit: 6)
        } catch {
            stopped = error
        }
        let elapsed = ContinuousClock.now - started
        guard case .tooLong(let overrun)? = stopped else {
            Issue.record("not stopped at the limit: \(String(describing: stopped))")
            return
        }
        #expect(overrun.limit == 6 && overrun.made > 6 && overrun.made < 7.5, "\(overrun)")
        // The text is trimmed before synthesis (its last space).
        #expect(overrun.characters == Self.longText.count - 1 && overrun.charactersSpoken > 0 && overrun.charactersSpoken < 300, "\(overrun)")
        // About ten minutes of speech in all: the extrapolation says so.
        #expect(overrun.estimatedSeconds > 300 && overrun.estimatedSeconds < 1200, "\(overrun)")
        // Time is not asserted here: the suites share the one eSpeak NG queue and may wait behind each
        // other (the real daemon's reply time is PromptBudgetTests'); that synthesis stopped is shown
        // by the audio made: 6.5 s of a ten-minute text.
        print("synthesis: stopped at the 6 s limit after \(elapsed)")
        // Speech within the limit is made whole, as without one.
        // (eSpeak NG's output varies by a few samples from one call to the next.)
        let short = try await synth.synthesize("Turn left.", voice: "en-us", limit: 6)
        let whole = try await synth.synthesize("Turn left.", voice: "en-us")
        #expect(abs(short.duration - whole.duration) < 0.05, "\(short.duration) s against \(whole.duration) s")
    }

    /// A cancelled caller gets `cancelled`, whether synthesis had begun (the stop flag ends it at its
    /// next chunk, the path the limit above takes) or not (it never begins); the next one works.
    @Test func cancellingTheCallerStopsSynthesis() async throws {
        let synth = try Synthesizer.shared()
        let task = Task { try await synth.synthesize(Self.longText, voice: "en-us") }
        try await Task.sleep(for: .milliseconds(30))
        task.cancel()
        await #expect(throws: SpeechError.cancelled) { try await task.value }
        #expect(try await synth.synthesize("Turn left.", voice: "en-us").duration > 0.3)
    }

    /// A synthesis that takes longer than its timeout is given up (here a ten-minute text with no time at all).
    @Test func synthesisIsGivenUpAfterItsTimeout() async throws {
        let synth = try Synthesizer.shared()
        await #expect(throws: SpeechError.timedOut(.zero)) {
            try await synth.synthesize(Self.longText, voice: "en-us", timeout: .zero)
        }
        #expect(try await synth.synthesize("Turn left.", voice: "en-us").duration > 0.3)
    }

    /// eSpeak NG takes a voice name it does not know for a file to open: a FIFO would hang it, and
    /// every prompt after it. Only names from its own voice list are loaded.
    @Test func aVoiceNameIsNeverAPath() async throws {
        let synth = try Synthesizer.shared()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-fifo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for hostile in ["../../../../../../..\(fifo)", "../../../../../../../etc/passwd", "/etc/passwd", "en-us/../../fifo"] {
            #expect(!(await synth.hasVoice(hostile)), "\(hostile)")
            await #expect(throws: SpeechError.unknownVoice(hostile)) { try await synth.synthesize("Hello.", voice: hostile) }
        }
        for known in ["en-us", "en-gb", "de", "fr-fr", "cmn-latn-pinyin", "EN-US"] {
            #expect(await synth.hasVoice(known), "\(known)")
        }
        #expect(synth.voiceNames.count > 50)
    }
}
