/// How a driver loop paces a drive. Decisions never depend on it: both modes walk the same
/// `DriveSchedule`; only the waiting between steps differs.
public enum DriveClock: Sendable, Equatable {
    /// Wait the drive's own time between steps (audible runs).
    case realTime
    /// Wait `speedup` times less (a 30-minute drive in seconds at 600); `.infinity` waits not at all.
    case virtual(speedup: Double)

    /// Seconds to wait on the wall clock between drive times `from` and `to`.
    public func wait(from: Double, to: Double) -> Double {
        let span = max(0, to - from)
        switch self {
        case .realTime: return span
        case .virtual(let speedup): return speedup.isInfinite || speedup <= 0 ? 0 : span / speedup
        }
    }
}
