import AudioPolicy
import Guidance

/// Something that happened, told to every subscriber (`events.subscribe`) as the params of an
/// `event` notification. Flat on purpose: one shape for every type, the fields that apply set, so
/// clients and the JSON Schema stay simple. The daemon writes it and its clients read it: one type,
/// so that a field added here reaches both. An event of a type or value this build does not know
/// does not decode, and a client skips it.
public struct EngineEvent: Codable, Sendable, Equatable {
    /// The notification's method.
    public static let notificationMethod = "event"

    public var type: EventType
    /// Seconds on the daemon's clock.
    public var time: Double
    public var client: String?
    public var prompt: String?
    public var source: String?
    public var kind: SourceKind?
    public var text: String?
    public var style: PromptStyle?
    public var priority: PromptPriority?
    public var reason: String?
    public var dB: Double?
    public var shouldResume: Bool?
    public var rule: String?
    /// prompt.interrupted: the policy's rule that cut the prompt short while it played.
    public var cut: PromptCutRule?
    /// A simulated source's activity (source.started, source.changed): the assistant listening or speaking.
    public var activity: SourceActivity?
    /// Seconds of prompt audio (prompt.finished, prompt.shortened): the audio ended at the start plus
    /// this, before the restore ramp that the end event waits for.
    public var duration: Double?
    /// prompt.started: seconds of silence played before the first word (the output had been idle;
    /// the policy's `outputs:`). The first word is heard at the start plus this.
    public var preRoll: Double?
    /// prompt.started: dB applied to the prompt's speech (its client's guidance gain, and any boost
    /// the policy's `audibility:` target asked for); absent when 0.
    public var gain: Double?
    /// prompt.started: dB the ducked sources went below their duck for this prompt to stand out.
    public var extraDuck: Double?
    /// prompt.started: how far the prompt's speech level stands above the bed under it (dB), when
    /// something plays under it and its level was measured.
    public var aboveBed: Double?
    /// prompt.started: the prompt's speech level as played (dBFS, gated as `SpeechLevel` measures
    /// it), when it is speech: the policy's `audibility.promptLevel` plus its gain.
    public var speechLevel: Double?
    /// source.handled: how another program's stream was interrupted or let go (through its player, or muted).
    public var handling: ForeignHandling?
    /// source.handled: the MPRIS player's bus name, where one plays the stream.
    public var player: String?
    /// prompt.queued, for a guidance instruction: the maneuver it is for (its id in the route) and
    /// the state it announces (`execute` is the final instruction).
    public var maneuver: String?
    public var state: ManeuverState?

    public init(
        type: EventType, time: Double, client: String? = nil, prompt: String? = nil, source: String? = nil, kind: SourceKind? = nil,
        text: String? = nil, style: PromptStyle? = nil, priority: PromptPriority? = nil, reason: String? = nil, dB: Double? = nil,
        rule: String? = nil, activity: SourceActivity? = nil, duration: Double? = nil
    ) {
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
        self.rule = rule
        self.activity = activity
        self.duration = duration
    }
}
