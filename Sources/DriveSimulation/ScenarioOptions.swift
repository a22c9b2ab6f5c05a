/// Run options of a scenario.
public struct ScenarioOptions: Sendable, Equatable, Codable {
    /// The drive ends here at the latest (seconds), arrived or not.
    public var durationCap: Double
    /// Seed for anything random in a run, so that a scenario always runs the same.
    public var seed: UInt64
    /// Seconds between progress updates.
    public var tick: Double

    public init(durationCap: Double = 2 * 3600, seed: UInt64 = 0, tick: Double = 1) {
        self.durationCap = durationCap
        self.seed = seed
        self.tick = tick
    }
}
