import AudioPolicy

/// What happened to one prompt, with its timings in milliseconds after the request arrived.
public struct PromptOutcome: Codable, Sendable {
    public enum Result: String, Codable, Sendable {
        /// Played as composed.
        case finished
        /// Played, with less detail than composed so as to fit the time budget.
        case shortened
        /// Not played: prompt style none, a holder rejecting it, superseded, cancelled, client gone.
        case skipped
        /// Not played: its deadline passed before it could start.
        case expired
        /// Cut short (or held back before it began) by a more urgent prompt the policy lets interrupt
        /// it (`preemption:`); the reason says by which, and whether it was queued again, as which.
        case interrupted

        /// The prompt's end event.
        public var eventType: EventType {
            switch self {
            case .finished: .promptFinished
            case .shortened: .promptShortened
            case .skipped: .promptSkipped
            case .expired: .promptExpired
            case .interrupted: .promptInterrupted
            }
        }
    }

    /// The prompt's id, as in its events.
    public var id: String
    public var result: Result
    public var style: PromptStyle
    public var text: String
    public var voice: String?
    /// Length of the audio played, in seconds (0 when nothing played).
    public var audioDuration: Double
    public var timings: Timings
    /// Sources whose volume the prompt lowered, and their levels.
    public var ducked: [DuckedSource]
    /// Sources the prompt paused (spoken audio), resumed where they stopped afterwards.
    public var paused: [SourceKind]
    /// Why nothing was played, when `result` is skipped.
    public var reason: String?
    /// The policy's rule that cut it short, when `result` is interrupted by the moment
    /// (`assistantListening`, `voiceControlShown`, `recording`, `voiceGuidanceOff`, `nativeNavigation`,
    /// `call`, `assistantSpeaking`, `voicemail`).
    public var cut: PromptCutRule?

    public init(
        id: String, result: Result, style: PromptStyle, text: String, voice: String?, audioDuration: Double, timings: Timings,
        ducked: [DuckedSource], paused: [SourceKind], reason: String?
    ) {
        self.id = id
        self.result = result
        self.style = style
        self.text = text
        self.voice = voice
        self.audioDuration = audioDuration
        self.timings = timings
        self.ducked = ducked
        self.paused = paused
        self.reason = reason
    }

    public struct Timings: Codable, Sendable {
        /// Audio synthesised and ready to play.
        public var audioReady: Double?
        /// Voice-prompt session activated (never before audioReady).
        public var activated: Double?
        /// Ducking complete (the ducks' last steps sent); the prompt's audio goes to the stream.
        public var playbackStarted: Double?
        /// The server has played the last sample.
        public var drained: Double?
        /// Session deactivated.
        public var deactivated: Double?
        /// Every lowered source back at its own volume.
        public var restored: Double?

        public init() {}
    }

    public struct DuckedSource: Codable, Sendable {
        public var kind: SourceKind
        public var sinkInput: UInt32
        public var from: [UInt32]
        public var to: [UInt32]

        public init(kind: SourceKind, sinkInput: UInt32, from: [UInt32], to: [UInt32]) {
            self.kind = kind
            self.sinkInput = sinkInput
            self.from = from
            self.to = to
        }
    }
}
