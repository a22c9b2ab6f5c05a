import FoundationEssentials
import Glibc
import PulseAudio

/// An endless programme for the simulated music app, unlike the radio's: a minor-key synth riff at
/// 120 bpm over a kick drum and off-beat hi-hats. A pure function of the frame number, so the app
/// resumes exactly where it was paused (`SeekableSource`).
public final class MusicProgramme: SeekableSource, GeneratedProgramme {
    public let sampleRate: Double
    public var frame = 0
    private let amplitude: Double

    /// MIDI notes of the riff, one per eighth note (A minor).
    private static let riff: [Double] = [69, 72, 76, 72, 74, 77, 76, 72, 69, 72, 76, 79, 77, 76, 74, 71]
    private static let eighth = 0.25

    public init(sampleRate: Double = 44100, amplitude: Double = 0.3) {
        self.sampleRate = sampleRate
        self.amplitude = amplitude
    }

    public func sample(frame: Int) -> Double {
        let t = Double(frame) / sampleRate
        let step = Int(t / Self.eighth)
        let sinceStep = t - Double(step) * Self.eighth
        let f = 440 * pow(2, (Self.riff[step % Self.riff.count] - 69) / 12)
        // A square-ish lead: odd harmonics, gated to 80 % of the eighth note.
        let phase = 2 * Double.pi * f * sinceStep
        let gate = sinceStep < Self.eighth * 0.8 ? min(1, sinceStep / 0.005) : 0
        let lead = gate * (sin(phase) + sin(3 * phase) / 3 + sin(5 * phase) / 5) * 0.5
        // Kick on every beat (two eighths): a falling sine; hi-hat on the off-beats: a short noise tick.
        let sinceBeat = t.truncatingRemainder(dividingBy: 2 * Self.eighth)
        let kick = exp(-sinceBeat * 18) * sin(2 * .pi * (50 * sinceBeat + 70 / 25 * (1 - exp(-25 * sinceBeat))))
        var hat = 0.0
        if step % 2 == 1, sinceStep < 0.03 {
            var x = UInt64(truncatingIfNeeded: Int(t * sampleRate)) &* 0x9E37_79B9_7F4A_7C15
            x ^= x >> 29
            hat = 0.25 * (Double(x % 2000) / 1000 - 1) * (1 - sinceStep / 0.03)
        }
        return amplitude * (0.55 * lead + 0.8 * kick + hat)
    }
}
