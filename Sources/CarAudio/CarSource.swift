import AsyncSupport
import AudioPolicy
import PulseAudio

/// A simulated car or phone audio source: a real PulseAudio stream of a given kind.
///
/// Its volume is the engine's business (through the connection and `sinkInputIndex`); the source
/// itself pauses, resumes and stops. Made by `CarSources.start(kind:activity:on:)`.
public final class CarSource: @unchecked Sendable {
    public let kind: SourceKind
    public let activity: SourceActivity
    public let displayName: String
    /// The playback stream: the programme, or for the listening assistant its earcon (then corked).
    public let stream: PlaybackStream
    /// The open microphone of a listening voice assistant (a source output), else nil.
    public let microphone: RecordStream?
    /// Frames per second of the programme, to turn played frames into seconds.
    private let sampleRate: Double
    /// A chime (a fraction of a second, played once) and the listening assistant's earcon are not paused.
    private let pausable: Bool
    private let ended = OneShot<Void>()
    /// Seconds of sound of a source that plays once (a chime); nil for a programme that goes on.
    public let programmeDuration: Double?

    public var sinkInputIndex: UInt32 { stream.sinkInputIndex }
    /// The microphone's source output, when the source records.
    public var sourceOutputIndex: UInt32? { microphone?.sourceOutputIndex }

    init(
        kind: SourceKind, activity: SourceActivity = .default, displayName: String, stream: PlaybackStream,
        microphone: RecordStream? = nil, sampleRate: Double, pausable: Bool = true, programmeDuration: Double? = nil
    ) {
        self.programmeDuration = programmeDuration
        self.kind = kind
        self.activity = activity
        self.displayName = displayName
        self.stream = stream
        self.microphone = microphone
        self.sampleRate = sampleRate
        self.pausable = pausable
    }

    /// Pauses for real: the stream is corked, nothing already queued plays afterwards, and a programme
    /// (podcast, music, speech) stops its position, to go on from exactly there on `resume()`.
    /// A chime, or a listening assistant (its microphone stays open), is not paused.
    public func pause() async {
        guard pausable else { return }
        await stream.pause()
    }

    /// Plays on from where `pause()` stopped.
    public func resume() {
        guard pausable else { return }
        stream.resume()
    }

    public var isPaused: Bool { stream.isPaused }

    /// Seconds of programme actually played (not merely buffered); nil for a live source (the radio)
    /// or before the server's first timing report.
    public var position: Double? { stream.playedSourceFrames.map { Double($0) / sampleRate } }

    /// Stops the source; its streams leave the server.
    public func stop() {
        stream.stopPlayback()
        stream.close()
        microphone?.close()
        ended.set(())
    }

    /// Returns once the source has ended: a chime when it has played to its end (its stream is then
    /// gone from the server), any source once `stop()` was called.
    public func finished() async { await ended.value }

    /// Called when a finite source has played to its end.
    func finishedPlaying() {
        stream.close()
        ended.set(())
    }
}
