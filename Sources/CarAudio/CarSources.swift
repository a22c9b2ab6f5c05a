import AudioPolicy
import PulseAudio

/// Creates the simulated car sources as real streams on a PulseAudio connection.
public enum CarSources {
    /// The car's FM radio: role music (so role-based policies treat it as music), named as a radio.
    public static func startFMRadio(on connection: PulseConnection, station: String = "FM 101.1 VoxNav Classic") async throws -> CarSource {
        let format = StreamFormat(sampleRate: 44100, channels: 1)
        let stream = try await PlaybackStream(
            connection: connection, name: station,
            properties: [
                "media.role": "music",
                "media.name": station,
                "application.name": "Car FM Radio (simulated)",
                "application.id": "org.voxnav.car.fmradio",
                "voxnav.source.kind": SourceKind.fmRadio.rawValue,
            ],
            format: format, targetLatency: nil, startCorked: true)
        stream.start(RadioProgram(sampleRate: Double(format.sampleRate)))
        return CarSource(kind: .fmRadio, displayName: station, stream: stream)
    }
}
