import AudioPolicy
import EngineTime
import Prompts
import PulseAudio
import RPC

/// What the prompt player tells of its prompts (`EngineEvent`s on the `EventBus`) and how many it
/// spoke and skipped, as `state.get` reports them. Both sides of the player tell through it, the
/// prompts waiting (`WaitingPrompts`) and the one playing (`PromptWorker`), so that each count has
/// one keeper. A part of `PromptPlayer`, in its owner's isolation.
final class PromptReporter {
    private let events: EventBus
    private let clock: EngineClock
    private(set) var spoken = 0
    private(set) var skipped = 0

    init(events: EventBus, clock: EngineClock) {
        self.events = events
        self.clock = clock
    }

    func countSpoken() { spoken += 1 }
    func countSkipped() { skipped += 1 }

    /// `prompt.queued`, and an alert's `alert.shown` the first time it is queued.
    func queued(_ prompt: Prompt) {
        emit(
            .promptQueued(
                client: prompt.client.rawValue, prompt: prompt.id.rawValue, text: prompt.text, priority: prompt.priority,
                maneuver: prompt.announces?.maneuver, state: prompt.announces?.state))
        // An alert is shown once, when first queued; queued again (the moment passed), it still is.
        guard prompt.kind == .alert, prompt.id == prompt.firstID else { return }
        emit(.alertShown(client: prompt.client.rawValue, prompt: prompt.firstID.rawValue, text: prompt.text))
    }

    /// `prompt.started`, as the prompt's first sample goes to the output: once the ducks carried
    /// out with its grant have sent their last steps (then, on the mainloop, where they are still
    /// under way), so the sources are ducked as it is told.
    func started(_ prompt: Prompt, text: String, style: PromptStyle, preRoll: Double?, level: PromptLevel, after ducks: RampsSent) {
        let event = EngineEvent.promptStarted(
            client: prompt.client.rawValue, prompt: prompt.id.rawValue, text: text, style: style, preRoll: preRoll, level: level.facts)
        let (events, clock) = (events, clock)
        ducks.then { events.emit(event, at: clock.now()) }
    }

    /// The prompt's end, as its outcome says.
    func ended(_ outcome: PromptOutcome, client: ClientID) {
        let played = outcome.result.eventType.isPromptPlayed
        emit(
            .promptEnded(
                outcome.result, client: client.rawValue, prompt: outcome.id, text: outcome.text, style: played ? outcome.style : nil,
                reason: outcome.reason, cut: outcome.cut, duration: played ? outcome.audioDuration : nil))
    }

    /// A prompt that could not be played (its speech or its session failed): it ends skipped, with
    /// the error as its reason.
    func failed(_ prompt: Prompt, error: any Error) {
        emit(
            .promptEnded(
                .skipped, client: prompt.client.rawValue, prompt: prompt.id.rawValue, text: nil, style: nil, reason: "\(error)", cut: nil,
                duration: nil))
        dismiss(prompt, ended: .promptSkipped)
        countSkipped()
    }

    /// An alert VoxNav is done with (`alert.dismissed`): its last prompt ended as `ended` says, and
    /// it is not queued again. Nothing for another kind of prompt.
    func dismiss(_ prompt: Prompt, ended: EventType) {
        guard prompt.kind == .alert else { return }
        let reason = String(ended.rawValue.dropFirst("prompt.".count))
        // An alert's events are named by its first prompt's id.
        emit(.alertDismissed(client: prompt.client.rawValue, prompt: prompt.firstID.rawValue, text: prompt.text, reason: reason))
    }

    private func emit(_ event: EngineEvent) { events.emit(event, at: clock.now()) }
}
