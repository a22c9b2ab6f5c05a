import Foundation
import PropertyBased
import Testing

@testable import Speech

/// `PCMBuffer.trimmingSilence`: pure, on made-up buffers.
@Suite struct TrimmingTests {
    static let rate = 22050

    @Test func speechKeepsItsOnsetAndAShortPad() {
        let silence = [Int16](repeating: 0, count: 2205)
        // 1 ms of a quiet consonant start (below the loud threshold, above the floor), then the vowel.
        let quiet = (0..<22).map { Int16(20 + $0 * 8) }
        let tone = (0..<2205).map { Int16(8000 * sin(Double($0) * 0.3)) }
        let trimmed = PCMBuffer(samples: silence + quiet + tone + silence, sampleRate: Self.rate).trimmingSilence()
        let pad = Int(0.0005 * Double(Self.rate))
        #expect(trimmed.samples.prefix(pad).allSatisfy { $0 == 0 })
        #expect(Array(trimmed.samples[pad..<(pad + quiet.count)]) == quiet, "the quiet start is kept whole")
        let lastLoud = tone.lastIndex { abs(Int($0)) > 200 }!
        let tail = Int(0.03 * Double(Self.rate))
        let expected: Int = pad + quiet.count + lastLoud + 1 + tail
        #expect(trimmed.samples.count == expected)
    }

    @Test func digitalSilenceBeforeSpeechGoesDownToTheOnsetPad() {
        let silence = [Int16](repeating: 0, count: 2205)
        let tone = (0..<2205).map { Int16(8000 * sin(Double($0) * 0.3 + 0.2)) }
        let trimmed = PCMBuffer(samples: silence + tone + silence, sampleRate: Self.rate).trimmingSilence()
        let lead = trimmed.samples.firstIndex { abs(Int($0)) > 200 }!
        #expect(lead <= Int(0.0005 * Double(Self.rate)) + 1, "lead \(lead) samples")
        #expect(PCMBuffer(samples: silence, sampleRate: Self.rate).trimmingSilence().samples == silence)
    }

    /// Random buffers: zeros, a quiet start (below the threshold, scaled down so that some are near the
    /// floor), speech with at least one
    /// loud sample, zeros. Whatever the buffer, the result is one slice of it that keeps everything from
    /// the first to the last loud sample, drops before it only samples at or below the floor or more than
    /// `lead` earlier, and keeps at most `lead` + `onsetPad` before the first loud sample.
    static let buffers = PropertyBased.zip(
        Gen.int(in: 0...3000),
        Gen.int(in: -199...199).array(of: 0...200),
        Gen.int(in: 1...40),
        Gen.int(in: -32767...32767).array(of: 1...400),
        Gen.int(in: 201...32767),
        Gen.int(in: 0...3000))

    @Test func trimmingDropsOnlyInaudibleSamplesBeforeSpeech() async {
        await propertyCheck(count: 300, input: Self.buffers) { zeros, quiet, quietness, speech, loud, after in
            let samples =
                [Int16](repeating: 0, count: zeros) + quiet.map { Int16($0 / quietness) } + speech.map(Int16.init) + [Int16(loud)]
                + [Int16](repeating: 0, count: after)
            let trimmed = PCMBuffer(samples: samples, sampleRate: Self.rate).trimmingSilence()
            let isLoud = { (s: Int16) in abs(Int(s)) > 200 }
            let first = samples.firstIndex(where: isLoud)!
            let last = samples.lastIndex(where: isLoud)!
            // One slice of the input.
            let slice = (0...first).first { Array(samples[$0..<min(samples.count, $0 + trimmed.samples.count)]) == trimmed.samples }
            guard let begin = slice else {
                Issue.record("the result is not one slice of the input")
                return
            }
            #expect(begin + trimmed.samples.count > last, "speech kept to its last loud sample")
            let leadWindow = Int(0.005 * Double(Self.rate))
            let windowStart = max(0, first - leadWindow)
            let dropped = begin > windowStart ? Array(samples[windowStart..<begin]) : []
            #expect(dropped.allSatisfy { abs(Int($0)) <= 8 }, "only inaudible samples dropped near the onset")
            #expect(first - begin <= leadWindow + Int(0.0005 * Double(Self.rate)))
        }
    }
}
