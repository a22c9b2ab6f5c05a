import AsyncSupport
import Synchronization

/// What one connection has waiting to be written: replies and notifications its client has not read
/// yet. While it is over the limit the connection stops reading requests, so a client that does
/// not read its replies stops being served (the kernel's socket buffers fill and its own writes
/// block) instead of making the daemon hold its replies without bound.
final class PendingOutput: Sendable {
    /// Replies and notifications that may wait to be written before reading stops.
    static let maxWrites = 128
    /// Bytes that may wait to be written before reading stops (a reply may be large: `state.get`).
    static let maxBytes = 1 << 20

    private struct State {
        var writes = 0
        var bytes = 0
        var waiters: [OneShot<Void>] = []
        var isFull: Bool { writes >= PendingOutput.maxWrites || bytes >= PendingOutput.maxBytes }
    }

    private let state = Mutex(State())

    /// Counts a write from when it is handed to the channel until it returns.
    func writing<T>(bytes: Int, _ body: () async throws -> T) async rethrows -> T {
        state.withLock {
            $0.writes += 1
            $0.bytes += bytes
        }
        defer {
            let woken: [OneShot<Void>] = state.withLock { state in
                state.writes -= 1
                state.bytes -= bytes
                guard !state.isFull else { return [] }
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in woken { waiter.set(()) }
        }
        return try await body()
    }

    /// Returns once there is room to write (at once when there is), or when the task is cancelled.
    func waitForRoom() async {
        let waiter: OneShot<Void>? = state.withLock { state in
            guard state.isFull else { return nil }
            let waiter = OneShot<Void>()
            state.waiters.append(waiter)
            return waiter
        }
        if let waiter { _ = try? await waiter.valueUnlessCancelled() }
    }
}
