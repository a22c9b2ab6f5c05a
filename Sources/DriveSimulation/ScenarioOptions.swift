import Guidance
import RPC

/// Run options of a scenario.
public struct ScenarioOptions: Sendable, Equatable, Codable {
    /// The drive ends here at the latest (seconds), arrived or not.
    public var durationCap: Double
    /// The longest cap: a trip's time to go as voxnavd takes it (30 days).
    public static let maximumDurationCap = TripReport.maximumTime
    /// Seed for anything random in a run, so that a scenario always runs the same.
    public var seed: UInt64
    /// Seconds between progress updates.
    public var tick: Double
    /// The driver's clock when the drive sets off: each update's trip estimates then carry the
    /// arrival (this plus the drive's arrival time). Nil: the daemon works the arrival out itself.
    public var departure: LocalTime?
    /// Whether the departure prompt ends with the arrival (`guidance.start`'s `arrivalOnDeparture`).
    public var arrivalOnDeparture: Bool

    public init(durationCap: Double = 2 * 3600, seed: UInt64 = 0, tick: Double = 1, departure: LocalTime? = nil, arrivalOnDeparture: Bool = false) {
        self.departure = departure
        self.arrivalOnDeparture = arrivalOnDeparture
        self.durationCap = durationCap
        self.seed = seed
        self.tick = tick
    }
}
