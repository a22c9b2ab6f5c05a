import FoundationEssentials
import Glibc

/// The non-verbal prompt used when a spoken prompt is not allowed (prompt style `short`):
/// two soft rising notes, well under a second (the car's own "chime" is a different sound).
public enum Earcon {
    /// Renders the tone at `sampleRate`. Deterministic: the same buffer every time.
    public static func navigationTone(sampleRate: Int = 22050) -> PCMBuffer {
        // Two partial-rich tones a fifth apart (E6, B6), each with a fast attack and exponential decay.
        let notes: [(frequency: Double, start: Double, length: Double)] = [
            (1318.5, 0.0, 0.22),
            (1975.5, 0.16, 0.30),
        ]
        let total = 0.48
        var mix = [Double](repeating: 0, count: Int(total * Double(sampleRate)))
        for note in notes {
            let start = Int(note.start * Double(sampleRate))
            let count = Int(note.length * Double(sampleRate))
            for i in 0..<count where start + i < mix.count {
                let t = Double(i) / Double(sampleRate)
                let attack = min(1, t / 0.006)
                let decay = exp(-t * 9)
                let tone = sin(2 * .pi * note.frequency * t) + 0.25 * sin(4 * .pi * note.frequency * t)
                mix[start + i] += 0.32 * attack * decay * tone
            }
        }
        // A short fade-out so the end never clicks.
        let fade = Int(0.02 * Double(sampleRate))
        for i in 0..<fade { mix[mix.count - 1 - i] *= Double(i) / Double(fade) }
        return PCMBuffer(samples: mix.map { Int16(max(-1, min(1, $0)) * 32767) }, sampleRate: sampleRate)
    }
}
