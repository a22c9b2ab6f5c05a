import FoundationEssentials
import Glibc
import PulseAudio

/// An endless, music-like programme for the simulated FM radio: a I–V–vi–IV chord progression
/// played as a plucked arpeggio over a soft bass. Tonal and rhythmic, audibly not speech, so a
/// listener (or a test reading `car.monitor`) can tell the radio from a prompt.
public final class RadioProgramme: SampleSource, GeneratedProgramme {
    public let sampleRate: Double
    public var frame = 0
    private let amplitude: Double

    /// MIDI notes of each chord (C, G, Am, F), two seconds each.
    private static let chords: [[Double]] = [[60, 64, 67, 72], [55, 59, 62, 67], [57, 60, 64, 69], [53, 57, 60, 65]]
    private static let beat = 0.25
    private static let chordLength = 2.0

    /// - Parameter amplitude: peak level, 0…1 of full scale.
    public init(sampleRate: Double = 44100, amplitude: Double = 0.3) {
        self.sampleRate = sampleRate
        self.amplitude = amplitude
    }

    public func sample(frame: Int) -> Double {
        let t = Double(frame) / sampleRate
        let chordIndex = Int(t / Self.chordLength) % Self.chords.count
        let chord = Self.chords[chordIndex]
        let beatIndex = Int(t / Self.beat)
        let sinceBeat = t - Double(beatIndex) * Self.beat
        let note = chord[beatIndex % chord.count] + 12
        let pluck = exp(-sinceBeat * 10) * sin(2 * .pi * Self.frequency(note) * sinceBeat)
        let sinceChord = t.truncatingRemainder(dividingBy: Self.chordLength)
        let bass = 0.6 * exp(-sinceChord * 1.2) * sin(2 * .pi * Self.frequency(chord[0] - 12) * sinceChord)
        return amplitude * 0.6 * (pluck + bass)
    }

    private static func frequency(_ midi: Double) -> Double { 440 * pow(2, (midi - 69) / 12) }
}
