/// Why speech could not be produced.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    case engineUnavailable(String)
    case unknownVoice(String)
    case emptyText
    case synthesisFailed(String)
    /// The speech would be longer than the limit asked for; synthesis stopped there.
    case tooLong(SpeechOverrun)
    /// Synthesis took longer than its timeout and was given up.
    case timedOut(Duration)
    /// The caller stopped waiting.
    case cancelled

    public var description: String {
        switch self {
        case .engineUnavailable(let why): "eSpeak NG is not available: \(why)"
        case .unknownVoice(let voice): "no eSpeak NG voice named '\(voice)' is installed"
        case .emptyText: "there is no text to speak"
        case .synthesisFailed(let why): "synthesis failed: \(why)"
        case .tooLong(let overrun): overrun.description
        case .timedOut(let timeout): "synthesis took longer than \(timeout) and was given up"
        case .cancelled: "synthesis was cancelled"
        }
    }
}

/// How far synthesis got before it passed its limit, and what the whole text would take.
public struct SpeechOverrun: Equatable, Sendable, CustomStringConvertible {
    /// The limit, in seconds.
    public var limit: Double
    /// Seconds of audio made before synthesis stopped (eSpeak NG's own silence included).
    public var made: Double
    /// How many characters of the text that audio covers, as eSpeak NG reported them.
    public var charactersSpoken: Int
    public var characters: Int

    public init(limit: Double, made: Double, charactersSpoken: Int, characters: Int) {
        self.limit = limit
        self.made = made
        self.charactersSpoken = charactersSpoken
        self.characters = characters
    }

    /// The whole text's length in seconds, extrapolated from the part made.
    public var estimatedSeconds: Double {
        guard charactersSpoken > 0, charactersSpoken < characters else { return made }
        return made * Double(characters) / Double(charactersSpoken)
    }

    public var description: String {
        let estimate = (estimatedSeconds * 10).rounded() / 10
        let measured = (made * 10).rounded() / 10
        let limitText = limit == limit.rounded() ? "\(Int(limit))" : "\(limit)"
        return "its speech would last about \(estimate) s (\(measured) s made for the first \(charactersSpoken) of \(characters) characters), "
            + "more than the \(limitText) s a prompt may take"
    }
}
