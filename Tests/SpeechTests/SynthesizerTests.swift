import Foundation
import Speech
import Testing

@Suite struct SynthesizerTests {
    @Test func synthesisesSpeechOfPlausibleLengthAndLevel() async throws {
        let synth = try Synthesizer.shared()
        let audio = try await synth.synthesize("In 300 meters, turn right onto Solar Circle.", voice: "en-us")
        #expect(audio.sampleRate == synth.sampleRate)
        #expect(audio.duration > 1.5 && audio.duration < 5, "duration \(audio.duration)")
        #expect(audio.rms > 0.02)
    }

    @Test func speechStartsAndEndsWithoutPaddingSilence() async throws {
        let synth = try Synthesizer.shared()
        let audio = try await synth.synthesize("Turn right now, then keep left.", voice: "en-us")
        let loud = { (s: Int16) in abs(Int(s)) > 200 }
        let lead = Double(audio.samples.firstIndex(where: loud)!) / Double(audio.sampleRate)
        let tail = Double(audio.samples.count - 1 - audio.samples.lastIndex(where: loud)!) / Double(audio.sampleRate)
        #expect(lead <= 0.0025, "lead \(lead) s")
        #expect(tail <= 0.031, "tail \(tail) s")
    }

    @Test func fasterRateGivesShorterAudio() async throws {
        let synth = try Synthesizer.shared()
        let normal = try await synth.synthesize("Turn left onto Main Street.", voice: "en-us", rate: 175)
        let fast = try await synth.synthesize("Turn left onto Main Street.", voice: "en-us", rate: 300)
        #expect(fast.duration < normal.duration * 0.8)
    }

    @Test func switchesVoicesAndBack() async throws {
        let synth = try Synthesizer.shared()
        let german = try await synth.synthesize("Rechts abbiegen.", voice: "de")
        let english = try await synth.synthesize("Turn right.", voice: "en-us")
        #expect(german.duration > 0.3)
        #expect(english.duration > 0.3)
    }

    @Test func ssmlIsSpoken() async throws {
        let synth = try Synthesizer.shared()
        let audio = try await synth.synthesize("<speak>Turn <emphasis>right</emphasis> now.</speak>", voice: "en-us", ssml: true)
        #expect(audio.duration > 0.5)
    }

    @Test func anUnknownVoiceIsAClearError() async throws {
        let synth = try Synthesizer.shared()
        await #expect(throws: SpeechError.unknownVoice("xx-none")) {
            _ = try await synth.synthesize("Hello", voice: "xx-none")
        }
        #expect(await synth.hasVoice("en-us"))
        #expect(await !synth.hasVoice("xx-none"))
    }

    @Test func emptyTextIsAClearError() async throws {
        let synth = try Synthesizer.shared()
        await #expect(throws: SpeechError.emptyText) {
            _ = try await synth.synthesize("   ", voice: "en-us")
        }
    }

    @Test func concurrentRequestsAreSerialisedSafely() async throws {
        let synth = try Synthesizer.shared()
        let durations = try await withThrowingTaskGroup(of: Double.self) { group in
            for i in 0..<8 {
                group.addTask { try await synth.synthesize("Exit \(i + 1).", voice: i.isMultiple(of: 2) ? "en-us" : "de").duration }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(durations.count == 8)
        #expect(durations.allSatisfy { $0 > 0.3 })
    }
}

@Suite struct EarconTests {
    @Test func chimeIsShortTonalAndDoesNotClip() {
        let chime = Earcon.navigationTone()
        #expect(chime.duration > 0.2 && chime.duration < 1.0)
        #expect(chime.samples.map { abs(Int($0)) }.max()! < 32767)
        #expect(chime.rms > 0.02)
        // Tonal: in its first 0.15 s the zero-crossing rate matches the first note (1318.5 Hz).
        let head = chime.samples.prefix(Int(0.15 * Double(chime.sampleRate)))
        let crossings = zip(head, head.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        let frequency = Double(crossings) / 2 / 0.15
        #expect(abs(frequency - 1318.5) < 120, "estimated \(frequency) Hz")
        // It fades out: the last 10 ms are near silence.
        let tail = chime.samples.suffix(Int(0.01 * Double(chime.sampleRate)))
        #expect(tail.map { abs(Int($0)) }.max()! < 2000)
    }

    @Test func chimeIsDeterministic() {
        #expect(Earcon.navigationTone() == Earcon.navigationTone())
    }
}
