/// Whether a driver's "repeat" (`guidance.repeat`, a steering-wheel button, a voice assistant) is
/// said: at most once per `window` seconds, so a held button or an assistant that asks twice does
/// not stack prompts. Times are the guidance clock's seconds; pure.
public struct RepeatLimiter: Sendable, Hashable {
    /// Seconds after a repeat during which another one is refused.
    public static let standardWindow = 3.0

    public let window: Double
    /// When the last repeat that was said was asked for.
    public private(set) var lastRepeat: Double?

    public init(window: Double = RepeatLimiter.standardWindow) {
        self.window = window
    }

    /// Seconds still to wait before a repeat at `time` is said; nil when it may be said now.
    /// A time before the last repeat is a guidance clock that started again: allowed.
    /// A time that is not finite is never allowed (it waits the whole window).
    public func wait(at time: Double) -> Double? {
        guard time.isFinite else { return window }
        guard let last = lastRepeat, time >= last, time - last < window else { return nil }
        return window - (time - last)
    }

    /// Remembers a repeat said at `time` (nothing for a time that is not finite).
    public mutating func record(at time: Double) {
        if time.isFinite { lastRepeat = time }
    }

    /// Forgets a recorded repeat (one that could not be queued after all), restoring `previous`.
    public mutating func restore(_ previous: Double?) {
        lastRepeat = previous
    }
}
