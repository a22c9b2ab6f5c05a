/// Produces interleaved signed 16-bit samples for a `PlaybackStream`.
///
/// Called on the PulseAudio mainloop thread only, so implementations need no locking of their own.
public protocol SampleSource: AnyObject {
    /// Fills up to `buffer.count` samples and returns how many were written.
    /// Returning fewer than asked means "that is all for now"; see `isFinished`.
    func render(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int
    /// True once the source has nothing more to play, ever (a prompt). A radio never finishes.
    var isFinished: Bool { get }
}

/// A finite buffer of samples: a synthesised prompt or an earcon.
///
/// Sendable because its state is only touched under the PulseAudio mainloop lock: by the stream's
/// callbacks, and by `PlaybackStream.cancel(_:)`.
public final class BufferSource: SampleSource, @unchecked Sendable {
    private let samples: [Int16]
    private var position = 0

    public init(_ samples: [Int16]) { self.samples = samples }

    public func render(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int {
        let count = min(buffer.count, samples.count - position)
        guard count > 0 else { return 0 }
        samples.withUnsafeBufferPointer { all in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
                .initialize(from: all[position..<(position + count)])
        }
        position += count
        return count
    }

    public var isFinished: Bool { position >= samples.count }

    /// Stops early: the rest is dropped (a cancelled prompt).
    public func stop() { position = samples.count }
}
