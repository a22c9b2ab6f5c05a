/// Serialises every test that uses the one shared PulseAudio server, across suites and test targets,
/// so that one test's streams never show up in another's capture.
public actor AudioServerLock {
    public static let shared = AudioServerLock()
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
    }
}
