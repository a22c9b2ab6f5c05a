import FoundationEssentials
import RPC

/// The engine's time: what the policy, the queue's deadlines and guidance run on.
///
/// `real` is a monotonic clock. `virtual` and `compressed` are simulated time that moves only when
/// a driver calls `advance(to:)` (the `clock.advance` method): a 30-minute drive runs in seconds
/// with the same decisions, because every timer fires at its exact simulated moment and time never
/// moves while the engine is still working on the previous moment (see `VirtualTime`).
/// `virtual` plays no prompt audio (a prompt takes its measured length of simulated time);
/// `compressed` plays every prompt for real, so a recording has each one over the ducked radio and
/// only the silence between prompts is skipped, all but the second of bed a prompt waits to hear
/// (`VoxNavEngine.bedToHear`).
public final class EngineClock: Sendable {
    public let mode: ClockMode
    private let epoch = ContinuousClock.now
    /// The wall clock when the engine started, seconds since 1970.
    private let wallEpoch = Date().timeIntervalSince1970
    /// Simulated time; nil on the real clock.
    package let simulated: VirtualTime?

    public init(_ mode: ClockMode = .real) {
        self.mode = mode
        simulated = mode == .real ? nil : VirtualTime()
    }

    /// True when prompt audio goes to the sound server.
    package var playsPromptAudio: Bool { mode != .virtual }

    /// Seconds since the engine started.
    public func now() -> Double {
        if let simulated { return simulated.now }
        return (ContinuousClock.now - epoch).milliseconds / 1000
    }

    /// The wall clock now, seconds since 1970: the start's wall clock moved on by the engine's own
    /// (simulated time on a simulated clock), so that an arrival worked out in a simulation moves with it.
    public func wallNow() -> Double { wallEpoch + now() }

    /// Waits until `time` (returns early when the task is cancelled or `token` is woken).
    package func sleep(until time: Double, token: UInt64? = nil) async {
        if let simulated {
            await simulated.sleep(until: time, token: token)
        } else {
            // Past 1e9 s (about 31 years) a wait is as good as forever, and its milliseconds still fit an Int.
            let delay = min(max(0, time - now()), 1e9)
            try? await Task.sleep(for: .milliseconds(Int((delay * 1000).rounded(.up))))
        }
    }

    /// Wakes a simulated sleep early (a cancelled prompt).
    package func wake(_ token: UInt64) { simulated?.wake(token) }

    /// Engine work the simulated clock waits for, from `busy()` until `done()`.
    package struct Busy: Sendable {
        fileprivate let time: VirtualTime?
        package func done() { time?.leave() }
    }

    /// Counts engine work as busy from now (while the task starting it still is) until `done()`.
    package func busy() -> Busy {
        simulated?.enter()
        return Busy(time: simulated)
    }

    /// Moves simulated time to `time`, firing every timer on the way at its own moment.
    public func advance(to time: Double) async throws(ClockError) {
        guard let simulated else { throw .notSimulated }
        guard time.isFinite, time >= 0 else { throw .invalidTime }
        await simulated.advance(to: time)
    }

    public enum ClockError: Error, CustomStringConvertible {
        case notSimulated, invalidTime

        public var description: String {
            switch self {
            case .notSimulated: "the daemon runs on the real clock; start voxnavd --clock virtual to drive its time"
            case .invalidTime: "'to' must be a finite number of seconds, at least 0"
            }
        }
    }
}

extension Duration {
    /// The duration in milliseconds, fractions kept.
    package var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
