import FoundationEssentials
import Glibc
import PulseAudio

/// An endless, speech-like programme: syllables of a harmonic voice shaped by vowel formants, with
/// consonant bursts, word gaps, sentence pauses and falling intonation. eSpeak is not used here (CarAudio
/// has no synthesiser), and a listener or a level analysis tells it from music by its syllabic rhythm.
///
/// Every sample is a pure function of its frame number, so the programme can be paused and resumed
/// exactly where it stopped (`SeekableSource`). Several voices take turns, a sentence each (a conversation
/// podcast, the two ends of a phone call).
public final class SpeechLikeProgramme: SeekableSource, GeneratedProgramme {
    public struct Voice: Sendable {
        /// Fundamental frequency in Hz: ~110 a low voice, ~210 a high one.
        public var pitch: Double
        public init(pitch: Double) { self.pitch = pitch }
    }

    public let sampleRate: Double
    public var frame = 0
    private let voices: [Voice]
    private let band: ClosedRange<Double>
    private let amplitude: Double

    private static let slot = 0.22
    private static let slotsPerSentence = 14
    private static let spokenSlots = 11
    /// (F1, F2) of a, e, i, o, u.
    private static let vowels: [(Double, Double)] = [(730, 1090), (530, 1840), (270, 2290), (570, 840), (300, 870)]

    // A memo of the current syllable's harmonic weights (recomputed per syllable, never state that matters).
    private var cachedSlot = -1
    private var cachedPitch = 0.0
    /// Weight of harmonic k at index k − 1 (0 for one outside the band).
    private var cachedWeights: [Double] = []

    /// - Parameters:
    ///   - band: frequencies kept, e.g. 300…3400 Hz for a telephone line.
    ///   - amplitude: peak level, 0…1 of full scale.
    public init(sampleRate: Double, voices: [Voice], band: ClosedRange<Double> = 80...5000, amplitude: Double = 0.4) {
        self.sampleRate = sampleRate
        self.voices = voices.isEmpty ? [Voice(pitch: 120)] : voices
        self.band = band
        self.amplitude = amplitude
    }

    public func sample(frame: Int) -> Double {
        let t = Double(frame) / sampleRate
        let slotIndex = Int(t / Self.slot)
        let inSlot = t - Double(slotIndex) * Self.slot
        let sentence = slotIndex / Self.slotsPerSentence
        let position = slotIndex % Self.slotsPerSentence
        // Sentence pauses, and about one slot in six a gap between words.
        guard position < Self.spokenSlots, Self.hash(slotIndex, 1) > 0.17 else { return 0 }
        let sound = 0.19
        guard inSlot < sound else { return 0 }
        let envelope = min(1, inSlot / 0.025) * min(1, (sound - inSlot) / 0.04)
        if slotIndex != cachedSlot { prepare(slotIndex, sentence: sentence, position: position) }
        // sin(kθ) for every harmonic from two library calls: sin(kθ) = 2cos θ · sin((k−1)θ) − sin((k−2)θ)
        // (some 40 harmonics a sample; a sine each was most of a drive's CPU while a podcast resumed).
        let phase = 2 * Double.pi * cachedPitch * inSlot
        let twoCos = 2 * cos(phase)
        var (previous, current) = (0.0, sin(phase))
        var voiced = 0.0
        for weight in cachedWeights {
            voiced += weight * current
            (previous, current) = (current, twoCos * current - previous)
        }
        // A consonant: a short noise burst opening some syllables.
        var burst = 0.0
        if inSlot < 0.03, Self.hash(slotIndex, 2) > 0.4 { burst = 0.35 * (Self.hash(frame, 3) * 2 - 1) * (1 - inSlot / 0.03) }
        return amplitude * envelope * (voiced + burst)
    }

    private func prepare(_ slotIndex: Int, sentence: Int, position: Int) {
        let voice = voices[sentence % voices.count]
        // Intonation: falling over the sentence, with a little jitter per syllable.
        let declination = 1.15 - 0.25 * Double(position) / Double(Self.spokenSlots)
        let pitch = voice.pitch * declination * (1 + 0.1 * (Self.hash(slotIndex, 4) - 0.5))
        let (f1, f2) = Self.vowels[Int(Self.hash(slotIndex, 5) * Double(Self.vowels.count)) % Self.vowels.count]
        var weights: [Double] = []
        var k = 1.0
        while k * pitch < min(band.upperBound, sampleRate / 2 - 200) {
            let f = k * pitch
            if f >= band.lowerBound {
                let formants = 1 / (1 + pow((f - f1) / 90, 2)) + 0.7 / (1 + pow((f - f2) / 120, 2))
                weights.append((formants + 0.05) / k.squareRoot())
            } else {
                weights.append(0)
            }
            k += 1
        }
        let total = weights.reduce(0, +)
        cachedWeights = weights.map { total > 0 ? $0 / total * 1.6 : 0 }
        cachedPitch = pitch
        cachedSlot = slotIndex
    }

    /// A deterministic value in 0..<1 for (n, salt).
    private static func hash(_ n: Int, _ salt: UInt64) -> Double {
        var x = UInt64(bitPattern: Int64(n)) &* 0x9E37_79B9_7F4A_7C15 &+ salt &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        x ^= x >> 29
        return Double(x >> 11) / Double(1 << 53)
    }
}
