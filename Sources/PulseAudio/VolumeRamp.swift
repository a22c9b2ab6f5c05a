import AsyncSupport

/// Moves a sink input's volume in small steps, because `pa_context_set_sink_input_volume`
/// jumps at once and a jump is heard as a click or a lurch.
public struct VolumeRamp: Sendable {
    public var duration: Duration
    public var steps: Int

    public init(duration: Duration, steps: Int) {
        self.duration = duration
        self.steps = max(1, steps)
    }

    /// Starts the ramp from `start` to `target` (the last step sets `target` exactly); returns with
    /// what is set once the server has answered its last step (nil, or why it failed). `sent` is
    /// told once the last step is sent.
    public nonisolated(nonsending) func begin(
        on connection: some StreamVolumeControl, sinkInput index: UInt32, from start: ChannelVolumes, to target: ChannelVolumes,
        sent: RampsSent = RampsSent(count: 1)
    ) async -> OneShot<(any Error)?> {
        await connection.beginRamp(index: index, through: levels(from: start, to: target), every: duration / steps, sent: sent)
    }

    /// Ramps from `start` to `target` and returns once the server has answered the last step.
    public nonisolated(nonsending) func run(
        on connection: some StreamVolumeControl, sinkInput index: UInt32, from start: ChannelVolumes, to target: ChannelVolumes
    ) async throws {
        if let error = await begin(on: connection, sinkInput: index, from: start, to: target).value { throw error }
    }

    /// The volume after each step.
    public func levels(from start: ChannelVolumes, to target: ChannelVolumes) -> [ChannelVolumes] {
        (1...steps).map { step in step == steps ? target : start.interpolated(to: target, fraction: Double(step) / Double(steps)) }
    }
}
