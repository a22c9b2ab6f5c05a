import PulseAudio

/// A programme given as samples (mono, signed 16-bit), e.g. a podcast episode a test generated so that
/// its content encodes its own position. Plays once, then the source is finished.
public struct RecordedProgramme: Sendable {
    public var samples: [Int16]
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }
}

/// Plays a `RecordedProgramme` from a movable position.
final class RecordedProgrammeSource: SeekableSource {
    private let samples: [Int16]
    var frame = 0

    init(_ programme: RecordedProgramme) { samples = programme.samples }

    var isFinished: Bool { frame >= samples.count }

    func render(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int {
        let count = max(0, min(buffer.count, samples.count - frame))
        for i in 0..<count { buffer[i] = samples[frame + i] }
        frame += count
        return count
    }
}
