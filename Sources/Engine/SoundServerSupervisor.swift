/// Brings a lost sound server back: attempts at growing intervals until one succeeds or it is
/// stopped. What an attempt does (reconnect, start the sources again, carry the policy out again)
/// is the engine's (`VoxNavEngine+SoundServer`); when to try is this.
struct SoundServerSupervisor {
    /// The first wait and the longest one between two attempts: a server that is back is found
    /// within the longest (the first attempts come sooner).
    static let backoff: (first: Duration, longest: Duration) = (.milliseconds(50), .milliseconds(400))

    private var attempts: Task<Void, Never>?

    /// Starts trying (again, if it was); `attempt` returns true once the server is back.
    mutating func reconnect(_ attempt: @escaping @Sendable () async -> Bool) {
        attempts?.cancel()
        attempts = Task {
            var delay = Self.backoff.first
            while !Task.isCancelled {
                try? await Task.sleep(for: delay)
                guard !Task.isCancelled else { return }
                if await attempt() { return }
                delay = min(delay * 2, Self.backoff.longest)
            }
        }
    }

    mutating func stop() {
        attempts?.cancel()
        attempts = nil
    }
}
