import AudioPolicy
import PulseAudio

/// A simulated car or phone audio source: a real PulseAudio stream of a given kind.
public final class CarSource: @unchecked Sendable {
    public let kind: SourceKind
    public let displayName: String
    public let stream: PlaybackStream

    public var sinkInputIndex: UInt32 { stream.sinkInputIndex }

    init(kind: SourceKind, displayName: String, stream: PlaybackStream) {
        self.kind = kind
        self.displayName = displayName
        self.stream = stream
    }

    /// Stops the source; its stream leaves the server.
    public func stop() { stream.close() }
}
