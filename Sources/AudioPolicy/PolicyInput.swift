/// What happens in the car, fed to the engine by the I/O layer. Times are seconds on an injected clock.
public enum PolicyInput: Hashable, Sendable {
    /// A car or phone source starts (or starts again after being stopped).
    case sourceStarted(Source, at: Double)
    /// A source changes activity (the assistant goes from listening to speaking): it counts as starting anew.
    case sourceChanged(SourceID, SourceActivity, at: Double)
    /// A source ends of its own accord.
    case sourceEnded(SourceID, at: Double)
    /// A client sets its session configuration.
    case configure(ClientID, SessionConfiguration, at: Double)
    /// A client asks for its session to be active without prompt audio (a guideline smell, capped).
    case activate(ClientID, at: Double)
    /// A client deactivates its session.
    case deactivate(ClientID, notifyOthers: Bool, at: Double)
    /// A client's prompt audio is rendered and ready to play.
    case promptReady(ClientID, at: Double)
    /// A client's prompt drained; `nextDueAt` is when its next prompt is due, if known.
    case promptFinished(ClientID, nextDueAt: Double?, at: Double)
    /// Another prompt is coming, as soon as it is made: one waits in the queue or is being
    /// synthesised, or prompts come in a burst (`PromptCadence`). Held ducks and pauses stay held
    /// for it, up to `Ramps.holdForNext` after the prompt's end (no pumping); a prompt ready ends it.
    case promptComing(at: Double)
    /// The prompt playing now must stand out of a loud bed: every duck goes `by` dB (≤ 0) deeper
    /// while it plays and while its hold lasts (`PolicyEngine.deeperDuck`).
    case duckDeeper(by: Double, at: Double)
    /// A client shows (or hides) its voice-control screen: the one time recording is allowed in the car.
    case voiceControlScreen(ClientID, shown: Bool, at: Double)
    /// The user sets a client's voice guidance (off, alerts only, all).
    case voiceGuidance(ClientID, VoiceGuidance, at: Double)
    /// The user sets what a client's prompts do during a call (tone, voice, off).
    case promptsDuringCall(ClientID, PromptsDuringCall, at: Double)
    /// The user sets how loud a client's prompts are (softer, normal, louder).
    case guidanceGain(ClientID, GuidanceGain, at: Double)
    /// A client disconnected: its session goes.
    case clientGone(ClientID, at: Double)
    /// Time passes.
    case tick(at: Double)

    public var at: Double {
        switch self {
        case .sourceStarted(_, let t), .sourceChanged(_, _, let t), .sourceEnded(_, let t), .configure(_, _, let t),
            .activate(_, let t), .deactivate(_, _, let t), .promptReady(_, let t), .promptFinished(_, _, let t), .promptComing(let t), .duckDeeper(_, let t),
            .voiceControlScreen(_, _, let t), .voiceGuidance(_, _, let t), .promptsDuringCall(_, _, let t), .guidanceGain(_, _, let t),
            .clientGone(_, let t), .tick(let t):
            t
        }
    }
}
