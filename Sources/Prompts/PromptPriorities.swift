import AudioPolicy

/// Every rule of which prompt goes first, in one place, as speech-dispatcher keeps its priorities in
/// `resolve_priorities()`: the order prompts wait in, and what becomes of the playing prompt when a
/// prompt is queued (preemption), when the policy cuts it (the moment: a call, the assistant, …),
/// when it is cancelled and when its output fails. Pure.
package enum PromptPriorities {
    /// What happened that may stop the playing prompt.
    package enum Event: Sendable {
        /// A prompt was admitted, at `position` in the queue (0: next to play).
        case queued(Prompt, position: Int)
        /// The policy's verdict on the prompt in flight went below its granted style.
        case cut(PromptCut)
        /// It was cancelled (its client, the client leaving, shutdown, the server lost).
        case cancelled(reason: String)
        /// Its output gave up on it (a sink that stopped running).
        case outputFailed(reason: String)
    }

    /// What the output does to the playing audio.
    package enum Action: Sendable, Equatable {
        case playOn
        /// Ramp it to silence over a few milliseconds (an interruption: no click, no flush).
        case fadeOut
        /// Stop it at once.
        case cancel
    }

    /// Applies `event` to the playing prompt: its new `stop`, and what the output must do.
    ///
    /// - A prompt queued next interrupts the playing one only when nothing has stopped that one yet,
    ///   and the policy's `preemption:` lets its priority interrupt the playing one's, or it is a
    ///   guidance's final instruction and the playing one another client's text.
    /// - A cut reaches only its own client's prompt, and one nothing has stopped yet.
    /// - A cancel always stops it; one already cut stays cut (its rule is what the driver met), and
    ///   is marked as owing nothing.
    /// - An output that failed ends it as cancelled, unless it already was.
    package static func resolve(_ event: Event, playing: inout PlayingPrompt, preemption: PromptPreemption) -> Action {
        switch event {
        case .queued(let newcomer, let position):
            guard playing.stop == nil, position == 0,
                preemption.interrupts(playing.prompt.priority, for: newcomer.priority) || finalInstruction(newcomer, outranks: playing.prompt)
            else { return .playOn }
            playing.stop = .outranked(by: newcomer.id)
            return .fadeOut
        case .cut(let cut):
            guard playing.stop == nil, playing.prompt.client == cut.client else { return .playOn }
            playing.stop = .cut(cut, thenCancelled: false)
            playing.heldBack = cut.momentary
            return .fadeOut
        case .cancelled(let reason):
            if case .cut(let cut, _) = playing.stop {
                playing.stop = .cut(cut, thenCancelled: true)
            } else {
                playing.stop = .cancelled(reason: reason)
            }
            return .cancel
        case .outputFailed(let reason):
            if case .cancelled = playing.stop { return .playOn }
            playing.stop = .cancelled(reason: reason)
            return .playOn
        }
    }

    /// Whether `a` plays before `b` of the prompts waiting: the higher priority first; within a
    /// priority a maneuver before text (a maneuver is due at a place on the road, text can wait);
    /// then the clients' fair turns; then arrival. (A guidance's final instruction is `important`,
    /// the highest priority: no text waits before it.)
    package static func playsBefore(_ a: Prompt, _ b: Prompt) -> Bool {
        (a.priority, a.isManeuver ? 0 : 1, a.turn, a.sequence) < (b.priority, b.isManeuver ? 0 : 1, b.turn, b.sequence)
    }

    /// A guidance's final instruction is due within seconds: another client's text, whatever its
    /// priority, does not keep it waiting while it speaks (issue 50: ten one-shot `important`
    /// messages had a turn announced at 75 m).
    package static func finalInstruction(_ newcomer: Prompt, outranks playing: Prompt) -> Bool {
        newcomer.isFinalInstruction && playing.kind == .text && playing.client != newcomer.client
    }

    /// How readily a waiting prompt is given up to make room: the greatest goes first (the least
    /// urgent priority, text before a maneuver, the newest).
    static func givenUpBefore(_ a: Prompt, _ b: Prompt) -> Bool {
        (a.priority, a.isManeuver ? 0 : 1, a.sequence) > (b.priority, b.isManeuver ? 0 : 1, b.sequence)
    }

    /// Whether a newcomer wins a tie for room against `held`: it is more urgent, or a maneuver
    /// against text at the same priority.
    package static func winsTie(_ newcomer: Prompt, against held: Prompt) -> Bool {
        newcomer.priority < held.priority || (newcomer.priority == held.priority && newcomer.isManeuver && !held.isManeuver)
    }
}
