import CarAudio
import FoundationEssentials
import PulseAudio

/// Another program's stream for a scenario's `stream.start`: a PulseAudio client of its own, apart
/// from the daemon, playing music with the scenario's `media.role`, as `paplay` would.
final class ForeignStream: @unchecked Sendable {
    private let connection: PulseConnection
    private let stream: PlaybackStream

    init(name: String, role: String, pulseServer: String?) async throws {
        connection = try await PulseConnection(applicationName: name, server: pulseServer)
        let rate = 44100.0
        stream = try await PlaybackStream(
            connection: connection, name: "\(name) (\(role))",
            // The connection says org.voxnav, which the daemon ignores as its own: this stream is someone else's.
            properties: [
                "media.role": role, "application.name": name, "application.id": "org.example.\(name)",
                "media.name": "\(name) (\(role))",
            ],
            format: StreamFormat(sampleRate: UInt32(rate), channels: 1), targetLatency: nil, startCorked: true)
        stream.start(MusicProgramme(sampleRate: rate))
    }

    func stop() {
        stream.stopPlayback()
        stream.close()
    }
}
