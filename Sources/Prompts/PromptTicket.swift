import AsyncSupport
import RPC

/// One prompt's outcome to come: set once by the engine, awaited by any number of callers.
package struct PromptTicket: Sendable {
    package let id: PromptID
    /// When its request arrived: its outcome's timings count from here.
    package var receivedAt = ContinuousClock.now
    private let result = OneShot<Result<PromptOutcome, any Error>>()

    package init(id: PromptID) { self.id = id }

    package func complete(_ outcome: Result<PromptOutcome, any Error>) { result.set(outcome) }

    /// The outcome; a caller whose task is cancelled stops waiting (`CancellationError`), and the
    /// prompt plays on unless it is cancelled too.
    package func outcome() async throws -> PromptOutcome { try await result.valueUnlessCancelled().get() }
}
