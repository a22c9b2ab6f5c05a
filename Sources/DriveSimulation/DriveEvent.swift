import AudioPolicy
import Guidance
import RPC

/// One daemon event as the timeline builder reads it: the fields of the engine's `EngineEvent`
/// (`events.subscribe` notifications decode straight into it), plus an optional `activity` a
/// driver may add for its own script events. Engine is not imported on purpose.
public struct DriveEvent: Codable, Sendable, Equatable {
    /// One of `EventType`'s, as spelled on the wire; others (a newer daemon's) are ignored.
    public var type: String
    /// Seconds on the daemon's clock.
    public var time: Double
    public var client: String?
    public var prompt: String?
    public var source: String?
    public var kind: SourceKind?
    public var text: String?
    public var style: PromptStyle?
    /// The engine's prompt priority, as spelled on the wire.
    public var priority: String?
    public var reason: String?
    public var dB: Double?
    public var shouldResume: Bool?
    public var rule: String?
    /// prompt.interrupted: the policy's rule that cut the prompt short while it played.
    public var cut: String?
    public var activity: SourceActivity?
    /// Seconds of prompt audio (prompt.finished, prompt.shortened).
    public var duration: Double?
    /// prompt.started: seconds of silence before the first word (the output had been idle).
    public var preRoll: Double?
    /// prompt.queued, for a guidance instruction: the maneuver it is for and the state it announces.
    public var maneuver: String?
    public var state: ManeuverState?

    /// The type, if it is one this build knows.
    public var eventType: EventType? { EventType(rawValue: type) }

    public init(
        type: String, time: Double, client: String? = nil, prompt: String? = nil, source: String? = nil,
        kind: SourceKind? = nil, text: String? = nil, style: PromptStyle? = nil, priority: String? = nil,
        reason: String? = nil, dB: Double? = nil, shouldResume: Bool? = nil, rule: String? = nil,
        activity: SourceActivity? = nil, duration: Double? = nil
    ) {
        self.duration = duration
        self.type = type
        self.time = time
        self.client = client
        self.prompt = prompt
        self.source = source
        self.kind = kind
        self.text = text
        self.style = style
        self.priority = priority
        self.reason = reason
        self.dB = dB
        self.shouldResume = shouldResume
        self.rule = rule
        self.activity = activity
    }
}
