import PulseAudio

/// A mono 22050 Hz playback stream with 20 ms of `tlength`, created corked, as the prompt stream
/// is: what the stream tests play their tones through, on a connection of their own.
enum TestPlaybackStream {
    static let rate = 22050

    static func open(_ name: String, application: String) async throws -> (connection: PulseConnection, stream: PlaybackStream) {
        let connection = try await PulseConnection(applicationName: application)
        let stream = try await PlaybackStream(
            connection: connection, name: name, properties: ["media.role": "event"],
            format: StreamFormat(sampleRate: UInt32(rate), channels: 1), targetLatency: 0.02, startCorked: true)
        return (connection, stream)
    }
}
