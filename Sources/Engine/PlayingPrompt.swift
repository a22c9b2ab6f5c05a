import AudioPolicy
import PulseAudio

/// The prompt the worker plays, how far it has got, and what stopped it if something has.
/// `PromptPriorities.resolve` alone decides what stops it.
struct PlayingPrompt: Sendable {
    enum Phase: Sendable {
        /// Its audio is being made or the policy asked; nothing is heard yet.
        case preparing
        /// Its audio is handed to the output: a cancel stops it there, even before playback begins.
        case sounding(BufferSource)
        /// Its audio has played out: nothing is left to stop.
        case ended
    }

    /// What ended it before its last sample.
    enum Stop: Sendable, Equatable {
        /// Cancelled (by its client, its client leaving, shutdown, the server lost or the output
        /// failing): nothing of it is owed.
        case cancelled(reason: String)
        /// A more urgent prompt (the policy's `preemption:`) plays first: it is queued again.
        case outranked(by: PromptID)
        /// The policy's verdict on it went below its granted style (`PromptCut`). `thenCancelled`: it
        /// was cancelled as well, so nothing of it is owed even when the moment passes.
        case cut(PromptCut, thenCancelled: Bool)

        /// Cancelled outright, or cut and then cancelled: nothing of it is owed.
        var owesNothing: Bool {
            switch self {
            case .cancelled, .cut(_, thenCancelled: true): true
            case .outranked, .cut(_, thenCancelled: false): false
            }
        }
    }

    var prompt: Prompt
    var phase = Phase.preparing
    var stop: Stop?
    /// Held back by the moment (`PromptGrant.heldBack`, or cut by a momentary rule).
    var heldBack = false
    /// Why it is said no more after this time, though it plays to its end (its guidance ended, or a
    /// reroute dropped its maneuver): outranked, it is not queued again.
    var saidNoMore: String?

    init(_ prompt: Prompt) { self.prompt = prompt }

    /// Cancelled outright (not cut first).
    var cancelled: Bool {
        if case .cancelled = stop { true } else { false }
    }

    /// Its audio, while the output has it.
    var audio: BufferSource? {
        if case .sounding(let audio) = phase { audio } else { nil }
    }
}
