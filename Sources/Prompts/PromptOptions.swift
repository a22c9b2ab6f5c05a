import AudioPolicy
import ClientGuidance
import Guidance
import Speech

/// How a request's prompt is queued, as the request says it: its deadline counts from the request.
/// The queued prompt is one `Prompt`, with the deadline made absolute.
public struct PromptOptions: Sendable {
    public var priority: PromptPriority
    /// Seconds from now after which the prompt may no longer start: it expires instead of playing late.
    public var deadline: Double?
    /// A newer prompt of the same client with the same key supersedes a waiting one (the same maneuver).
    public var key: String?
    /// It still plays if its client disconnects first, as speech-dispatcher plays a message after its
    /// client has gone: for a program that runs a command per prompt (`voxnav say --no-wait`). The
    /// client's session lasts until its last such prompt has ended.
    public var outlivesClient: Bool
    /// Outranked while it plays (a more important prompt comes), it fades out and is queued again to
    /// be said in full. A speech-dispatcher client's message is not: SSIP ends it `CANCELED`.
    public var saidAgainWhenOutranked = true
    /// A text prompt's own words say its timing: a distance ahead or "now" gives it a key and a
    /// deadline where it has none (`TextTiming`, in the text's language's words).
    public var timingFromText = false
    /// The client whose fair turns the prompt takes, where that is not its own: the one-shot
    /// connections of one program (`spd-say` without `-w`, one connection a message) take turns as
    /// one client, so that opening a connection per message earns no extra turns.
    public var takesTurnsAs: ClientID?
    /// The rate, pitch and volume the words are said at (a speech-dispatcher client's `SET SELF
    /// RATE`/`PITCH`/`VOLUME`).
    public var prosody = VoiceProsody.plain
    /// A text too long to speak is refused rather than said without its chained instruction: for a
    /// client that cannot be told its words were cut (SSIP has no such event; JSON-RPC's
    /// `prompt.shortened` says it). It may still be said faster to fit.
    public var keepsEveryWord = false
    /// The guidance session that queued it (`GuidanceSession.id`), nil for `prompt.speak`: its end is
    /// told to that session's announcer, and to no session started after it.
    package var guidance: UInt64?
    package var fromGuidance: Bool { guidance != nil }
    /// The maneuver a guidance instruction is for and the state it announces, told in `prompt.queued`
    /// so that a report can place the prompt against its maneuver.
    package var announces: AnnouncedManeuver?
    /// No tone can stand for it ("continue for 3 miles" names no maneuver): where the policy would
    /// play a tone instead of speech (a call), it is skipped, with that reason.
    package var toneless = false
    /// The most seconds its words may speak, where that is less than the policy's limit: a final
    /// instruction with no room left to start earlier sheds detail, in the fitting order, to end
    /// the reaction time before its maneuver (`Announcement.wordBudget`).
    package var wordBudget: Double?

    public init(priority: PromptPriority = .normal, deadline: Double? = nil, key: String? = nil, outlivesClient: Bool = false) {
        self.priority = priority
        self.deadline = deadline
        self.key = key
        self.outlivesClient = outlivesClient
    }

    /// A prompt of the engine's own guidance: its end is told to the announcer, and the maneuver it
    /// announces, if any, goes into its `prompt.queued`.
    package static func guidance(_ session: UInt64, priority: PromptPriority, key: String, announces: AnnouncedManeuver?) -> PromptOptions {
        var options = PromptOptions(priority: priority, key: key)
        options.guidance = session
        options.announces = announces
        return options
    }
}
