import ClientGuidance
import PackLibrary
import Prompts
import RPC
import Speech

/// Why the engine refused or failed a request. Messages are meant for the user.
public enum EngineError: Error, CustomStringConvertible, Sendable {
    case invalidSource(String)
    case invalidSession(String)
    case activationRejected(String)
    case sourceNotRunning(String)
    case audio(String)
    case speech(String)
    case unknownLanguage(String, available: [String])
    /// A guidance request was refused (`GuidanceSessions`).
    case guidance(GuidanceError)
    /// The car's own navigation is guiding: the app's guidance may not start until it stops.
    case nativeNavigationGuiding
    /// The queue, or the client's share of it, is full.
    case queueFull(QueueBound)
    /// A text prompt's speech would be longer than a prompt may take.
    case promptTooLong(SpeechOverrun)
    /// A prompt's text is longer than a prompt may have, before any synthesis.
    case textTooLong(characters: Int, limit: Int)
    /// A text said as several prompts in a row speaks longer in all than `PromptLimits.maxMessageSeconds`.
    case messageTooLong(seconds: Double, limit: Double)
    /// A name longer than it may be, refused before any look-up ("language must be at most 64 characters, …").
    case nameTooLong(String)
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
        case .queueFull(.clientFull(let limit)): "too many prompts waiting for this client (at most \(limit)); wait for some to finish"
        case .queueFull(.queueFull(let limit)):
            "the prompt queue is full (\(limit) prompts waiting, and this client has as many as any other, none of whose prompts would give way to this one); wait for some to finish"
        case .queueFull(.secondsFull(let waiting, let asked, let limit)):
            "the prompt queue is full: \(Self.seconds(waiting)) s of speech waiting and this prompt's \(Self.seconds(asked)) s would pass the limit of "
                + "\(Self.seconds(limit)) s (and this client has as many prompts waiting as any other, none of whose prompts would give way to this one); wait for some to finish"
        case .queueFull(.lineFull(let limit)):
            "the prompt queue is full: \(limit) prompts are being made for other clients, and this client already has one waiting or being made; wait for some to finish"
        case .promptTooLong(let overrun): "prompt refused: \(overrun), and too long still spoken \(PromptFitter.fastest)× as fast"
        case .textTooLong(let characters, let limit):
            "prompt refused: its text has \(characters) characters, more than the \(limit) a prompt may have"
        case .messageTooLong(let seconds, let limit):
            "text refused: it speaks \(Self.seconds(seconds)) s, more than the \(Self.seconds(limit)) s a text may speak in all, said as several prompts in a row"
        case .guidance(let refusal): refusal.description
        case .nativeNavigationGuiding:
            "the car's own navigation is guiding: guidance.start is refused until it stops (the guidance.ended event said so)"
        case .serverUnavailable: "\(Self.serverUnavailableReason): voxnavd is reconnecting, try again shortly"
        case .nameTooLong(let why): why
        case .unknownLanguage(let language, let available): VoiceLibrary.noPack(for: language, available: available)
        }
    }

    /// What a client reads without parsing the message: `{"guidanceEnded": reason}` for a guidance
    /// request after its guidance ended (a drive that arrived stops sending updates).
    public var data: JSONValue? {
        guard case .guidance(.guidanceEnded(let reason)) = self else { return nil }
        return .object(["guidanceEnded": .string(reason.rawValue)])
    }

    /// The request itself is at fault (JSON-RPC -32602, invalid params), not the engine's state.
    public var isInvalidRequest: Bool {
        switch self {
        case .promptTooLong, .textTooLong, .messageTooLong, .nameTooLong: true
        default: false
        }
    }

    private static func seconds(_ value: Double) -> String { String((value * 10).rounded() / 10) }

    /// The reason given to prompts that end because the sound server went away.
    public static let serverUnavailableReason = "sound server unavailable"
}
