import FoundationEssentials
import Glibc

/// The car's and the assistant's short sounds, as samples (VoxNav's own prompt tone is `Earcon` in Speech).
enum CarSounds {
    /// The vehicle's "ding-dong" (a door open, a seat belt): two bell-like notes, 0.8 s in all.
    static func vehicleChime(sampleRate: Double) -> [Int16] {
        notes([(1318.5, 0.4), (1046.5, 0.4)], sampleRate: sampleRate, amplitude: 0.5, decay: 6)
    }

    /// The voice assistant's quiet "I'm listening" blip: two short rising notes, 0.2 s.
    static func listening(sampleRate: Double) -> [Int16] {
        notes([(660, 0.1), (880, 0.1)], sampleRate: sampleRate, amplitude: 0.15, decay: 10)
    }

    private static func notes(_ notes: [(frequency: Double, length: Double)], sampleRate: Double, amplitude: Double, decay: Double) -> [Int16] {
        var out: [Int16] = []
        for note in notes {
            let count = Int(note.length * sampleRate)
            for i in 0..<count {
                let t = Double(i) / sampleRate
                // A bell: the fundamental plus a quieter inharmonic partial; no click at either end.
                let tone = sin(2 * .pi * note.frequency * t) + 0.3 * sin(2 * .pi * note.frequency * 2.76 * t)
                let envelope = min(1, t / 0.004) * exp(-decay * t) * min(1, (note.length - t) / 0.01)
                out.append(Int16(max(-1, min(1, amplitude * envelope * tone / 1.3)) * 32767))
            }
        }
        return out
    }
}
