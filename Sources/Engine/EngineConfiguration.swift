/// The engine's tunables. Defaults follow REFERENCE.md; the policy file will override them.
public struct EngineConfiguration: Sendable {
    /// How far the radio and music are lowered while a prompt plays.
    public var duckLevelDB: Double = -15
    /// The ramp down: short, so the radio is already ducked when the prompt's first sample is heard.
    public var duckRamp = VolumeRampSettings(duration: .milliseconds(30), steps: 4)
    /// The ramp back up after the session is deactivated.
    public var restoreRamp = VolumeRampSettings(duration: .milliseconds(200), steps: 8)
    /// The prompt stream's target latency (tlength); 10–20 ms is the proven range.
    public var promptLatency: Double = 0.02
    /// The language of prompts that name none.
    public var defaultLanguage = "en-US"
    /// Where the phrase packs are; nil searches (see `VoiceLibrary.locate`).
    public var voicesDirectory: String?
    /// Speech rate in words per minute.
    public var speechRate = 175
    /// The longest a maneuver prompt may speak; longer wordings drop lane advice, the chained
    /// "then" and the road name, in that order, until one fits.
    public var maxPromptSeconds = 6.0

    public init() {}
}

/// Duration and step count of a volume ramp.
public struct VolumeRampSettings: Sendable {
    public var duration: Duration
    public var steps: Int
    public init(duration: Duration, steps: Int) {
        self.duration = duration
        self.steps = steps
    }
}
