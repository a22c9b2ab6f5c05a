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
              let last = levels.lastIndex(where: { $0 > threshold }) else { return 0 }
        return Double(last - first + 1) * windowSeconds
    }

    /// Seconds of windows louder than `threshold`.
    public func duration(above threshold: Double) -> Double {
        Double(levels.filter { $0 > threshold }.count) * windowSeconds
    }

    /// The median level of windows `from`…`to` seconds.
    public func medianLevel(from: Double, to: Double) -> Double {
        let a = max(0, Int(from / windowSeconds)), b = min(levels.count, Int(to / windowSeconds))
        guard a < b else { return 0 }
        let slice = levels[a..<b].sorted()
        return slice[slice.count / 2]
    }
}
