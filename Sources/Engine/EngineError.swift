/// Why the engine refused or failed a request. Messages are meant for the user.
public enum EngineError: Error, CustomStringConvertible, Sendable {
    case invalidSource(String)
    case invalidSession(String)
    case activationRejected(String)
    case sourceNotRunning(String)
    case audio(String)
    case speech(String)
    case unknownLanguage(String, available: [String])
    case unknownProfile(String, available: [String])
    case noGuidance
    case queueFull(Int)
    case unknownManeuver(String)
    /// The sound server went away; the daemon is reconnecting.
    case serverUnavailable

    public var description: String {
        switch self {
        case .invalidSource(let why): why
        case .invalidSession(let why): "impossible session configuration: \(why)"
        case .activationRejected(let why): why
        case .sourceNotRunning(let kind): "source '\(kind)' is not running"
        case .audio(let why): "audio error: \(why)"
        case .speech(let why): why
        case .unknownProfile(let profile, let available):
            "unknown vehicle profile '\(profile)' (available: \(available.joined(separator: ", ")))"
        case .queueFull(let limit): "too many prompts waiting for this client (at most \(limit)); wait for some to finish"
        case .noGuidance: "no guidance is running for this client (call guidance.start first)"
        case .serverUnavailable: "\(Self.serverUnavailableReason): voxnavd is reconnecting, try again shortly"
        case .unknownManeuver(let id): "maneuver '\(id)' was never described: send its 'maneuver' once"
        case .unknownLanguage(let language, let available):
            "no phrase pack for language '\(language)' (available: \(available.joined(separator: ", ")))"
        }
    }

    /// The reason given to prompts that end because the sound server went away.
    public static let serverUnavailableReason = "sound server unavailable"
}
