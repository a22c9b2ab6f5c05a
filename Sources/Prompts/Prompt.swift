import AudioPolicy
import ClientGuidance
import Guidance
import Speech

/// One prompt, from its admission to its end: what it says and how, whom it is for, where it stands
/// in the queue and what awaits its outcome. The queue holds it while it waits, the worker while it
/// plays (`PlayingPrompt`). Every time in it is absolute, on the engine's clock.
package struct Prompt: Sendable {
    /// What a prompt announces: a maneuver is due at a place on the road (an instruction, shortened
    /// rather than refused when its words run long); an alert or plain text is not.
    package enum Kind: Sendable, Equatable {
        case maneuver
        /// An alert about the road ahead: cut by the moment, it is said again once the moment
        /// passes, if its deadline allows (`PromptPlayer.releaseHeldAlerts`).
        case alert
        case text
    }

    package let id: PromptID
    /// The id it was first queued under: the same across the times it is queued again (an alert's
    /// events name it by this).
    package var firstID: PromptID
    package let client: ClientID
    /// The client whose fair turns it takes (`PromptOptions.takesTurnsAs`): its own but for one-shot
    /// connections of one program.
    package var turnHolder: ClientID
    package var kind: Kind
    package let priority: PromptPriority
    /// Engine time after which the prompt may no longer start: it expires instead of playing late.
    package let deadline: Double?
    /// A newer prompt of the same client and guidance with the same key supersedes a waiting one
    /// ("the same maneuver": `replaced(by:)`).
    package let key: String?
    /// The guidance session that queued it (the announcer's), nil for `prompt.speak`: it ends with
    /// that guidance, and its end is told to that session alone.
    package var guidance: UInt64?
    package var fromGuidance: Bool { guidance != nil }
    /// It plays even if its client disconnects first (`PromptOptions.outlivesClient`).
    package var outlivesClient = false
    /// Outranked while it plays, it is queued again (`PromptOptions.saidAgainWhenOutranked`).
    package var saidAgainWhenOutranked = true
    /// The maneuver a guidance instruction is for and the state it announces, told in `prompt.queued`.
    package var announces: AnnouncedManeuver?
    /// No tone can stand for it ("continue for 3 miles" names no maneuver): where the policy would
    /// play a tone instead of speech (a call), it is skipped.
    package var toneless = false
    /// The wordings it may be said with, richest first (a text prompt has one).
    package var candidates: [Wording] = []
    package var voice = ""
    /// The rate and pitch its client asked for (`PromptOptions.prosody`).
    package var prosody = VoiceProsody.plain
    /// The most seconds its words may speak, where that is less than the policy's limit (`PromptOptions.wordBudget`).
    package var wordBudget: Double?
    /// The length of its speech, measured when it was admitted.
    package var seconds = 0.0
    /// Its speech, made when it was admitted, kept only while it is the next to play.
    package var prepared: RenderedPrompt?
    /// When the request arrived: a prompt's timings count from here (its ticket's).
    package var receivedAt: ContinuousClock.Instant {
        get { ticket.receivedAt }
        set { ticket.receivedAt = newValue }
    }
    /// Its outcome to come, for whoever waits on it.
    package var ticket: PromptTicket
    /// Its client's fair turn at its priority and its place in arrival order, given by the queue (`PromptQueue.admit`).
    package var turn = 0
    package var sequence = 0
    /// A part of a long text said as several prompts in a row (`PromptPlayer.enqueue(parts:)`): the
    /// id of its first part. One part not said, the rest are not either.
    package var message: PromptID?

    package init(id: PromptID, client: ClientID, kind: Kind = .text, priority: PromptPriority, deadline: Double?, key: String?, seconds: Double = 0) {
        self.id = id
        firstID = id
        self.client = client
        turnHolder = client
        self.kind = kind
        self.priority = priority
        self.deadline = deadline
        self.key = key
        self.seconds = seconds
        ticket = PromptTicket(id: id)
    }

    /// A request's prompt, its options' deadline made absolute from `now`.
    package init(id: PromptID, client: ClientID, kind: Kind, options: PromptOptions, now: Double) {
        self.init(id: id, client: client, kind: kind, priority: options.priority, deadline: options.deadline.map { now + $0 }, key: options.key)
        guidance = options.guidance
        turnHolder = options.takesTurnsAs ?? client
        outlivesClient = options.outlivesClient
        saidAgainWhenOutranked = options.saidAgainWhenOutranked
        announces = options.announces
        toneless = options.toneless
        wordBudget = options.wordBudget
        prosody = options.prosody
    }

    /// Whether `newer`, admitted while this one waits, says the same and takes its place: the same
    /// client, the same key, and the same guidance (nil for both: text). Two guidances of one client
    /// may use the same maneuver ids ("start" on each route), but they are other maneuvers: a prompt
    /// of the last guidance made late must not take the next guidance's place.
    package func replaced(by newer: Prompt) -> Bool {
        newer.key != nil && newer.client == client && newer.key == key && newer.guidance == guidance
    }

    /// The same prompt queued again under a new id (interrupted, or held while the moment lasted):
    /// a new ticket, no speech kept, a new turn.
    package func again(as id: PromptID) -> Prompt {
        var prompt = Prompt(id: id, client: client, kind: kind, priority: priority, deadline: deadline, key: key, seconds: seconds)
        prompt.firstID = firstID
        prompt.turnHolder = turnHolder
        prompt.guidance = guidance
        prompt.outlivesClient = outlivesClient
        prompt.saidAgainWhenOutranked = saidAgainWhenOutranked
        prompt.announces = announces
        prompt.toneless = toneless
        prompt.prosody = prosody
        prompt.candidates = candidates
        prompt.voice = voice
        prompt.wordBudget = wordBudget
        prompt.receivedAt = receivedAt
        return prompt
    }

    package var isManeuver: Bool { kind == .maneuver }
    /// The final instruction of the client's guidance: due within seconds, it waits for no text.
    package var isFinalInstruction: Bool { fromGuidance && announces?.state == .execute }
    /// A maneuver is an instruction; anything else an alert (the user's voice-guidance level tells them apart).
    package var purpose: PromptPurpose { isManeuver ? .instruction : .alert }
    /// A maneuver's words are shortened to fit; a text too long is refused.
    package var overBudget: OverBudget { isManeuver ? .shorten : .quicken }
    /// The words it is known by in events and outcomes: its richest wording.
    package var text: String { candidates.first?.text ?? "" }
}
