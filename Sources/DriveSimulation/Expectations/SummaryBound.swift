/// A bound on one of the report's summary numbers: `violations: 0` (at most), `promptsShort: {min: 2}`.
public struct SummaryBound: Sendable, Equatable {
    public var metric: SummaryMetric
    public var min: Double?
    public var max: Double?

    public init(metric: SummaryMetric, min: Double? = nil, max: Double? = nil) {
        self.metric = metric
        self.min = min
        self.max = max
    }

    public func holds(for value: Double) -> Bool {
        // A thousandth of slack: seconds in the report are sums of doubles.
        value >= (min ?? -.infinity) - 0.001 && value <= (max ?? .infinity) + 0.001
    }

    /// "at most 3", "at least 2", "between 2 and 5".
    public var phrase: String {
        switch (min, max) {
        case (let lo?, let hi?) where lo == hi: "exactly \(ClockTime.formatNumber(lo))"
        case (let lo?, let hi?): "between \(ClockTime.formatNumber(lo)) and \(ClockTime.formatNumber(hi))"
        case (let lo?, nil): "at least \(ClockTime.formatNumber(lo))"
        case (nil, let hi?): "at most \(ClockTime.formatNumber(hi))"
        case (nil, nil): "any value"
        }
    }
}
