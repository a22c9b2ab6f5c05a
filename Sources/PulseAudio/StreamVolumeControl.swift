import AsyncSupport

/// What the engine changes on a sound server about the streams it manages, and what the server
/// remembers of them: read a stream, set its volume or mute, read and write the server's memory of
/// stream groups (stream-restore). `PulseConnection` is the real one; an in-memory one lets the
/// engine's ducks, restores and journal be tested without a sound server.
public protocol StreamVolumeControl: Sendable {
    /// One sink input, or nil when it no longer exists.
    func sinkInput(index: UInt32) async throws -> SinkInput?
    /// Sets a sink input's volume at once (`VolumeRamp` makes a ramp of such steps).
    func setSinkInputVolume(index: UInt32, to volumes: ChannelVolumes) async throws
    /// Sets a sink input's volume to each of `levels`, one every `pause`, the first at once
    /// (`VolumeRamp` makes the levels). Returns with what is set once the last is set (nil, or why
    /// the ramp failed); `sent` is told once the last step is sent, or the ramp failed.
    nonisolated(nonsending) func beginRamp(index: UInt32, through levels: [ChannelVolumes], every pause: Duration, sent: RampsSent) async
        -> OneShot<(any Error)?>
    /// The sink input as the server's events last told it, without asking the server; nil when it
    /// is not known that way (the caller reads it with `sinkInput(index:)`).
    func knownSinkInput(index: UInt32) -> SinkInput?
    func setSinkInputMute(index: UInt32, muted: Bool) async throws
    /// Whether the server remembers stream volumes per group (PulseAudio's module-stream-restore).
    func remembersStreams() async -> Bool
    func serverName() async throws -> String
    /// What the server remembers, per group.
    func rememberedStreams() async throws -> [RememberedStream]
    /// Writes the server's memory of these groups.
    func remember(_ entries: [RememberedStream]) async throws
    /// The server was given up for good (a shutdown out of time): nothing more is written about it.
    var isAbandoned: Bool { get }
}

extension StreamVolumeControl {
    /// Each step set and waited for in turn, the whole ramp before it returns (an in-memory server's ramp).
    public nonisolated(nonsending) func beginRamp(index: UInt32, through levels: [ChannelVolumes], every pause: Duration, sent: RampsSent) async
        -> OneShot<(any Error)?>
    {
        let answered = OneShot<(any Error)?>()
        do {
            for (step, volumes) in levels.enumerated() {
                if step > 0 { try? await Task.sleep(for: pause) }
                try await setSinkInputVolume(index: index, to: volumes)
            }
            answered.set(nil)
        } catch {
            answered.set(error)
        }
        sent.stepSent()
        return answered
    }

    public func knownSinkInput(index: UInt32) -> SinkInput? { nil }
}

extension PulseConnection: StreamVolumeControl {}
