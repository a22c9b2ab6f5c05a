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
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / 32768
    }
}

extension PCMBuffer {
    /// The buffer without the near-silence eSpeak NG puts around speech (about 50 ms before and 300 ms
    /// after): it would delay the first audible sample and keep the session active, and music ducked,
    /// for nothing. `lead` and `tail` seconds of pad are kept so no consonant is clipped.
    public func trimmingSilence(threshold: Int16 = 200, lead: Double = 0.005, tail: Double = 0.03) -> PCMBuffer {
        guard let first = samples.firstIndex(where: { abs(Int($0)) > Int(threshold) }),
            let last = samples.lastIndex(where: { abs(Int($0)) > Int(threshold) })
        else { return self }
        let start = max(0, first - Int(lead * Double(sampleRate)))
        let end = min(samples.count, last + 1 + Int(tail * Double(sampleRate)))
        return PCMBuffer(samples: Array(samples[start..<end]), sampleRate: sampleRate)
    }
}
