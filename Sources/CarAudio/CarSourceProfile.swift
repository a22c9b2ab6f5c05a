import AudioPolicy

/// How each simulated source presents itself to PulseAudio: role, names, format, buffering.
///
/// Role choices (PulseAudio's well-known roles: video, music, game, event, phone, animation, production,
/// a11y, test):
/// - FM radio, music app: `music`.
/// - Podcast / audiobook / voicemail: `spoken`. No well-known role fits: `music` would make role-based
///   policies (module-role-ducking, module-role-cork defaults) treat it as music and duck it, which
///   is exactly the complaint "podcasts ducked instead of paused"; `a11y` is a screen reader, `video`
///   a film. `media.role` is free text, so a distinct value lets rules single it out, and unknown
///   roles are left alone by PulseAudio's own modules (VoxNav pauses it instead).
/// - Phone call: `phone`.
/// - Voice assistant: plays (earcon, replies) as `a11y`, synthesised spoken interaction, kept apart from
///   `phone` so a call and the assistant can be told apart; its microphone (a record stream) is `phone`,
///   the role PulseAudio gives voice capture (it is what asks for echo cancellation).
/// - Vehicle chime, the car's own navigation voice: `event`.
struct CarSourceProfile {
    var role: String
    var applicationName: String
    var mediaName: String
    var sampleRate: UInt32
    /// Server buffer (tlength); nil is the server default (~2 s), as an ordinary media player has.
    var targetLatency: Double?

    static func of(_ kind: SourceKind, _ activity: SourceActivity) throws -> CarSourceProfile {
        switch (kind, activity) {
        case (.fmRadio, .default):
            return .init(
                role: "music", applicationName: "Car FM Radio (simulated)", mediaName: "FM 101.1 VoxNav Classic",
                sampleRate: 44100, targetLatency: nil)
        case (.music, .default):
            return .init(
                role: "music", applicationName: "Music Player (simulated)", mediaName: "Night Drive (A minor)",
                sampleRate: 44100, targetLatency: nil)
        case (.spokenAudio, .default):
            return .init(
                role: "spoken", applicationName: "Podcast Player (simulated)", mediaName: "The Road Ahead, episode 12",
                sampleRate: 22050, targetLatency: nil)
        case (.spokenAudio, .voicemail):
            return .init(
                role: "spoken", applicationName: "Phone Voicemail (simulated)", mediaName: "Voicemail",
                sampleRate: 16000, targetLatency: nil)
        case (.phoneCall, .default):
            return .init(
                role: "phone", applicationName: "Phone Call (simulated)", mediaName: "Call with +1 555 0100",
                sampleRate: 16000, targetLatency: 0.04)
        case (.voiceAssistant, .listening):
            return .init(
                role: "a11y", applicationName: "Voice Assistant (simulated)", mediaName: "Listening",
                sampleRate: 22050, targetLatency: 0.04)
        case (.voiceAssistant, .speaking), (.voiceAssistant, .default):
            return .init(
                role: "a11y", applicationName: "Voice Assistant (simulated)", mediaName: "Assistant reply",
                sampleRate: 22050, targetLatency: 0.04)
        case (.vehicleChime, .default):
            return .init(
                role: "event", applicationName: "Vehicle Chime (simulated)", mediaName: "Door open chime",
                sampleRate: 44100, targetLatency: 0.04)
        case (.nativeNavigation, .default):
            return .init(
                role: "event", applicationName: "Car Navigation Voice (simulated)", mediaName: "Guidance",
                sampleRate: 22050, targetLatency: 0.1)
        default:
            throw CarSourceError("\(kind.rawValue) has no activity \(activity.rawValue)")
        }
    }

    func properties(kind: SourceKind, activity: SourceActivity) -> [String: String] {
        [
            "media.role": role,
            "media.name": mediaName,
            "application.name": applicationName,
            "application.id": "org.voxnav.car.\(kind.rawValue)",
            "voxnav.source.kind": kind.rawValue,
            "voxnav.source.activity": activity.rawValue,
        ]
    }
}

/// A source kind and activity that cannot be simulated together.
public struct CarSourceError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
