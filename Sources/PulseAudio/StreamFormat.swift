import CPulse

/// Sample rate and channel count of a signed 16-bit little-endian stream.
public struct StreamFormat: Sendable, Equatable {
    public var sampleRate: UInt32
    public var channels: UInt8

    public init(sampleRate: UInt32, channels: UInt8) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    var spec: pa_sample_spec {
        pa_sample_spec(format: PA_SAMPLE_S16LE, rate: sampleRate, channels: channels)
    }

    /// Bytes for `seconds` of audio.
    func bytes(forSeconds seconds: Double) -> UInt32 {
        UInt32(seconds * Double(sampleRate)) * UInt32(channels) * 2
    }

    /// Seconds of audio in `bytes`.
    func seconds(forBytes bytes: Int64) -> Double {
        Double(bytes) / (Double(sampleRate) * Double(channels) * 2)
    }
}
