import Foundation

/// Loudness over time of captured audio.
public struct LevelAnalysis: Sendable {
    /// RMS level (0…1 of full scale) of each window.
    public let levels: [Double]
    public let windowSeconds: Double

    public init(samples: [Int16], sampleRate: Int, windowSeconds: Double = 0.02) {
        self.windowSeconds = windowSeconds
        let size = max(1, Int(Double(sampleRate) * windowSeconds))
        var levels: [Double] = []
        var start = 0
        while start + size <= samples.count {
            var sum = 0.0
            for s in samples[start..<(start + size)] { sum += Double(s) * Double(s) }
            levels.append((sum / Double(size)).squareRoot() / 32768)
            start += size
        }
        self.levels = levels
    }

    /// Time from the first to the last window louder than `threshold`, in seconds (0 if none).
    public func span(above threshold: Double) -> Double {
        guard let first = levels.firstIndex(where: { $0 > threshold }),
            let last = levels.lastIndex(where: { $0 > threshold })
        else { return 0 }
        return Double(last - first + 1) * windowSeconds
    }

    /// Seconds of windows louder than `threshold`.
    public func duration(above threshold: Double) -> Double {
        Double(levels.filter { $0 > threshold }.count) * windowSeconds
    }

    /// The median level of windows `from`…`to` seconds.
    public func medianLevel(from: Double, to: Double) -> Double {
        let a = max(0, Int(from / windowSeconds))
        let b = min(levels.count, Int(to / windowSeconds))
        guard a < b else { return 0 }
        let slice = levels[a..<b].sorted()
        return slice[slice.count / 2]
    }
}

extension LevelAnalysis {
    /// The level (0…1 of full scale) of one frequency in each window (Goertzel), to find a tone in a mix.
    public static func toneLevels(samples: [Int16], sampleRate: Int, frequency: Double, windowSeconds: Double = 0.05) -> [Double] {
        let size = max(1, Int(Double(sampleRate) * windowSeconds))
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
        var levels: [Double] = []
        var start = 0
        while start + size <= samples.count {
            var s1 = 0.0
            var s2 = 0.0
            for sample in samples[start..<(start + size)] {
                let s0 = Double(sample) / 32768 + coefficient * s1 - s2
                s2 = s1
                s1 = s0
            }
            let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
            levels.append(power.squareRoot() * 2 / Double(size))
            start += size
        }
        return levels
    }
}
