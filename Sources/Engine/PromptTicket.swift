import Foundation

/// The promise of one prompt's outcome: completed once by the engine, awaited by any number of callers,
/// whether they start waiting before or after it completes.
final class PromptTicket: @unchecked Sendable {
    let id: PromptID
    private let lock = NSLock()
    private var result: Result<PromptOutcome, Error>?
    private var waiters: [CheckedContinuation<PromptOutcome, Error>] = []

    init(id: PromptID) { self.id = id }

    func complete(_ outcome: Result<PromptOutcome, Error>) {
        lock.lock()
        guard result == nil else { lock.unlock(); return }
        result = outcome
        let waiting = waiters
        waiters = []
        lock.unlock()
        for waiter in waiting { waiter.resume(with: outcome) }
    }

    func outcome() async throws -> PromptOutcome {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            if let result {
                lock.unlock()
                continuation.resume(with: result)
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }
}
