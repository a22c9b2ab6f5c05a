import AudioPolicy

/// What a script event does: the car's audio, or (`reroute`, `repeat`, `guidance.*`) the guidance. Raw values
/// are the scenario spellings.
public enum CarAudioAction: String, CaseIterable, Sendable, Codable {
    case radioOn = "radio.on"
    case radioOff = "radio.off"
    case musicStart = "music.start"
    case musicStop = "music.stop"
    case podcastStart = "podcast.start"
    case podcastStop = "podcast.stop"
    case callBegin = "call.begin"
    case callEnd = "call.end"
    case assistantListen = "assistant.listen"
    case assistantSpeak = "assistant.speak"
    case assistantEnd = "assistant.end"
    /// A vehicle chime of `duration` seconds (it ends by itself).
    case chime
    case nativeNavigationStart = "nativeNavigation.start"
    case nativeNavigationStop = "nativeNavigation.stop"
    /// Another program's stream (like `paplay --property=media.role=music`).
    case streamStart = "stream.start"
    case streamStop = "stream.stop"
    /// The app shows its voice-control template (`session.voiceControl`): no prompt plays while it is shown.
    case voiceControlShow = "voiceControl.show"
    case voiceControlHide = "voiceControl.hide"
    /// The guidance engine recalculates its route (`guidance.reroute`): no source is touched.
    case reroute
    /// The driver asks to hear the next maneuver again (`guidance.repeat`): no source is touched.
    case repeatManeuver = "repeat"
    /// The guidance engine cannot guide for a while (`guidance.pause` with the event's `reason`).
    case guidancePause = "guidance.pause"
    /// Guidance goes on (`guidance.resume`).
    case guidanceResume = "guidance.resume"
    /// The driver asks when they will arrive (`guidance.estimates`): no source is touched.
    case estimates = "guidance.estimates"

    /// The simulated source kind it acts on; nil for another program's stream.
    public var kind: SourceKind? {
        switch self {
        case .radioOn, .radioOff: .fmRadio
        case .musicStart, .musicStop: .music
        case .podcastStart, .podcastStop: .spokenAudio
        case .callBegin, .callEnd: .phoneCall
        case .assistantListen, .assistantSpeak, .assistantEnd: .voiceAssistant
        case .chime: .vehicleChime
        case .nativeNavigationStart, .nativeNavigationStop: .nativeNavigation
        case .streamStart, .streamStop, .voiceControlShow, .voiceControlHide, .reroute, .repeatManeuver, .guidancePause, .guidanceResume,
            .estimates:
            nil
        }
    }

    /// Another program's stream (`stream.start`, `stream.stop`).
    public var isStream: Bool { self == .streamStart || self == .streamStop }

    /// True when it starts a source (or changes its activity); false when it stops one.
    public var starts: Bool {
        switch self {
        case .radioOn, .musicStart, .podcastStart, .callBegin, .assistantListen, .assistantSpeak, .chime,
            .nativeNavigationStart, .streamStart, .voiceControlShow, .guidancePause:
            true
        case .radioOff, .musicStop, .podcastStop, .callEnd, .assistantEnd, .nativeNavigationStop, .streamStop, .voiceControlHide, .reroute, .repeatManeuver,
            .guidanceResume, .estimates:
            false
        }
    }

    /// True when it acts on no source at all (a reroute, a repeat, a pause and its resume, the estimates asked for).
    public var isGuidance: Bool { [.reroute, .repeatManeuver, .guidancePause, .guidanceResume, .estimates].contains(self) }

    /// Whether it is one of a pair, started and ended in turn (a source, the template, a pause).
    public var isPaired: Bool { self != .chime && (!isGuidance || self == .guidancePause || self == .guidanceResume) }

    /// The activity a starting action gives its source.
    public var activity: SourceActivity {
        switch self {
        case .assistantListen: .listening
        case .assistantSpeak: .speaking
        default: .default
        }
    }

    /// The action that ends what this one starts (for `until:`); nil for stops and the chime.
    public var ending: CarAudioAction? {
        switch self {
        case .radioOn: .radioOff
        case .musicStart: .musicStop
        case .podcastStart: .podcastStop
        case .callBegin: .callEnd
        case .assistantListen, .assistantSpeak: .assistantEnd
        case .nativeNavigationStart: .nativeNavigationStop
        case .streamStart: .streamStop
        case .voiceControlShow: .voiceControlHide
        case .guidancePause: .guidanceResume
        default: nil
        }
    }
}
