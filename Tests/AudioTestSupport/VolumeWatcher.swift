/// Reads one sink input's volume and cork state from the server (pactl) every ~30 ms until stopped,
/// each reading stamped with milliseconds since the watcher started: to see what a stream's volume
/// was, and whether it played, while a prompt played.
public final class VolumeWatcher: Sendable {
    public typealias Reading = (ms: Double, volumes: [Int], corked: Bool)
    private let task: Task<[Reading], Never>
    /// When it started: a reading's `ms` counts from here.
    public let start: ContinuousClock.Instant

    /// - Parameter sinkInput: returns the watched sink input from a fresh pactl listing.
    public init(_ sinkInput: @escaping @Sendable () throws -> PulseProbe.SinkInput?) {
        let clock = ContinuousClock()
        let start = clock.now
        self.start = start
        task = Task.detached {
            var seen: [Reading] = []
            while !Task.isCancelled {
                let t = (clock.now - start) / .milliseconds(1)
                if let input = try? sinkInput() { seen.append((t, input.volumes, input.corked)) }
                try? await Task.sleep(for: .milliseconds(30))
            }
            return seen
        }
    }

    /// Stops watching and returns the readings.
    public func stop() async -> [Reading] {
        task.cancel()
        return await task.value
    }
}
