import AudioPolicy
import Guidance

/// An event as the protocol sends it, told to every subscriber (`events.subscribe`) as the params of
/// an `event` notification. Flat on purpose: one shape for every type, the fields that apply set, so
/// clients and the JSON Schema stay simple. The engine fills it only from an `EngineEvent`, whose case
/// says which fields apply (`EngineEvent.record(at:)`); the daemon writes it and its clients read it:
/// one type, so that a field added here reaches both. An event of a type or value this build does
/// not know does not decode, and a client skips it.
public struct EventRecord: Codable, Sendable, Equatable {
    /// The notification's method.
    public static let notificationMethod = "event"

    public internal(set) var type: EventType
    /// Seconds on the daemon's clock.
    public internal(set) var time: Double
    public internal(set) var client: String?
    public internal(set) var prompt: String?
    public internal(set) var source: String?
    public internal(set) var kind: SourceKind?
    public internal(set) var text: String?
    public internal(set) var style: PromptStyle?
    public internal(set) var priority: PromptPriority?
    public internal(set) var reason: String?
    public internal(set) var dB: Double?
    public internal(set) var shouldResume: Bool?
    public internal(set) var rule: String?
    /// prompt.interrupted: the policy's rule that cut the prompt short while it played.
    public internal(set) var cut: PromptCutRule?
    /// A simulated source's activity (source.started, source.changed): the assistant listening or speaking.
    public internal(set) var activity: SourceActivity?
    /// Seconds of prompt audio (prompt.finished, prompt.shortened): the audio ended at the start plus
    /// this, before the restore ramp that the end event waits for.
    public internal(set) var duration: Double?
    /// prompt.started: seconds of silence played before the first word (the output had been idle;
    /// the policy's `outputs:`). The first word is heard at the start plus this.
    public internal(set) var preRoll: Double?
    /// prompt.started: dB applied to the prompt's speech (its client's guidance gain, and any boost
    /// the policy's `audibility:` target asked for); absent when 0.
    public internal(set) var gain: Double?
    /// prompt.started: dB the ducked sources went below their duck for this prompt to stand out.
    public internal(set) var extraDuck: Double?
    /// prompt.started: how far the prompt's speech level stands above the bed under it (dB), when
    /// something plays under it and its level was measured.
    public internal(set) var aboveBed: Double?
    /// prompt.started: the prompt's speech level as played (dBFS, gated as `SpeechLevel` measures
    /// it), when it is speech: the policy's `audibility.promptLevel` plus its gain.
    public internal(set) var speechLevel: Double?
    /// source.handled: how another program's stream was interrupted or let go (through its player, or muted).
    public internal(set) var handling: ForeignHandling?
    /// source.handled: the MPRIS player's bus name, where one plays the stream.
    public internal(set) var player: String?
    /// prompt.queued, for a guidance instruction: the maneuver it is for (its id in the route) and
    /// the state it announces (`execute` is the final instruction).
    public internal(set) var maneuver: String?
    public internal(set) var state: ManeuverState?

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
