/// What one connection has set with `SET SELF …`: what VoxNav uses (priority, language, rate,
/// pitch, volume, SSML mode, the events to tell), and what it keeps only to answer `GET` (the pitch
/// range, the voice's type, punctuation, spelling).
public struct SSIPSettings: Hashable, Sendable {
    /// "user:application:connection", as the client named itself.
    public var clientName = "unknown:unknown:unknown"
    public var priority = SSIPPriority.text
    /// The language as the client set it ("C" until then: the locale's default).
    public var language = "C"
    /// The VoxNav language the client's language resolved to; nil: the default.
    public var voxNavLanguage: String?
    /// -100...100, as SSIP gives them.
    public var rate = 0
    public var pitch = 0
    public var pitchRange = 0
    public var volume = 0
    public var voiceType: String?
    public var synthesisVoice: String?
    public var punctuation = "none"
    public var spelling = false
    public var capitalLetters = "none"
    public var ssml = false
    public var pauseContext = 0
    public var notifications: Set<SSIPEvent> = []

    public init() {}
}

/// What a client asked to be said: the words (`SPEAK`, `CHAR`, `KEY`) and the settings they take
/// with them when queued.
public struct SSIPMessage: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case text
        case character
        case key
    }

    public let text: String
    public let kind: Kind
    public let priority: SSIPPriority
    public let language: String?
    public let volume: Int
    /// -100...100, as the client set them when it was queued.
    public let rate: Int
    public let pitch: Int
    /// The text is SSML (`SET SELF SSML_MODE on`).
    public let ssml: Bool
    /// The events to tell of this message: the client's choice when it was queued.
    public let notifications: Set<SSIPEvent>
}

/// The connections a `STOP` or `CANCEL` is about: the client's own, every one, or another by its id.
public enum SSIPTarget: Hashable, Sendable {
    case own
    case all
    case client(Int)
}

/// The voices `LIST SYNTHESIS_VOICES` tells of: a name and a language each.
public struct SSIPCatalog: Sendable {
    public let voices: [(name: String, language: String)]

    public init(voices: [(name: String, language: String)]) {
        self.voices = voices
    }
}
