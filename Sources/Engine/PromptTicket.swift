import AsyncSupport
import RPC

/// One prompt's outcome to come: set once by the engine, awaited by any number of callers.
struct PromptTicket: Sendable {
    let id: PromptID
    /// When its request arrived: its outcome's timings count from here.
    var receivedAt = ContinuousClock.now
    private let result = OneShot<Result<PromptOutcome, any Error>>()

    init(id: PromptID) { self.id = id }

    func complete(_ outcome: Result<PromptOutcome, any Error>) { result.set(outcome) }

    /// The outcome; a caller whose task is cancelled stops waiting (`CancellationError`), and the
    /// prompt plays on unless it is cancelled too.
    func outcome() async throws -> PromptOutcome { try await result.valueUnlessCancelled().get() }
}
