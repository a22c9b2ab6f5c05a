/// Whether a reroute is announced ("Recalculating route"): at most once per `window` seconds, so a
/// guidance engine that reroutes again and again (a driver who keeps missing turns, a GPS fix that
/// jumps between roads) does not chatter. Times are the guidance clock's seconds; pure.
public struct RerouteDebounce: Sendable, Hashable {
    /// Seconds after an announced reroute during which another one is not announced.
    public static let standardWindow = 10.0

    public let window: Double
    /// When the last announced reroute was.
    public private(set) var lastAnnounced: Double?

    public init(window: Double = RerouteDebounce.standardWindow) {
        self.window = window
    }

    /// True when a reroute at `time` is to be announced (and it is then remembered). Counted from
    /// the last announced one, so a driver hears at most one per window however often it reroutes.
    /// A time before the last announced one is a guidance clock that started again: announced.
    /// A time that is not finite is never announced.
    public mutating func shouldAnnounce(at time: Double) -> Bool {
        guard time.isFinite else { return false }
        if let last = lastAnnounced, time >= last, time - last < window { return false }
        lastAnnounced = time
        return true
    }
}
