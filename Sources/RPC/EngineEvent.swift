import AudioPolicy
import Guidance

/// Something that happened in the engine, as the engine tells it: one case per kind of event, each
/// with exactly what that event says. It reaches subscribers encoded once, as the flat
/// `EventRecord` the protocol sends (`record(at:)`), stamped with the time it happened.
public enum EngineEvent: Sendable, Equatable {
    /// Whose focus changed: a client's session, or a source (with its kind, where known).
    public enum Participant: Sendable, Equatable {
        case session(client: String)
        case source(String, kind: SourceKind?)
    }

    /// What `prompt.started` says of the prompt's level (all optional: absent when 0 or unmeasured).
    public struct PromptLevelFacts: Sendable, Equatable {
        public var gain: Double?
        public var extraDuck: Double?
        public var aboveBed: Double?
        public var speechLevel: Double?

        public init(gain: Double? = nil, extraDuck: Double? = nil, aboveBed: Double? = nil, speechLevel: Double? = nil) {
            self.gain = gain
            self.extraDuck = extraDuck
            self.aboveBed = aboveBed
            self.speechLevel = speechLevel
        }
    }

    case promptQueued(client: String, prompt: String, text: String, priority: PromptPriority, maneuver: String?, state: ManeuverState?)
    case promptStarted(client: String, prompt: String, text: String, style: PromptStyle, preRoll: Double?, level: PromptLevelFacts)
    /// `style` and `duration` only for a prompt that played (finished, shortened).
    case promptEnded(
        PromptOutcome.Result, client: String, prompt: String, text: String?, style: PromptStyle?, reason: String?, cut: PromptCutRule?, duration: Double?)
    case promptRefused(client: String, text: String?, priority: PromptPriority, reason: String)
    case sessionActivated(client: String)
    case sessionDeactivated(client: String, reason: String)
    case auditViolation(client: String, rule: String, reason: String)
    case ducked(Participant, dB: Double)
    case restored(Participant)
    /// A client's session interrupted, or its interruption over.
    case interruptionBegan(client: String)
    case interruptionEnded(client: String, shouldResume: Bool)
    case sourceStarted(String, kind: SourceKind, activity: SourceActivity?)
    case sourceChanged(String, kind: SourceKind, activity: SourceActivity?)
    case sourceEnded(String, kind: SourceKind)
    case sourcePaused(String, kind: SourceKind?)
    case sourceResumed(String, kind: SourceKind?)
    /// `shouldResume` false: its interruption ended without resuming it; nil: the policy stopped it.
    case sourceStopped(String, kind: SourceKind?, shouldResume: Bool?)
    case sourceHandled(String, kind: SourceKind?, handling: ForeignHandling, player: String?, reason: String?)
    case alertShown(client: String, prompt: String, text: String)
    case alertDismissed(client: String, prompt: String, text: String, reason: String)
    case guidanceEnded(client: String, reason: String)
    case guidancePaused(client: String, reason: String)
    case guidanceResumed(client: String, reason: String)
    case serverLost(reason: String)
    case serverRestored
    case journalFailing(reason: String)
    case journalRecovered(reason: String)
    case subscriptionDropped(client: String, reason: String)

    /// The event as the protocol sends it, at `time` (seconds on the daemon's clock).
    public func record(at time: Double) -> EventRecord {
        var record = EventRecord(type: type, time: time)
        fill(&record)
        return record
    }

