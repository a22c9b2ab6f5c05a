/// Mono signed 16-bit audio.
public struct PCMBuffer: Sendable, Equatable {
    public var samples: [Int16]
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// Length in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// Root-mean-square level, 0…1 of full scale.
    public var rms: Double {
        guard !samples.isEmpty else { return 0 }
        // Whole squares summed exactly in 64 bits (at most 2^30 each), one conversion at the end:
        // a loop with no generic call in it, which a debug build (the tests) runs fast too.
        var sum: Int64 = 0
        samples.withUnsafeBufferPointer { buffer in
            for sample in buffer {
                let value = Int64(sample)
                sum &+= value &* value
            }
        }
        return (Double(sum) / Double(samples.count)).squareRoot() / 32768
    }
}

extension PCMBuffer {
    /// The buffer without the near-silence eSpeak NG puts around speech (about 50 ms before and 300 ms
    /// after): it would delay the first audible sample and keep the session active, and music ducked,
    /// for nothing.
    ///
    /// Speech starts at its onset: the first sample above `floor` (8, about −72 dBFS) within `lead`
    /// seconds before the first sample above `threshold`, so a consonant's quiet start is kept; `onsetPad`
    /// more is kept before it. What goes is eSpeak NG's digital silence: in 82 prompts in the 12 packs'
    /// voices the onset came at most 1.6 ms before the first loud sample, and everything earlier was
    /// at most 8. The end keeps `tail` seconds after the last loud sample, for the release of a final
    /// consonant.
    public func trimmingSilence(
        threshold: Int16 = 200, floor: Int16 = 8, lead: Double = 0.005, onsetPad: Double = 0.0005, tail: Double = 0.03
    ) -> PCMBuffer {
        let loud = { (sample: Int16) in abs(Int(sample)) > Int(threshold) }
        guard let first = samples.firstIndex(where: loud), let last = samples.lastIndex(where: loud) else { return self }
        let window = max(0, first - Int(lead * Double(sampleRate)))
        let onset = samples[window..<first].firstIndex { abs(Int($0)) > Int(floor) } ?? first
        let start = max(0, onset - Int(onsetPad * Double(sampleRate)))
        let end = min(samples.count, last + 1 + Int(tail * Double(sampleRate)))
        return PCMBuffer(samples: Array(samples[start..<end]), sampleRate: sampleRate)
    }
}
