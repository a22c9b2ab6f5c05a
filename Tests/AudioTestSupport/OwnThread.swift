import Foundation

/// Runs a long blocking call (a loop of socket reads, a child process waited for) on a thread of its
/// own, off Swift's cooperative pool, which has a thread per core: a call blocked there holds one of
/// the two here from every other test. Dispatch's global queue cannot tell a blocked block from a
/// busy one on Linux and adds threads sparingly: with twenty client loops blocked in reads, two more
/// loops handed to it did not start within 22 s (PromptBudgetTests, seen here).
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
