/// Why speech could not be produced.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    case engineUnavailable(String)
    case unknownVoice(String)
    case emptyText
    case synthesisFailed(String)

    public var description: String {
        switch self {
        case .engineUnavailable(let why): "eSpeak NG is not available: \(why)"
        case .unknownVoice(let voice): "no eSpeak NG voice named '\(voice)' is installed"
        case .emptyText: "there is no text to speak"
        case .synthesisFailed(let why): "synthesis failed: \(why)"
        }
    }
}
