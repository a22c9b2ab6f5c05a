import AudioPolicy
import Guidance

/// A snapshot of what the engine is doing, as read back from the sound server where possible.
public struct EngineState: Codable, Sendable {
    /// Seconds on the engine's clock, and which clock that is (real, virtual, compressed).
    public var time: Double
    public var clock: String
    /// Prompts waiting in the queue, the seconds of speech they hold, and whether one is being
    /// played (or prepared).
    public var promptsWaiting: Int
    public var promptSecondsWaiting: Double
    public var promptPlaying: Bool
    /// True while any client's voice-prompt (or other) session is active.
    public var sessionActive: Bool
    public var promptsSpoken: Int
    public var promptsSkipped: Int
    /// Times the sound server ran out of a prompt's audio before VoxNav had written it all, since
    /// the start: a gap heard inside a prompt. A prompt is written whole before it plays, so 0.
    public var promptUnderflows: Int
    /// Clients with guidance running.
    public var guidanceClients: Int
    /// Each client's guidance: its language, whether it is paused, its trip's estimates.
    public var guidance: [Guidance]
    /// The style a prompt would get right now (none, short, normal).
    public var promptStyle: PromptStyle
    public var sources: [Source]
    public var sessions: [Session]
    public var violations: [ViolationEntry]
    /// Why the journal cannot be written, while it cannot (absent otherwise): other programs' streams
    /// are then neither ducked, paused nor muted, since nothing would undo it after a kill.
    public var journalProblem: String?

    public init(
        time: Double, clock: String, promptsWaiting: Int, promptSecondsWaiting: Double, promptPlaying: Bool, sessionActive: Bool, promptsSpoken: Int,
        promptsSkipped: Int, guidanceClients: Int, promptStyle: PromptStyle, sources: [Source], sessions: [Session],
        violations: [ViolationEntry], journalProblem: String? = nil, guidance: [Guidance] = [], promptUnderflows: Int = 0
    ) {
        self.guidance = guidance
        self.promptUnderflows = promptUnderflows
        self.time = time
        self.clock = clock
        self.promptsWaiting = promptsWaiting
        self.promptSecondsWaiting = promptSecondsWaiting
        self.promptPlaying = promptPlaying
        self.sessionActive = sessionActive
        self.promptsSpoken = promptsSpoken
        self.promptsSkipped = promptsSkipped
        self.guidanceClients = guidanceClients
        self.promptStyle = promptStyle
        self.sources = sources
        self.sessions = sessions
        self.violations = violations
        self.journalProblem = journalProblem
    }

    public struct Source: Codable, Sendable {
        public var id: String
        public var kind: SourceKind
        /// listening, speaking or voicemail, where it applies.
        public var activity: String?
        public var name: String
        public var sinkInput: UInt32
        /// False for another program's stream the engine manages by its role.
        public var simulated: Bool
        /// playing, ducked, paused or stopped, as the policy decided.
        public var state: String
        public var duckedDB: Double?
        /// The sink input's volume on the server, per channel.
        public var volume: [UInt32]
        public var volumeDB: Double?
        public var corked: Bool
        public var muted: Bool
        /// Seconds of programme played (podcast, music); nil for live sources.
        public var position: Double?
        /// Another program's stream interrupted now: paused through its MPRIS player, or muted.
        public var handling: ForeignHandling?
        /// The MPRIS player that plays it, where one was found.
        public var player: String?

        public init(
            id: String, kind: SourceKind, activity: String?, name: String, sinkInput: UInt32, simulated: Bool, state: String,
            duckedDB: Double?, volume: [UInt32], volumeDB: Double?, corked: Bool, muted: Bool, position: Double?,
            handling: ForeignHandling? = nil, player: String? = nil
        ) {
            self.handling = handling
            self.player = player
            self.id = id
            self.kind = kind
            self.activity = activity
            self.name = name
            self.sinkInput = sinkInput
            self.simulated = simulated
            self.state = state
            self.duckedDB = duckedDB
            self.volume = volume
            self.volumeDB = volumeDB
            self.corked = corked
            self.muted = muted
            self.position = position
        }
    }

    /// One client's guidance.
    public struct Guidance: Codable, Sendable {
        public var client: String
        public var language: String
        public var units: UnitSystem
        /// Why it is paused (`guidance.pause`), while it is.
        public var paused: GuidancePauseReason?
        /// The trip's last estimates, when a report carried them.
        public var trip: TripEstimates?
        /// The maneuvers at a roundabout described without `trafficSide`, for which right-hand
        /// traffic is assumed; absent when there are none.
        public var trafficSideAssumed: [String]?

        public init(
            client: String, language: String, units: UnitSystem, paused: GuidancePauseReason?, trip: TripEstimates?,
            trafficSideAssumed: [String]? = nil
        ) {
            self.client = client
            self.language = language
            self.units = units
            self.paused = paused
            self.trip = trip
            self.trafficSideAssumed = trafficSideAssumed
        }
    }

    public struct Session: Codable, Sendable {
        public var client: String
        public var configuration: SessionConfiguration
        public var active: Bool
        public var promptStyle: PromptStyle

        public init(client: String, configuration: SessionConfiguration, active: Bool, promptStyle: PromptStyle) {
            self.client = client
            self.configuration = configuration
            self.active = active
            self.promptStyle = promptStyle
        }
    }

    public struct ViolationEntry: Codable, Sendable {
        public var client: String
        /// Seconds on the engine's clock.
        public var at: Double
        public var rule: String
        public var detail: String

        public init(_ violation: Violation) {
            client = violation.client.rawValue
            at = violation.at
            rule = violation.rule.rawValue
            detail = violation.detail
        }
    }
}
