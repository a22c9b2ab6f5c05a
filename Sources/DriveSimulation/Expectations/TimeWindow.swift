/// A part of the drive's time: `from` up to `to` (seconds; nil: the start, the end).
public struct TimeWindow: Sendable, Equatable {
    public var from: Double?
    public var to: Double?

    public init(from: Double? = nil, to: Double? = nil) {
        self.from = from
        self.to = to
    }

    public func contains(_ time: Double) -> Bool { time >= (from ?? -.infinity) && time <= (to ?? .infinity) }

    /// "between 1:00 and 2:00", "from 1:00", "until 2:00", or "" for the whole drive.
    public var phrase: String {
        switch (from, to) {
        case (let f?, let t?): "between \(ClockTime.format(f)) and \(ClockTime.format(t))"
        case (let f?, nil): "from \(ClockTime.format(f))"
        case (nil, let t?): "until \(ClockTime.format(t))"
        case (nil, nil): ""
        }
    }
}
