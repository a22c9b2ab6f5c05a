/// What the driver set for each client's prompts: how much voice guidance it gives (all, alerts
/// only, off), what its prompts do during a call (tone, voice, off) and how loud they are. A client
/// with nothing set has the defaults: all, tone, normal. Pure.
public struct DriverSettings: Hashable, Sendable {
    private var voiceGuidance: [ClientID: VoiceGuidance] = [:]
    private var promptsDuringCall: [ClientID: PromptsDuringCall] = [:]
    private var guidanceGain: [ClientID: GuidanceGain] = [:]

    public init() {}

    public func voiceGuidance(of client: ClientID) -> VoiceGuidance { voiceGuidance[client] ?? .all }
    public func promptsDuringCall(of client: ClientID) -> PromptsDuringCall { promptsDuringCall[client] ?? .tone }
    public func guidanceGain(of client: ClientID) -> GuidanceGain { guidanceGain[client] ?? .normal }

    /// Whether a prompt given `verdict` was held back by the moment (a call, the assistant, another
    /// app recording: a tone or nothing instead of its words), so that it is owed once the moment
    /// passes; not when it was spoken, nor when the user's voice-guidance level silences it.
    public func heldBack(_ verdict: PromptVerdict, client: ClientID, purpose: PromptPurpose = .instruction) -> Bool {
        switch verdict {
        case .play(.normal), .noSession: false
        case .play(.short), .skip: voiceGuidance(of: client).cap(for: purpose) == .normal
        }
    }

    /// Takes the setting an input makes (any other input changes nothing).
    mutating func take(_ input: PolicyInput) {
        switch input {
        case .voiceGuidance(let client, let level, _): voiceGuidance[client] = level == .all ? nil : level
        case .promptsDuringCall(let client, let setting, _): promptsDuringCall[client] = setting == .tone ? nil : setting
        case .guidanceGain(let client, let gain, _): guidanceGain[client] = gain == .normal ? nil : gain
        default: break
        }
    }

    /// Forgets what was set for a client that went away.
    mutating func forget(_ client: ClientID) {
        voiceGuidance[client] = nil
        promptsDuringCall[client] = nil
        guidanceGain[client] = nil
    }
}