    public var type: EventType {
        switch self {
        case .promptQueued: .promptQueued
        case .promptStarted: .promptStarted
        case .promptEnded(let result, _, _, _, _, _, _, _): result.eventType
        case .promptRefused: .promptRefused
        case .sessionActivated: .sessionActivated
        case .sessionDeactivated: .sessionDeactivated
        case .auditViolation: .auditViolation
        case .ducked: .sourceDucked
        case .restored: .sourceRestored
        case .interruptionBegan: .interruptionBegan
        case .interruptionEnded: .interruptionEnded
        case .sourceStarted: .sourceStarted
        case .sourceChanged: .sourceChanged
        case .sourceEnded: .sourceEnded
        case .sourcePaused: .sourcePaused
        case .sourceResumed: .sourceResumed
        case .sourceStopped: .sourceStopped
        case .sourceHandled: .sourceHandled
        case .alertShown: .alertShown
        case .alertDismissed: .alertDismissed
        case .guidanceEnded: .guidanceEnded
        case .guidancePaused: .guidancePaused
        case .guidanceResumed: .guidanceResumed
        case .serverLost: .serverLost
        case .serverRestored: .serverRestored
        case .journalFailing: .journalFailing
        case .journalRecovered: .journalRecovered
        case .subscriptionDropped: .subscriptionDropped
        }
    }

    private func fill(_ record: inout EventRecord) {
        switch self {
        case .promptQueued(let client, let prompt, let text, let priority, let maneuver, let state):
            (record.client, record.prompt, record.text, record.priority) = (client, prompt, text, priority)
            (record.maneuver, record.state) = (maneuver, state)
        case .promptStarted(let client, let prompt, let text, let style, let preRoll, let level):
            (record.client, record.prompt, record.text, record.style, record.preRoll) = (client, prompt, text, style, preRoll)
            (record.gain, record.extraDuck, record.aboveBed, record.speechLevel) = (level.gain, level.extraDuck, level.aboveBed, level.speechLevel)
        case .promptEnded(_, let client, let prompt, let text, let style, let reason, let cut, let duration):
            (record.client, record.prompt, record.text, record.style) = (client, prompt, text, style)
            (record.reason, record.cut, record.duration) = (reason, cut, duration)
        case .promptRefused(let client, let text, let priority, let reason):
            (record.client, record.text, record.priority, record.reason) = (client, text, priority, reason)
        case .sessionActivated(let client), .interruptionBegan(let client):
            record.client = client
        case .sessionDeactivated(let client, let reason), .guidanceEnded(let client, let reason), .guidancePaused(let client, let reason),
            .guidanceResumed(let client, let reason), .subscriptionDropped(let client, let reason):
            (record.client, record.reason) = (client, reason)
        case .auditViolation(let client, let rule, let reason):
            (record.client, record.rule, record.reason) = (client, rule, reason)
        case .ducked(let participant, let dB):
            participant.fill(&record)
            record.dB = dB
        case .restored(let participant):
            participant.fill(&record)
        case .interruptionEnded(let client, let shouldResume):
            (record.client, record.shouldResume) = (client, shouldResume)
        case .sourceStarted(let source, let kind, let activity), .sourceChanged(let source, let kind, let activity):
            (record.source, record.kind, record.activity) = (source, kind, activity)
        case .sourceEnded(let source, let kind):
            (record.source, record.kind) = (source, kind)
        case .sourcePaused(let source, let kind):
            (record.source, record.kind) = (source, kind)
        case .sourceResumed(let source, let kind):
            (record.source, record.kind, record.shouldResume) = (source, kind, true)
        case .sourceStopped(let source, let kind, let shouldResume):
            (record.source, record.kind, record.shouldResume) = (source, kind, shouldResume)
        case .sourceHandled(let source, let kind, let handling, let player, let reason):
            (record.source, record.kind, record.handling, record.player, record.reason) = (source, kind, handling, player, reason)
        case .alertShown(let client, let prompt, let text):
            (record.client, record.prompt, record.text) = (client, prompt, text)
        case .alertDismissed(let client, let prompt, let text, let reason):
            (record.client, record.prompt, record.text, record.reason) = (client, prompt, text, reason)
        case .serverLost(let reason), .journalFailing(let reason), .journalRecovered(let reason):
            record.reason = reason
        case .serverRestored:
            break
        }
    }
}

extension EngineEvent.Participant {
    fileprivate func fill(_ record: inout EventRecord) {
        switch self {
        case .session(let client): record.client = client
        case .source(let source, let kind): (record.source, record.kind) = (source, kind)
        }
    }
}
