import FoundationEssentials
import Glibc

/// The level of speech or of a mix, in dBFS: the mean power of its 50 ms blocks that carry sound,
/// gated as EBU R 128 gates loudness (an absolute gate, then one relative to the gated mean), so that
/// the pauses between words do not pull a prompt's level down. Unweighted: prompt and bed are measured
/// the same way, and only their difference counts.
public enum SpeechLevel {
    public static let blockSeconds = 0.05
    /// Blocks quieter than this are silence.
    public static let absoluteGate = -60.0
    /// Blocks this far below the mean of the blocks over the absolute gate are pauses.
    public static let relativeGate = -15.0

    /// The gated level of `samples` (signed 16-bit), nil when nothing is over the absolute gate.
    public static func level(of samples: some Collection<Int16>, sampleRate: Int) -> Double? {
        level(ofBlockPowers: blockPowers(of: samples, sampleRate: sampleRate))
    }

    /// The gated level of blocks given by their mean power (0…1 of full scale, squared).
    public static func level(ofBlockPowers powers: [Double]) -> Double? {
        let loud = powers.filter { decibels($0) > absoluteGate }
        guard !loud.isEmpty else { return nil }
        let threshold = decibels(loud.reduce(0, +) / Double(loud.count)) + relativeGate
        let gated = loud.filter { decibels($0) > threshold }
        return decibels(gated.reduce(0, +) / Double(gated.count))
    }

    /// The mean power of each whole block of `samples`.
    public static func blockPowers(of samples: some Collection<Int16>, sampleRate: Int) -> [Double] {
        let size = max(1, Int(Double(sampleRate) * blockSeconds))
        var powers: [Double] = []
        var sum = 0.0
        var count = 0
        for sample in samples {
            let x = Double(sample) / 32768
            sum += x * x
            count += 1
            if count == size {
                powers.append(sum / Double(size))
                sum = 0
                count = 0
            }
        }
        return powers
    }

    /// A power (0…1 of full scale, squared) in dB.
    public static func decibels(_ power: Double) -> Double { power > 0 ? 10 * log10(power) : -.infinity }
}
