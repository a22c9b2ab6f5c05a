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
    /// Where it ends: the last sample, or the end of a fade out.
    private var end: Int
    /// A fade out to silence over `fade.start..<end`, when it was cut short (`fadeOut`).
    private var fadeStart: Int?

    public init(_ samples: [Int16]) {
        self.samples = samples
        end = samples.count
    }

    public func render(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int {
        let count = min(buffer.count, end - position)
        guard count > 0 else { return 0 }
        samples.withUnsafeBufferPointer { all in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
                .initialize(from: all[position..<(position + count)])
        }
        if let fadeStart {
            // A linear ramp to silence: the gain falls from 1 at fadeStart to 0 at end.
            let length = Double(end - fadeStart)
            for i in 0..<count {
                let gain = Double(end - (position + i)) / length
                buffer[i] = Int16((Double(buffer[i]) * gain).rounded())
            }
        }
        position += count
        return count
    }

    public var isFinished: Bool { position >= end }

    /// Stops early: the rest is dropped (a cancelled prompt).
    public func stop() { position = end }

    /// Ends within `count` more samples, fading to silence over them: a cut without a click (an
    /// interrupted prompt). Audio already handed to the server plays out first.
    public func fadeOut(samples count: Int) {
        fadeOut(samples: count, from: position)
    }

    /// Samples rendered so far (handed to the stream).
    var rendered: Int { position }

    /// Samples left to render.
    var remaining: Int { max(0, end - position) }

    /// Ends with a fade to silence over `count` samples from sample `start`, which may lie before
    /// what was rendered: rendering goes back there, so the fade can replace audio the server holds
    /// but has not played yet (`PlaybackStream.fadeOut`).
    func fadeOut(samples count: Int, from start: Int) {
        guard start < end, fadeStart == nil else { return }
        position = max(0, min(start, position))
        fadeStart = position
        end = min(end, position + max(1, count))
    }
}
