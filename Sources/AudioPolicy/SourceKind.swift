import StrictCoding

/// The kinds of audio a car and a phone produce besides our prompts: "the others".
public enum SourceKind: String, Codable, CaseIterable, Sendable {
    case fmRadio, music, spokenAudio, phoneCall, voiceAssistant, vehicleChime, nativeNavigation

    /// The activities a source of this kind can have: an assistant listens or speaks, the phone
    /// plays a voicemail; the rest only do what they do.
    public var activities: Set<SourceActivity> {
        switch self {
        case .voiceAssistant: [.default, .listening, .speaking]
        case .spokenAudio: [.default, .voicemail]
        case .fmRadio, .music, .phoneCall, .vehicleChime, .nativeNavigation: [.default]
        }
    }

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "source kind")
    }
}

/// What a source is doing, where its kind has distinct activities that the policy treats differently.
public enum SourceActivity: String, Codable, CaseIterable, Sendable {
    /// The kind's ordinary activity (playing, guiding, a voice call, ...).
    case `default`
    /// voiceAssistant: the microphone is open.
    case listening
    /// voiceAssistant: replying, microphone closed.
    case speaking
    /// spokenAudio: the phone playing a voicemail.
    case voicemail

    public init(from decoder: any Decoder) throws {
        self = try decodeStrictly(Self.self, from: decoder, named: "source activity")
    }
}

/// One car or phone source as the policy sees it.
public struct Source: Hashable, Codable, Sendable {
    public var id: SourceID
    public var kind: SourceKind
    public var activity: SourceActivity

    public init(id: SourceID, kind: SourceKind, activity: SourceActivity = .default) {
        self.id = id
        self.kind = kind
        self.activity = activity
    }

    /// Its row and column in the interaction table. An activity that does not apply to the kind is ignored.
    public var focusRole: FocusRole {
        switch (kind, activity) {
        case (.voiceAssistant, .listening): .voiceAssistantListening
        case (.voiceAssistant, _): .voiceAssistantSpeaking
        case (.spokenAudio, .voicemail): .voicemail
        case (.fmRadio, _): .fmRadio
        case (.music, _): .music
        case (.spokenAudio, _): .spokenAudio
        case (.phoneCall, _): .phoneCall
        case (.vehicleChime, _): .vehicleChime
        case (.nativeNavigation, _): .nativeNavigation
        }
    }
}

/// What the arbiter decides for one source or session.
public enum EffectiveState: Hashable, Codable, Sendable {
    case playing
    /// Lowered by `dB` (negative) relative to the source's own volume.
    case ducked(dB: Double)
    /// Interrupted; will resume where it stopped.
    case paused
    /// Lost focus for good: it stays silent until it is started again.
    case stopped

    /// True while its audio is audible (ducked audio still plays, and advances).
    public var isAudible: Bool {
        switch self {
        case .playing, .ducked: true
        case .paused, .stopped: false
        }
    }
}
