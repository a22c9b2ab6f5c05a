/// Every type an event can have: the `type` of an `event` notification (`events.subscribe`). The
/// one list the daemon, its clients, drive reports and the bench share; docs/protocol.schema.json
/// is checked against it both ways (`EventTypeSchemaTests`).
public enum EventType: String, Codable, CaseIterable, Sendable {
    case promptQueued = "prompt.queued"
    case promptStarted = "prompt.started"
    case promptFinished = "prompt.finished"
    case promptShortened = "prompt.shortened"
    case promptSkipped = "prompt.skipped"
    case promptExpired = "prompt.expired"
    /// A playing prompt cut short by a more urgent one (the policy's `preemption:`).
    case promptInterrupted = "prompt.interrupted"
    /// A prompt refused when it was asked for (a text too long to say even fitted, a full queue, an
    /// unknown voice): the reply says so too, and this tells the subscribers that never saw the request.
    case promptRefused = "prompt.refused"
    case sessionActivated = "session.activated"
    case sessionDeactivated = "session.deactivated"
    case sourceStarted = "source.started"
    case sourceChanged = "source.changed"
    case sourceEnded = "source.ended"
    case sourceDucked = "source.ducked"
    case sourceRestored = "source.restored"
    case sourcePaused = "source.paused"
    case sourceResumed = "source.resumed"
    case sourceStopped = "source.stopped"
    /// How another program's stream was interrupted or let go: paused or played through its MPRIS player, or muted.
    case sourceHandled = "source.handled"
    case interruptionBegan = "interruption.began"
    case interruptionEnded = "interruption.ended"
    case auditViolation = "audit.violation"
    /// An alert (`prompt.alert`) is accepted: the app shows it now. `prompt` is its first prompt's id.
    case alertShown = "alert.shown"
    /// VoxNav is done with an alert: said, or never to be (its dismissal or deadline passed, it was
    /// cancelled or silenced); `reason` is how its last prompt ended (`finished`, `expired`, …).
    case alertDismissed = "alert.dismissed"
    /// A client's guidance ended: it asked (`guidance.end`), it arrived, it disconnected, or the car's own navigation took over.
    case guidanceEnded = "guidance.ended"
    /// A client's guidance paused (`guidance.pause`), with its `reason`.
    case guidancePaused = "guidance.paused"
    /// A client's paused guidance goes on (`guidance.resume`).
    case guidanceResumed = "guidance.resumed"
    case serverLost = "server.lost"
    case serverRestored = "server.restored"
    /// The journal cannot be written: other programs' streams are left alone (no duck, pause or mute)
    /// until it can, since a daemon killed then would leave them lowered for good.
    case journalFailing = "journal.failing"
    /// The journal is written again: other programs' streams are managed again.
    case journalRecovered = "journal.recovered"
    /// Sent to one subscriber only: it left too many events unread, and its subscription ended.
    case subscriptionDropped = "subscription.dropped"

    /// The group a subscriber may ask for instead: "prompt", "source", ...
    public var group: String { String(rawValue.prefix { $0 != "." }) }

    /// Every group, in the order of the types.
    public static var groups: [String] {
        allCases.map(\.group).reduce(into: []) { groups, group in if !groups.contains(group) { groups.append(group) } }
    }

    /// Whether it ends a prompt: finished, shortened, skipped, expired or interrupted.
    public var isPromptEnd: Bool { isPromptPlayed || self == .promptSkipped || self == .promptExpired || self == .promptInterrupted }

    /// Whether it ends a prompt that played (finished or shortened): it carries its style and length.
    public var isPromptPlayed: Bool { self == .promptFinished || self == .promptShortened }
}
