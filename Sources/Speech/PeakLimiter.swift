import FoundationEssentials
import Glibc

/// Applies a gain to speech without clipping: where a sample would pass the ceiling, the gain dips
/// just enough, reached smoothly from a few milliseconds before the peak (the whole prompt is at hand,
/// so the limiter looks ahead) and released over a tenth of a second. Speech peaks are short and far
/// above its level (a crest of about 19 dB for eSpeak NG), so a raised prompt gains nearly all of the
/// gain in level while no sample passes `ceiling`. Pure.
public struct PeakLimiter: Sendable {
    /// The highest sample level allowed out, in dBFS.
    public var ceiling: Double = -1
    /// How fast the gain may fall before a peak, and rise after it, in dB per second.
    public var attackRate: Double = 10_000
    public var releaseRate: Double = 200

    public init() {}

    /// `samples` with `gain` dB applied, limited to `ceiling`.
    public func apply(gain: Double, to samples: [Int16], sampleRate: Int) -> [Int16] {
        let factor = pow(10, gain / 20)
        let peak = samples.reduce(0) { max($0, abs(Int($1))) }
        // Where no sample would pass the ceiling (a prompt lowered to its level, most raised ones),
        // the gain is one factor: no envelope to work out before the first sample plays.
        if Double(peak) * factor <= pow(10, ceiling / 20) * 32768 {
            return gain == 0 ? samples : samples.map { Int16(max(-32768, min(32767, (Double($0) * factor).rounded()))) }
        }
        let count = samples.count
        let limit = ceiling + 20 * log10(32768.0)
        // The most gain each sample can take, then the envelope: smoothed towards earlier samples
        // (attack, looking ahead) and later ones (release), never above what a sample can take.
        var envelope = [Double](repeating: gain, count: count)
        for i in 0..<count where samples[i] != 0 {
            envelope[i] = min(gain, limit - 20 * log10(Double(abs(Int(samples[i])))))
        }
        let attackStep = attackRate / Double(sampleRate)
        let releaseStep = releaseRate / Double(sampleRate)
        if count > 1 {
            for i in stride(from: count - 2, through: 0, by: -1) { envelope[i] = min(envelope[i], envelope[i + 1] + attackStep) }
            for i in 1..<count { envelope[i] = min(envelope[i], envelope[i - 1] + releaseStep) }
        }
        var out = [Int16](repeating: 0, count: count)
        for i in 0..<count {
            let y = (Double(samples[i]) * pow(10, envelope[i] / 20)).rounded()
            out[i] = Int16(max(-32768, min(32767, y)))
        }
        return out
    }
}
