import Foundation
import PropertyBased
import Testing

@testable import Speech

/// A prompt's gain through the limiter, and its speech level: no sample passes the ceiling, a raised
/// prompt gains nearly all of its gain in level, pauses do not lower the level.
@Suite struct PeakLimiterTests {
    /// A burst of a tone every `period` seconds, like syllables between pauses, `peak` of full scale.
    static func syllables(peak: Double, seconds: Double = 2, period: Double = 0.25, sampleRate: Int = 22050) -> [Int16] {
        (0..<Int(seconds * Double(sampleRate))).map { i in
            let t = Double(i) / Double(sampleRate)
            let voiced = t.truncatingRemainder(dividingBy: period) < period * 0.6
            return voiced ? Int16((sin(2 * .pi * 220 * t) * peak * 32767).rounded()) : 0
        }
    }

    @Test func speechLevelIsTheLevelOfTheVoicedPartNotOfThePauses() throws {
        let tone = Self.syllables(peak: 0.5)
        let level = try #require(SpeechLevel.level(of: tone, sampleRate: 22050))
        // A sine at half scale: -9.03 dBFS of power; the pauses (40 %) are gated out, up to the blocks
        // that straddle a syllable's edge.
        #expect(abs(level - (-9.03)) < 1.2, "\(level)")
        #expect(SpeechLevel.level(of: [Int16](repeating: 0, count: 22050), sampleRate: 22050) == nil)
        #expect(SpeechLevel.level(of: [Int16](repeating: 3, count: 22050), sampleRate: 22050) == nil, "under the absolute gate")
    }

    @Test func aGainRaisesTheLevelByItselfWhereNothingClips() throws {
        let quiet = Self.syllables(peak: 0.1)
        let before = try #require(SpeechLevel.level(of: quiet, sampleRate: 22050))
        for gain in [-6.0, 3, 6] {
            let after = try #require(SpeechLevel.level(of: PeakLimiter().apply(gain: gain, to: quiet, sampleRate: 22050), sampleRate: 22050))
            #expect(abs(after - before - gain) < 0.05, "gain \(gain): \(after - before)")
        }
        #expect(PeakLimiter().apply(gain: 0, to: quiet, sampleRate: 22050) == quiet)
    }

    /// Where no sample would pass the ceiling (a prompt lowered to its level, a raised one with room),
    /// every sample is scaled by the one factor: nothing dips around a peak.
    @Test func aGainWithRoomScalesEverySampleAlike() {
        let quiet = Self.syllables(peak: 0.2)
        for gain in [-4.0, 6] {
            let factor = pow(10, gain / 20)
            let out = PeakLimiter().apply(gain: gain, to: quiet, sampleRate: 22050)
            #expect(zip(quiet, out).allSatisfy { abs(Double($0) * factor - Double($1)) <= 0.5 }, "gain \(gain)")
        }
        // Where the gain would pass the ceiling, the limiter still holds every sample under it.
        let loud = PeakLimiter().apply(gain: 6, to: Self.syllables(peak: 0.8), sampleRate: 22050)
        #expect(loud.allSatisfy { Double(abs(Int($0))) <= pow(10, -1.0 / 20) * 32768 + 1 })
    }

    @Test func eSpeakLikePeaksAreLimitedAndTheLevelStillRises() throws {
        // Speech's crest: short peaks near full scale over a much lower body.
        var speech = Self.syllables(peak: 0.12)
        for i in stride(from: 500, to: speech.count, by: 2205) { speech[i] = 25000 }
        let before = try #require(SpeechLevel.level(of: speech, sampleRate: 22050))
        let louder = PeakLimiter().apply(gain: 6, to: speech, sampleRate: 22050)
        let after = try #require(SpeechLevel.level(of: louder, sampleRate: 22050))
        let ceiling = Int(32768 * pow(10, -1.0 / 20)) + 1
        #expect(louder.allSatisfy { abs(Int($0)) <= ceiling }, "a sample passed -1 dBFS")
        #expect(after - before > 5, "raised by \(after - before) dB")
    }

    /// Over random signals and gains: never past the ceiling, never louder than the gain asks, and
    /// the sign of every sample kept (no wrap-around).
    @Test func theCeilingHoldsForEverySignalAndGain() async {
        let signal = PropertyBased.zip(Gen.int(in: -32768...32767).array(of: 1...400), Gen.double(in: -12...12))
        await propertyCheck(count: 500, input: signal) { samples, gain in
            let source = samples.map { Int16($0) }
            let out = PeakLimiter().apply(gain: gain, to: source, sampleRate: 22050)
            let ceiling = 32768 * pow(10, -1.0 / 20) + 1
            let factor = pow(10, gain / 20)
            for (x, y) in zip(source, out) {
                #expect(Double(abs(Int(y))) <= max(ceiling, Double(abs(Int(x))) * min(1, factor) + 1), "\(x) → \(y)")
                #expect(Double(abs(Int(y))) <= Double(abs(Int(x))) * factor + 1, "louder than the gain: \(x) → \(y)")
                #expect(x == 0 || y == 0 || (x > 0) == (y > 0), "sign flipped: \(x) → \(y)")
            }
        }
    }
}
