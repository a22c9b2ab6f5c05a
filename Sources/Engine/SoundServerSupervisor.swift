/// Brings a lost sound server back: attempts at growing intervals until one succeeds or the task
/// is cancelled. What an attempt does (reconnect, start the sources again, carry the policy out
/// again) is the engine's (`VoxNavEngine+SoundServer`); when to try is this.
enum SoundServerSupervisor {
    /// The first wait and the longest one between two attempts: a server that is back is found
    /// within the longest (the first attempts come sooner).
    static let backoff: (first: Duration, longest: Duration) = (.milliseconds(50), .milliseconds(400))

    /// Tries until `attempt` returns true (the server is back, or trying no longer makes sense).
    static func retry(_ attempt: () async -> Bool) async {
        var delay = backoff.first
        while !Task.isCancelled {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            if await attempt() { return }
            delay = min(delay * 2, backoff.longest)
        }
    }
}
