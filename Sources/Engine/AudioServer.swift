import AudioPolicy
import CarAudio
import PulseAudio
import SourceFocus

/// The sound server as the engine uses it: the streams on it (other programs' and the engine's own)
/// and their events, the connection's loss and return, and what the engine opens on it: the prompt
/// stream, the simulated car sources, the bed's level meter. `PulseConnection` is the real one
/// (libpulse); EngineTests' `FakeSoundServer` keeps everything in memory, so that the engine's own
/// logic runs without a sound server.
protocol AudioServer: StreamVolumeControl {
    /// Every sink input, within `timeout`.
    func sinkInputs(timeout: Duration) async throws -> [SinkInput]
    /// Sink inputs appearing, changing and going, from now on.
    func sinkInputEvents() async throws -> AsyncStream<SinkInputEvent>
    /// Called once when the connection is lost (not when it is closed or given up on purpose).
    func onDisconnect(_ handler: @escaping @Sendable () -> Void)
    /// Connects again after a loss; throws while the server is not back.
    func reconnect() async throws
    /// Gives the server up at once: every request pending fails, nothing more is written.
    func abandon()
    /// Whether the server ducks by role itself.
    func rolePolicy() async -> ServerRolePolicy
    /// Opens the prompt stream, corked; where the server ducks by role it opens for each prompt.
    func promptOutput(rolePolicy: ServerRolePolicy, sampleRate: Int, latency: Double) async throws -> any ServerPromptOutput
    /// Starts a simulated source on `sink` (nil: the default sink); `position`: seconds into its
    /// programme; `paused`: it starts paused.
    func startSource(
        _ kind: SourceKind, _ activity: SourceActivity, at position: Double?, paused: Bool, sink: String?
    ) async throws -> any SimulatedSource
    /// Measures the level of `source` (a sink's monitor) from now on.
    func levelMeter(recording source: String) async throws -> any BedLevelMeter
}

extension AudioServer {
    func sinkInputs() async throws -> [SinkInput] { try await sinkInputs(timeout: pulseRequestTimeout) }
}

/// The prompt stream as the engine holds it: a `PromptOutput` for the player, plus what the engine
/// does with it when the server changes or the daemon stops.
protocol ServerPromptOutput: PromptOutput {
    /// Whether the server ducks by role itself; read again at each connection.
    var rolePolicy: ServerRolePolicy { get }
    /// Opens the stream again after the server came back, where it stays open between prompts.
    func serverChanged(_ rolePolicy: ServerRolePolicy) async throws
    func close()
}

/// The bed's level meter (`LevelMeter` on a real server): blocks of a monitor's power, held out
/// while a prompt session is active.
protocol BedLevelMeter: Sendable {
    func recentPowers(count: Int) -> [Double]
    func hold()
    func release(after seconds: Double)
    func close()
}

extension LevelMeter: BedLevelMeter {}

extension PulseConnection: AudioServer {
    func rolePolicy() async -> ServerRolePolicy {
        ServerRolePolicy.detect(sinks: (try? await sinkNames()) ?? [])
    }

    func promptOutput(rolePolicy: ServerRolePolicy, sampleRate: Int, latency: Double) async throws -> any ServerPromptOutput {
        let stream = try await PlaybackStream(
            connection: self, name: "VoxNav voice prompt", properties: rolePolicy.promptStreamProperties,
            format: StreamFormat(sampleRate: UInt32(sampleRate), channels: 1), targetLatency: latency, startCorked: true,
            openNow: rolePolicy.keepsPromptStreamOpen)
        return PromptStreamOutput(stream: stream, connection: self, rolePolicy: rolePolicy)
    }

    func startSource(
        _ kind: SourceKind, _ activity: SourceActivity, at position: Double?, paused: Bool, sink: String?
    ) async throws -> any SimulatedSource {
        if kind == .fmRadio && activity == .default { return try await CarSources.startFMRadio(on: self, paused: paused, sink: sink) }
        return try await CarSources.start(kind: kind, activity: activity, at: position, paused: paused, sink: sink, on: self)
    }

    func levelMeter(recording source: String) async throws -> any BedLevelMeter {
        try await LevelMeter(connection: self, source: source)
    }
}
