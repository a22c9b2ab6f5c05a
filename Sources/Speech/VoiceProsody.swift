import Glibc

/// How fast, how high and how loud a client asks for its words: speech-dispatcher's rate, pitch and
/// volume, each -100…100 with 0 the voice's own, mapped onto eSpeak NG's ranges as
/// speech-dispatcher's own eSpeak NG module maps them (below 0 towards the slowest, lowest or
/// softest, above 0 towards the fastest, highest or loudest).
public struct VoiceProsody: Sendable, Hashable {
    public let rate: Int
    public let pitch: Int
    public let volume: Int

    /// The voice as it is.
    public static let plain = VoiceProsody(rate: 0, pitch: 0)

    /// eSpeak NG's rates, words per minute.
    public static let slowest = 80
    public static let fastest = 450
    /// eSpeak NG's pitch scale, and a voice's own place on it.
    public static let pitchScale = 0...100
    public static let ownPitch = 50

    /// eSpeak NG's amplitude scale (its own 100).
    public static let amplitudeScale = 0...200
    /// The gain of the softest amplitude but none, and of none (silence, kept finite for reports).
    public static let silentDecibels = -96.0

    /// Values outside -100…100 are taken as the nearest end.
    public init(rate: Int, pitch: Int, volume: Int = 0) {
        self.rate = min(100, max(-100, rate))
        self.pitch = min(100, max(-100, pitch))
        self.volume = min(100, max(-100, volume))
    }

    /// eSpeak NG's amplitude (0…200, its own 100): the volume + 100, as speech-dispatcher's module sets it.
    public var eSpeakAmplitude: Int { volume + 100 }

    /// The amplitude as a gain on the voice's own level, in dB: 20·log10(amplitude / 100), from
    /// +6.02 dB at 200 down to `silentDecibels` at 0. Applied to the prompt's samples, where the
    /// client's other gains are, so that a level set after synthesis does not undo it.
    public var gainDecibels: Double {
        guard eSpeakAmplitude > 0 else { return Self.silentDecibels }
        return max(Self.silentDecibels, 20 * log10(Double(eSpeakAmplitude) / 100))
    }

    /// Words per minute for a voice whose own rate is `base`.
    public func wordsPerMinute(around base: Int) -> Int {
        let base = min(Self.fastest, max(Self.slowest, base))
        let span = rate < 0 ? base - Self.slowest : Self.fastest - base
        return base + span * rate / 100
    }

    /// eSpeak NG's pitch (0…100, the voice's own 50).
    public var eSpeakPitch: Int {
        let span = pitch < 0 ? Self.ownPitch - Self.pitchScale.lowerBound : Self.pitchScale.upperBound - Self.ownPitch
        return Self.ownPitch + span * pitch / 100
    }
}
