/// What the engine changes on a sound server about the streams it manages, and what the server
/// remembers of them: read a stream, set its volume or mute, read and write the server's memory of
/// stream groups (stream-restore). `PulseConnection` is the real one; an in-memory one lets the
/// engine's ducks, restores and journal be tested without a sound server.
public protocol StreamVolumeControl: Sendable {
    /// One sink input, or nil when it no longer exists.
    func sinkInput(index: UInt32) async throws -> SinkInput?
    /// Sets a sink input's volume at once (`VolumeRamp` makes a ramp of such steps).
    func setSinkInputVolume(index: UInt32, to volumes: ChannelVolumes) async throws
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

extension PulseConnection: StreamVolumeControl {}
