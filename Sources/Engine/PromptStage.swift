import AudioPolicy
import EngineTime
import Prompts
import PulseAudio

/// Where the worker plays prompts: the one playing (`PlayingPrompt`), what has stopped it, and its
/// audio on the output. Its own part because more than the worker stops that prompt: a prompt
/// queued before it, a cancel, the policy's cut, its output failing, each through `resolve`. A part
/// of `PromptPlayer`, in its owner's isolation.
final class PromptStage {
    private let clock: EngineClock
    private let output: any PromptOutput
    /// Which newly queued prompts cut the playing one short (the policy's `preemption:`).
    private let preemption: PromptPreemption
    /// The prompt the worker plays, and what has stopped it (`PromptPriorities.resolve`); nil while
    /// none plays.
    private(set) var playing: PlayingPrompt?
    /// The playing prompt's audio, while the output has it: a stop reaches it there, even before
    /// playback begins. Nil while it is made, the policy is asked, and once it has played out.
    private var audio: BufferSource?
    /// Wakes a simulated playback early when the prompt is cancelled.
    private var playbackTokens: UInt64 = 0

    init(clock: EngineClock, output: any PromptOutput, preemption: PromptPreemption) {
        self.clock = clock
        self.output = output
        self.preemption = preemption
    }

    /// The worker takes `prompt` to play: nothing has stopped it yet.
    func begin(_ prompt: Prompt) {
        playing = PlayingPrompt(prompt)
        audio = nil
    }

    /// The playing prompt's audio is handed to the output (`audio`), or has played out (nil).
    func sounds(_ audio: BufferSource?) { self.audio = audio }

    /// The policy's grant holds the playing prompt back for the moment (`PromptGrant.heldBack`).
    func holdBack(_ heldBack: Bool) { playing?.heldBack = heldBack }

    /// The worker is done with the prompt: none plays.
    func end() {
        playing = nil
        audio = nil
    }

    /// The playing prompt, if `matches` it, plays to its end but is not queued again (`PlayingPrompt.saidNoMore`).
    func sayNoMore(_ why: String, where matches: (Prompt) -> Bool) {
        if let prompt = playing?.prompt, matches(prompt) { playing?.saidNoMore = why }
    }

    /// Applies an event to the playing prompt (`PromptPriorities.resolve`) and carries out what it
    /// asks of the output: a preempted or cut prompt fades out (`PromptOutput.fadeOut`) and ends
    /// `interrupted`, a cancelled one stops at once.
    func resolve(_ event: PromptPriorities.Event) {
        guard var current = playing else { return }
        let action = PromptPriorities.resolve(event, playing: &current, preemption: preemption)
        playing = current
        switch action {
        case .playOn: return
        case .fadeOut: if let audio { output.fadeOut(audio) }
        case .cancel: if let audio { output.cancel(audio) }
        }
        clock.wake(playbackTokens)
    }

    /// Plays a prompt's audio to the end (or its cancellation). On a simulated clock the prompt takes
    /// exactly its length of simulated time; `compressed` also plays it for real, `virtual` does not.
    nonisolated(nonsending) func play(_ audio: BufferSource, duration: Double, after ducks: RampsSent) async {
        let start = clock.now()
        if clock.playsPromptAudio, let reason = await output.play(audio, seconds: duration, after: ducks).reason {
            resolve(.outputFailed(reason: reason))
        }
        guard clock.simulated != nil, playing?.cancelled != true else { return }
        playbackTokens += 1
        await clock.sleep(until: start + duration, token: playbackTokens)
    }
}
