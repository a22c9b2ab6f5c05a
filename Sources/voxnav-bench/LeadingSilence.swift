import Foundation
import ProcessSupport
import Speech

/// How much silence each contender's audio starts with, for the first-audio text: part of every
/// first-audio figure (the detector waits for the first audible sample), so the report can say how
/// much of a peer's time is its synthesiser's lead-in rather than start-up or audio plumbing.
struct LeadingSilence {
    /// eSpeak NG's own output (`espeak-ng --stdout`), what the espeak-ng CLI and speech-dispatcher's
    /// espeak-ng module play.
    var espeakMs = Double.nan
    /// The daemon's Synthesizer (eSpeak NG, lead-in trimmed).
    var voxnavMs = Double.nan

    static func measure(text: String, voice: String, threshold: Float) async -> LeadingSilence {
        var out = LeadingSilence()
        if let wav = espeakNGWave(voice: voice, text: text), let pcm = parseWAV(wav) {
            out.espeakMs = firstAudibleMs(pcm.samples, rate: pcm.rate, threshold: threshold)
        }
        if let synth = try? Synthesizer.shared(), let buf = try? await synth.synthesize(text, voice: voice) {
            out.voxnavMs = firstAudibleMs(buf.samples, rate: buf.sampleRate, threshold: threshold)
        }
        return out
    }

    /// Whether `daemon` is the voxnavd built beside this voxnav-bench.
    static func isThisBuild(_ daemon: String) -> Bool {
        let directory = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path }
        return directory(daemon) == directory("/proc/self/exe")
    }

    static func firstAudibleMs(_ samples: [Int16], rate: Int, threshold: Float) -> Double {
        let level = Int(threshold * 32768)
        guard let i = samples.firstIndex(where: { abs(Int($0)) >= level }) else { return .nan }
        return Double(i) / Double(rate) * 1000
    }

    /// 16-bit mono PCM from a RIFF/WAVE file: the `fmt ` chunk's rate and the `data` chunk.
    static func parseWAV(_ data: Data) -> (samples: [Int16], rate: Int)? {
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        guard bytes.count > 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" else { return nil }
        var at = 12
        var rate = 0
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            // espeak-ng writes to a pipe, so the size fields may be placeholders: the data runs to the end.
            let size = min(u32(at + 4), bytes.count - at - 8)
            if id == "fmt " { rate = u32(at + 12) }
            if id == "data" {
                let body = bytes[(at + 8)..<(at + 8 + size)]
                let samples = stride(from: body.startIndex, to: body.endIndex - 1, by: 2).map {
                    Int16(bitPattern: UInt16(body[$0]) | UInt16(body[$0 + 1]) << 8)
                }
                return rate > 0 ? (samples, rate) : nil
            }
            at += 8 + size
        }
        return nil
    }
}

/// What the `espeak-ng` CLI writes for `text` in `voice`, as a WAV file's bytes (written to a
/// temporary file: `ChildProcess` reads a pipe as text).
func espeakNGWave(voice: String, text: String) -> Data? {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-bench-lead-\(getpid()).wav").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard let child = try? ChildProcess("espeak-ng", ["-w", path, "-v", voice, text], output: .discard, error: .discard),
        child.waitUntilExit() == 0
    else { return nil }
    return FileManager.default.contents(atPath: path)
}
