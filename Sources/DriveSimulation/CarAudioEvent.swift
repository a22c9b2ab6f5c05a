import AudioPolicy
import Guidance

/// One event of a scenario's car-audio script.
public struct CarAudioEvent: Sendable, Equatable, Codable {
    /// Seconds after the drive starts.
    public var time: Double
    public var action: CarAudioAction
    /// The chime's length in seconds (chime only).
    public var duration: Double?
    /// PulseAudio `media.role` of another program's stream (stream.start only): music, video, phone, …
    public var role: String?
    /// Name of another program's stream; `stream.stop` stops the one with the same name.
    public var name: String?
    /// Why guidance pauses (guidance.pause only).
    public var reason: GuidancePauseReason?

    public init(
        time: Double, action: CarAudioAction, duration: Double? = nil, role: String? = nil, name: String? = nil, reason: GuidancePauseReason? = nil
    ) {
        self.time = time
        self.action = action
        self.duration = duration
        self.role = role
        self.name = name
        self.reason = reason
    }

    /// The source it acts on, as the daemon names it: the kind for a simulated source
    /// ("fmRadio", "spokenAudio"), "stream:<name>" for another program's stream, "voiceControl" for the
    /// app's voice-control template.
    public var source: String {
        if action == .voiceControlShow || action == .voiceControlHide { return "voiceControl" }
        if action == .guidancePause || action == .guidanceResume { return "guidance" }
        return action.kind?.rawValue ?? "stream:\(name ?? CarAudioEvent.defaultStreamName)"
    }

    public static let defaultStreamName = "paplay"
    public static let defaultChimeDuration = 1.0
    /// PulseAudio's `media.role` values.
    public static let streamRoles = ["music", "video", "game", "event", "phone", "animation", "production", "a11y", "test"]
}
