/// How fast and how high a client asks for its words: speech-dispatcher's rate and pitch, each
/// -100…100 with 0 the voice's own, mapped onto eSpeak NG's ranges as speech-dispatcher's own eSpeak
/// NG module maps them (below 0 towards the slowest or lowest, above 0 towards the fastest or highest).
public struct VoiceProsody: Sendable, Hashable {
    public let rate: Int
    public let pitch: Int

    /// The voice as it is.
    public static let plain = VoiceProsody(rate: 0, pitch: 0)

    /// eSpeak NG's rates, words per minute.
    public static let slowest = 80
    public static let fastest = 450
    /// eSpeak NG's pitch scale, and a voice's own place on it.
    public static let pitchScale = 0...100
    public static let ownPitch = 50

    /// Values outside -100…100 are taken as the nearest end.
    public init(rate: Int, pitch: Int) {
        self.rate = min(100, max(-100, rate))
        self.pitch = min(100, max(-100, pitch))
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
