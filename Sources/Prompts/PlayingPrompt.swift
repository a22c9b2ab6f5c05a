import AudioPolicy

/// The prompt the worker plays, and what stopped it if something has (its audio is `PromptStage`'s).
/// `PromptPriorities.resolve` alone decides what stops it.
package struct PlayingPrompt: Sendable {
    /// What ended it before its last sample.
    package enum Stop: Sendable, Equatable {
        /// Cancelled (by its client, its client leaving, shutdown, the server lost or the output
        /// failing): nothing of it is owed.
        case cancelled(reason: String)
        /// A more urgent prompt (the policy's `preemption:`) plays first: it is queued again.
        case outranked(by: PromptID)
        /// The policy's verdict on it went below its granted style (`PromptCut`). `thenCancelled`: it
        /// was cancelled as well, so nothing of it is owed even when the moment passes.
        case cut(PromptCut, thenCancelled: Bool)

        /// Cancelled outright, or cut and then cancelled: nothing of it is owed.
        package var owesNothing: Bool {
            switch self {
            case .cancelled, .cut(_, thenCancelled: true): true
            case .outranked, .cut(_, thenCancelled: false): false
            }
        }
    }

    package var prompt: Prompt
    package var stop: Stop?
    /// Held back by the moment (`PromptGrant.heldBack`, or cut by a momentary rule).
    package var heldBack = false
    /// Why it is said no more after this time, though it plays to its end (its guidance ended, or a
    /// reroute dropped its maneuver): outranked, it is not queued again.
    package var saidNoMore: String?

    package init(_ prompt: Prompt) { self.prompt = prompt }

    /// Cancelled outright (not cut first).
    package var cancelled: Bool {
        if case .cancelled = stop { true } else { false }
    }
}
