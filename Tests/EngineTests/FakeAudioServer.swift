import AsyncSupport
import AudioPolicy
import PulseAudio
import Synchronization

@testable import CarAudio
@testable import Engine
@testable import SourceFocus

/// `FakeSoundServer` as the whole sound server the engine runs on (`AudioServer`): sink-input
/// events, the connection lost and back, simulated sources as streams on it, and the prompt stream
/// a `HeldOutput` that the test drains. With it the engine runs in EngineTests, in milliseconds.
extension FakeSoundServer: AudioServer {
    func sinkInputs(timeout: Duration) async throws -> [SinkInput] {
        guard isConnected else { throw Refusal(description: "listing sink inputs failed: Connection terminated") }
        return inputs.sorted { $0.index < $1.index }
    }

    func sinkInputEvents() async throws -> AsyncStream<SinkInputEvent> {
        let (events, continuation) = AsyncStream.makeStream(
            of: SinkInputEvent.self, bufferingPolicy: .bufferingNewest(PulseConnection.sinkInputEventBuffer))
        subscribe(continuation)
        return events
    }

    func rolePolicy() async -> ServerRolePolicy { .none }

    func promptOutput(rolePolicy: ServerRolePolicy, sampleRate: Int, latency: Double) async throws -> any ServerPromptOutput {
        openPromptStream()
    }

    func startSource(
        _ kind: SourceKind, _ activity: SourceActivity, at position: Double?, paused: Bool, sink: String?
    ) async throws -> any SimulatedSource {
        // The real source's properties: its application id tells the engine it is its own stream
        // when the server's event of it comes before the engine has recorded the source.
        let profile = try CarSourceProfile.of(kind, activity)
        try await streamMayOpen()
        let index = try open(
            name: profile.applicationName, volume: Self.sourceVolume, properties: profile.properties(kind: kind, activity: activity), corked: paused)
        return FakeSource(kind: kind, activity: activity, index: index, position: position ?? 0, server: self)
    }

    func levelMeter(recording source: String) async throws -> any BedLevelMeter { SilentMeter() }
}

extension FakeSoundServer {
    /// The volume every simulated source starts at.
    static let sourceVolume: UInt32 = 30000
}

/// The prompt stream: held until the test drains it.
extension HeldOutput: ServerPromptOutput {
    var rolePolicy: ServerRolePolicy { .none }
    func serverChanged(_ rolePolicy: ServerRolePolicy) async throws {}
    func close() {}
}

/// A simulated source as a stream on the fake server: paused is corked, stopped is gone.
final class FakeSource: SimulatedSource {
    let kind: SourceKind
    let activity: SourceActivity
    let sinkInputIndex: UInt32
    let position: Double?
    private let server: FakeSoundServer

    init(kind: SourceKind, activity: SourceActivity, index: UInt32, position: Double, server: FakeSoundServer) {
        self.kind = kind
        self.activity = activity
        sinkInputIndex = index
        self.position = position
        self.server = server
    }

    var displayName: String { "\(kind.rawValue) (simulated)" }
    var programmeDuration: Double? { nil }
    var isPaused: Bool { server.corked(sinkInputIndex) ?? false }
    func pause() async { server.cork(sinkInputIndex, true) }
    func resume() { server.cork(sinkInputIndex, false) }
    func stop() { server.stop(sinkInputIndex) }
}

/// A meter that hears nothing: no bed is measured.
struct SilentMeter: BedLevelMeter {
    func recentPowers(count: Int) -> [Double] { [] }
    func hold() {}
    func release(after seconds: Double) {}
    func close() {}
}
