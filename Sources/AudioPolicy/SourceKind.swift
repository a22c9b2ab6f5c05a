/// The kinds of audio a car and a phone produce besides our prompts: "the others".
public enum SourceKind: String, Codable, CaseIterable, Sendable {
    case fmRadio, music, spokenAudio, phoneCall, voiceAssistant, vehicleChime, nativeNavigation
}

/// What the arbiter decides for one source.
public enum EffectiveState: Equatable, Sendable {
    case playing
    /// Lowered by `dB` (negative) relative to the source's own volume.
    case ducked(dB: Double)
    /// Interrupted; will resume where it stopped.
    case paused
    case stopped
}
