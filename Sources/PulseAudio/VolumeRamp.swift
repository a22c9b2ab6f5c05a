/// Moves a sink input's volume in small steps, because `pa_context_set_sink_input_volume`
/// jumps at once and a jump is heard as a click or a lurch.
public struct VolumeRamp: Sendable {
    public var duration: Duration
    public var steps: Int

    public init(duration: Duration, steps: Int) {
        self.duration = duration
        self.steps = max(1, steps)
    }

    /// Ramps from `start` to `target`; the last step sets `target` exactly.
    public nonisolated(nonsending) func run(
        on connection: some StreamVolumeControl, sinkInput index: UInt32, from start: ChannelVolumes, to target: ChannelVolumes
    ) async throws {
        try await connection.rampSinkInputVolume(index: index, through: levels(from: start, to: target), every: duration / steps)
    }

    /// The volume after each step.
    public func levels(from start: ChannelVolumes, to target: ChannelVolumes) -> [ChannelVolumes] {
        (1...steps).map { step in step == steps ? target : start.interpolated(to: target, fraction: Double(step) / Double(steps)) }
    }
}
