import Dispatch
import FoundationEssentials
import ProcessSupport

/// A drive talks to its daemon with blocking calls (socket reads, waits between steps). Run on Swift's
/// cooperative pool, which has a thread per core, a drive would hold a thread for its whole length and
/// `--jobs 4` would run two drives at a time on two cores. Each drive gets a thread of its own instead.
enum DriveThread {
    /// Runs `body` on a new thread and returns its result.
    static func run<T: Sendable>(name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            OSThread.start(name: name) {
                do {
                    continuation.resume(returning: try body())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Waits on a drive's own thread (never on the cooperative pool) for async work, such as another
    /// program's stream connecting to the sound server.
    static func wait<T: Sendable>(for work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                box.result = .success(try await work())
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// Handed from the task to the waiting thread; the semaphore orders the write before the read.
    private final class ResultBox<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }
}
