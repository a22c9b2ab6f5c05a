/// A row and column of the interaction table: what a participant is, as far as focus goes.
/// Sources map to a role by kind and activity; sessions by their configuration.
public enum FocusRole: String, Codable, CaseIterable, Sendable {
    // Car and phone sources.
    case fmRadio, music, spokenAudio, voicemail, phoneCall
    case voiceAssistantListening, voiceAssistantSpeaking
    case vehicleChime, nativeNavigation
    // Client sessions, by configuration.
    /// playback + duckOthers + interruptSpokenAudioAndMixWithOthers: the CarPlay prompt configuration.
    case voicePrompt
    /// Mixing, ducks everything (spoken audio included).
    case duckingPlayback
    /// Mixing, pauses spoken audio only.
    case spokenInterruptingPlayback
    /// Mixing, affects nobody.
    case mixingPlayback
    /// Does not mix: takes the car's main audio over.
    case exclusivePlayback
    /// Uses the microphone (record, playAndRecord, multiRoute).
    case recording

    /// True for the roles of client sessions.
    public var isSession: Bool {
        switch self {
        case .voicePrompt, .duckingPlayback, .spokenInterruptingPlayback, .mixingPlayback, .exclusivePlayback,
            .recording:
            true
        default: false
        }
    }

    /// The car's own sources (its radio, chimes and navigation): the head unit mutes them during an
    /// interruption and plays them again after it. No phone session's notify-others flag reaches them, so they
    /// are never left silent by a session deactivated without notify.
    public var isCarNative: Bool {
        switch self {
        case .fmRadio, .vehicleChime, .nativeNavigation: true
        default: false
        }
    }

    /// The roles of car and phone sources.
    public static let sourceRoles = allCases.filter { !$0.isSession }
    /// The roles of client sessions.
    public static let sessionRoles = allCases.filter(\.isSession)
}
