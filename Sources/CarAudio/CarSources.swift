import AudioPolicy
import PulseAudio

/// Creates the simulated car sources as real streams on a PulseAudio connection.
public enum CarSources {
    /// Starts a source of `kind` doing `activity` (see `CarSourceProfile` for roles and names).
    /// - Parameters:
    ///   - programme: for spoken audio, what to play instead of the generated speech-like
    ///     programme (it then ends with the samples).
    ///   - position: seconds into the programme to begin at (a podcast re-created after a crash);
    ///     ignored by live sources and one-shot sounds.
    ///   - paused: begin paused (corked, nothing played) until `resume()`; ignored by one-shot sounds.
    public static func start(
        kind: SourceKind, activity: SourceActivity = .default, programme: RecordedProgramme? = nil,
        at position: Double? = nil, paused: Bool = false, sink: String? = nil, on connection: PulseConnection
    ) async throws -> CarSource {
        var profile = try CarSourceProfile.of(kind, activity)
        if let programme { profile.sampleRate = UInt32(programme.sampleRate) }
        let rate = Double(profile.sampleRate)
        let format = StreamFormat(sampleRate: profile.sampleRate, channels: 1)
        let stream = try await PlaybackStream(
            connection: connection, name: profile.mediaName, properties: profile.properties(kind: kind, activity: activity),
            format: format, targetLatency: profile.targetLatency, startCorked: true, sink: sink)

        switch (kind, activity) {
        case (.vehicleChime, _):
            let chime = CarSounds.vehicleChime(sampleRate: rate)
            let source = CarSource(
                kind: kind, activity: activity, displayName: profile.applicationName, stream: stream,
                sampleRate: rate, pausable: false, programmeDuration: Double(chime.count) / rate)
            Task {
                await stream.play(BufferSource(chime))
                source.finishedPlaying()
            }
            return source
        case (.voiceAssistant, .listening):
            // Listening means the microphone is open: a record stream, which PulseAudio lists as a source
            // output. On this headless server the only source is the sink's monitor; nil picks the default.
            let microphone: RecordStream
            do {
                microphone = try await RecordStream(
                    connection: connection, name: "Voice assistant microphone",
                    properties: profile.properties(kind: kind, activity: activity).merging(["media.role": "phone"]) { $1 },
                    format: StreamFormat(sampleRate: 16000, channels: 1), device: nil)
            } catch {
                stream.close()
                throw error
            }
            let earcon = CarSounds.listening(sampleRate: rate)
            // The blip, then the stream is corked: an idle stream is corked, not fed silence.
            Task { await stream.play(BufferSource(earcon)) }
            return CarSource(
                kind: kind, activity: activity, displayName: profile.applicationName, stream: stream,
                microphone: microphone, sampleRate: rate, pausable: false)
        default:
            let source = programmeSource(kind, activity, programme: programme, sampleRate: rate)
            if let position, let seekable = source as? SeekableSource { seekable.frame = max(0, Int(position * rate)) }
            stream.start(source, paused: paused)
            return CarSource(kind: kind, activity: activity, displayName: profile.applicationName, stream: stream, sampleRate: rate)
        }
    }

    /// The car's FM radio: role music (so role-based policies treat it as music), named as a radio.
    public static func startFMRadio(
        on connection: PulseConnection, station: String = "FM 101.1 VoxNav Classic", paused: Bool = false, sink: String? = nil
    ) async throws -> CarSource {
        let format = StreamFormat(sampleRate: 44100, channels: 1)
        var profile = try CarSourceProfile.of(.fmRadio, .default)
        profile.mediaName = station
        let stream = try await PlaybackStream(
            connection: connection, name: station, properties: profile.properties(kind: .fmRadio, activity: .default),
            format: format, targetLatency: nil, startCorked: true, sink: sink)
        stream.start(RadioProgramme(sampleRate: Double(format.sampleRate)), paused: paused)
        return CarSource(kind: .fmRadio, displayName: station, stream: stream, sampleRate: Double(format.sampleRate))
    }

    private static func programmeSource(
        _ kind: SourceKind, _ activity: SourceActivity, programme: RecordedProgramme?, sampleRate rate: Double
    ) -> SampleSource {
        if let programme { return RecordedProgrammeSource(programme) }
        switch kind {
        case .fmRadio: return RadioProgramme(sampleRate: rate)
        case .music: return MusicProgramme(sampleRate: rate)
        // A conversation: host and guest take turns.
        case .spokenAudio: return SpeechLikeProgramme(sampleRate: rate, voices: [.init(pitch: 115), .init(pitch: 185)])
        // Both ends of a call, through a telephone band.
        case .phoneCall: return SpeechLikeProgramme(sampleRate: rate, voices: [.init(pitch: 110), .init(pitch: 210)], band: 300...3400)
        case .voiceAssistant: return SpeechLikeProgramme(sampleRate: rate, voices: [.init(pitch: 200)], amplitude: 0.35)
        case .nativeNavigation, .vehicleChime: return SpeechLikeProgramme(sampleRate: rate, voices: [.init(pitch: 175)])
        }
    }
}
