/// The at-a-glance numbers of a drive: how good an audio citizen the navigation was.
public struct TimelineSummary: Codable, Sendable, Equatable {
    public var promptsQueued: Int
    /// Played as full speech (finished or shortened with style normal).
    public var promptsNormal: Int
    /// Played as a tone (style short).
    public var promptsShort: Int
    /// Of the played ones, how many with less detail to fit the time budget.
    public var promptsShortened: Int
    public var promptsSkipped: Int
    public var promptsExpired: Int
    /// Cut short by a more urgent prompt (each one queued again counts anew).
    public var promptsInterrupted: Int = 0
    /// Of the interrupted ones, how many the policy cut while they played (the assistant listening, a call, …).
    public var promptsCut: Int = 0
    /// Refused before they were queued (a full queue, the server away, a text too long).
    public var promptsRefused: Int = 0
    /// Seconds during which at least one source was ducked.
    public var totalDuckedSeconds: Double
    public var activations: Int
    /// Seconds a session was active without prompt audio, per activation window.
    public var meanActivationOverhang: Double
    public var maxActivationOverhang: Double
    /// Seconds of spoken audio (podcasts, audiobooks) not heard properly: played on or ducked under
    /// a prompt, or stopped by the policy. Pausing and resuming loses nothing. Must be 0.
    public var podcastSecondsLost: Double
    /// Audit entries.
    public var violations: Int
    /// Audit entries per rule.
    public var violationsByRule: [String: Int]
    /// Guidance instructions in the `execute` state heard to their end, placed against their maneuver
    /// (the departure aside: it is said where the vehicle already is).
    public var finalInstructions: Int = 0
    /// Of those, the least and the median seconds from the last sample to the maneuver (negative:
    /// the last word came after it); nil without any.
    public var minTimeAfterLastWord: Double?
    public var medianTimeAfterLastWord: Double?
    /// Prompts played over a bed whose level was measured before them (`aboveBed`: on the real and
    /// compressed clocks, where a source plays; never on the virtual one), and the least and the
    /// median dB they stood above it.
    public var promptsOverBed: Int = 0
    public var minAboveBed: Double?
    public var medianAboveBed: Double?

    /// The median of sorted values (the mean of the middle two for an even count); nil for none.
    static func median(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
