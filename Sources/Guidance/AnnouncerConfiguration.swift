/// Everything the announcer's timing depends on besides the vehicle profile's thresholds.
public struct AnnouncerConfiguration: Codable, Sendable, Equatable {
    public var profile: VehicleProfile
    /// Seconds of silence between the end of one prompt and the start of the next.
    public var minimumGap: Double
    /// Seconds from the decision to the first audible sample (synthesis, session activation, duck ramp).
    public var outputLatency: Double
    public var durations: AnnouncementDurationEstimate
    /// Update interval assumed before two updates have been seen (seconds).
    public var assumedUpdateInterval: Double
    /// Which states are said (`Verbosity`).
    public var verbosity: Verbosity
    /// Seconds of silence the output plays before the first word after `idleGap` seconds without a
    /// prompt (the policy's `outputs:`, for the sink prompts play into): added to `outputLatency` then.
    public var preRoll: Double = 0
    /// Seconds after a prompt's end from which the output counts as idle again.
    public var idleGap: Double = 5

    public init(
        profile: VehicleProfile = .car, minimumGap: Double = 3, outputLatency: Double = 0.25,
        durations: AnnouncementDurationEstimate = .init(), assumedUpdateInterval: Double = 1, verbosity: Verbosity = .normal
    ) {
        self.profile = profile
        self.minimumGap = minimumGap
        self.outputLatency = outputLatency
        self.durations = durations
        self.assumedUpdateInterval = assumedUpdateInterval
        self.verbosity = verbosity
    }
}

/// Lenient decoding for configuration files: every missing key keeps its default.
extension AnnouncerConfiguration {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = AnnouncerConfiguration()
        self.init(
            profile: try container.decodeIfPresent(VehicleProfile.self, forKey: .profile) ?? defaults.profile,
            minimumGap: try container.decodeIfPresent(Double.self, forKey: .minimumGap) ?? defaults.minimumGap,
            outputLatency: try container.decodeIfPresent(Double.self, forKey: .outputLatency) ?? defaults.outputLatency,
            durations: try container.decodeIfPresent(AnnouncementDurationEstimate.self, forKey: .durations)
                ?? defaults.durations,
            assumedUpdateInterval: try container.decodeIfPresent(Double.self, forKey: .assumedUpdateInterval)
                ?? defaults.assumedUpdateInterval,
            verbosity: try container.decodeIfPresent(Verbosity.self, forKey: .verbosity) ?? defaults.verbosity)
        preRoll = try container.decodeIfPresent(Double.self, forKey: .preRoll) ?? defaults.preRoll
        idleGap = try container.decodeIfPresent(Double.self, forKey: .idleGap) ?? defaults.idleGap
    }
}

extension AnnouncerConfiguration {
    /// The most the output may take from a decision to the first word: with the pre-roll. Windows
    /// open by it, so that a prompt after an idle gap is not late.
    public var longestOutputLatency: Double { outputLatency + max(preRoll, 0) }

    /// The output latency of a prompt decided at `time` when the last one is expected to end at
    /// `busyUntil` (nil: none yet): with the pre-roll once the output has been idle for `idleGap`.
    public func outputLatency(at time: Double, busyUntil: Double?) -> Double {
        let idle = busyUntil.map { time + outputLatency >= $0 + idleGap } ?? true
        return idle ? longestOutputLatency : outputLatency
    }
}
