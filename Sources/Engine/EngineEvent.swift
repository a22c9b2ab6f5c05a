import AudioPolicy

/// Something that happened, told to every subscriber (`events.subscribe`). Flat on purpose: one
/// shape for every type, the fields that apply set, so clients and the JSON Schema stay simple.
public struct EngineEvent: Codable, Sendable, Equatable {
    /// prompt.queued, prompt.started, prompt.finished, prompt.shortened, prompt.skipped, prompt.expired,
    /// session.activated, session.deactivated, source.started, source.changed, source.ended, source.ducked,
    /// source.restored, source.paused, source.resumed, source.stopped, interruption.began,
    /// interruption.ended, audit.violation, server.lost, server.restored
    public var type: String
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
    /// A simulated source's activity (source.started, source.changed): the assistant listening or speaking.
    public var activity: SourceActivity?
    /// Seconds of prompt audio (prompt.finished, prompt.shortened): the audio ended at the start plus
    /// this, before the restore ramp that the end event waits for.
    public var duration: Double?

    public init(type: String, time: Double) {
        self.type = type
        self.time = time
    }

    /// Every type an event can have.
    public static let types = [
        "prompt.queued", "prompt.started", "prompt.finished", "prompt.shortened", "prompt.skipped", "prompt.expired",
        "session.activated", "session.deactivated", "source.started", "source.changed", "source.ended", "source.ducked", "source.restored",
        "source.paused", "source.resumed", "source.stopped", "interruption.began", "interruption.ended", "audit.violation",
        "server.lost", "server.restored",
    ]
}
