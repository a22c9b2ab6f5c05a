import AudioPolicy
import CPulse
import Foundation
import Guidance
import ProcessSupport
import RPC
import Speech

#if canImport(Glibc)
    import Glibc
#endif

/// How loud the prompts are heard (issue 53), recorded from `car.monitor`:
/// - **across voices**: the same three maneuvers in each of the 12 packs' languages, said by voxnavd
///   and, in the very words voxnavd said, by the `espeak-ng` CLI; the spread of the languages' levels
///   is how much the voice jumps when the driver changes language;
/// - **over the bed**: prompts over the car's simulated FM radio and music, each prompt's speech
///   level against the bed under it, for voxnavd (which ducks it) and for the peers (which duck
///   nothing).
///
/// Levels are `SpeechLevel`'s (50 ms blocks, gated as EBU R 128 gates loudness, unweighted). The bed
/// under a prompt is the source's level measured alone just before it, lowered by the duck the server
/// shows on the source's stream in the middle of the prompt; the prompt's level is what the capture
/// holds over that bed. Each prompt comes after 3.6 s of the bed alone, the bed meter's 3 s and more:
/// a peer's prompt in voxnavd's window would count as bed.
struct LoudnessAcrossVoices {
    /// The packs' languages and the eSpeak NG voice the CLI is given for each (voxnavd's own choice).
    static let voices: [(language: String, voice: String)] = [
        ("en-US", "en-us"), ("en-GB", "en-gb"), ("de", "de"), ("fr", "fr"), ("it", "it"), ("es", "es"),
        ("pt-BR", "pt-br"), ("nl", "nl"), ("sv", "sv"), ("pl", "pl"), ("cs", "cs"), ("zh", "cmn"),
    ]
    static let maneuvers = [
        Maneuver(type: .rightTurn, distanceRemaining: 300), Maneuver(type: .roundaboutExit2, distanceRemaining: 150),
        Maneuver(type: .arriveAtDestination, distanceRemaining: 50),
    ]

    struct Result {
        /// Per language, the median level of its prompts (dBFS): voxnavd's and the CLI's.
        var voxnav: [String: Double] = [:]
        var cli: [String: Double] = [:]
        /// Per bed ("fmRadio", "music"), each contender's prompts' margins over it (dB).
        var overBed: [String: [String: [Double]]] = [:]
        var missed = 0

        static func spread(_ levels: [String: Double]) -> Double {
            guard let low = levels.values.min(), let high = levels.values.max() else { return .nan }
            return high - low
        }

        var lines: [String] {
            var out = [
                "levels across the 12 packs' voices (dBFS of speech, median of 3 maneuvers each), voxnavd / espeak-ng CLI with the same words:",
                "  "
                    + LoudnessAcrossVoices.voices.map { "\($0.language) \(fmt(voxnav[$0.language] ?? .nan)) / \(fmt(cli[$0.language] ?? .nan))" }.joined(
                        separator: ", "),
                "  spread (loudest − softest language): voxnavd \(fmt(Self.spread(voxnav))) dB, espeak-ng CLI \(fmt(Self.spread(cli))) dB",
            ]
            for bed in ["fmRadio", "music"] {
                let parts = (overBed[bed] ?? [:]).sorted { $0.key > $1.key }.map { name, margins in
                    "\(name) median \(fmt(Stats(margins).p50)) dB (least \(fmt(Stats(margins).min)), \(margins.count) prompts)"
                }
                out.append("prompt over the \(bed) under it: " + parts.joined(separator: "; "))
            }
            if missed > 0 { out.append("  \(missed) prompts not heard or not measured") }
            return out
        }
    }

    let vox: LineClient
    let capture: Capture
    let pulse: PulseClient
    let threshold: Float
    let peers: [Run.Peer]

    func run() throws -> Result {
        var result = Result()
        for (language, voice) in Self.voices {
            var ours: [Double] = []
            var theirs: [Double] = []
            for maneuver in Self.maneuvers {
                let (level, words) = try voxnavPrompt(maneuver: maneuver, language: language)
                guard let level, let words else {
                    result.missed += 1
                    continue
                }
                ours.append(level)
                if let cli = try peerLevel(["espeak-ng", "-v", voice, words]) { theirs.append(cli) } else { result.missed += 1 }
            }
            result.voxnav[language] = Stats(ours).p50
            result.cli[language] = Stats(theirs).p50
            say("  \(language): voxnavd \(fmt(result.voxnav[language]!)) dBFS, espeak-ng CLI \(fmt(result.cli[language]!)) dBFS")
        }
        for kind in [SourceKind.fmRadio, .music] {
            let source = try vox.call(SourceStart.self, .init(kind: kind))
            defer { _ = try? vox.call(SourceStop.self, .init(kind: kind)) }
            // voxnavd measures the bed for half a second before it can plan over it.
            usleep(1_500_000)
            var margins: [String: [Double]] = [:]
            for round in 0..<5 {
                let text = GapsUnderLoad.texts[round % GapsUnderLoad.texts.count]
                if let m = try marginOverBed(kind: kind, stream: source.sinkInput, text: text, contender: "VoxNav") {
                    margins["VoxNav", default: []].append(m)
                } else {
                    result.missed += 1
                }
                for peer in peers {
                    if let m = try marginOverBed(kind: kind, stream: source.sinkInput, text: text, contender: peer.name, argv: peer.argv(text)) {
                        margins[peer.name, default: []].append(m)
                    } else {
                        result.missed += 1
                    }
                }
            }
            result.overBed[kind.rawValue] = margins
        }
        return result
    }

    /// One maneuver said by voxnavd in silence: its level in the capture and the words it said.
    private func voxnavPrompt(maneuver: Maneuver, language: String) throws -> (Double?, String?) {
        capture.waitQuiet(quiet: 0.15, threshold: threshold)
        capture.startRecording()
        let reply = try vox.call(PromptSpeak.self, .init(maneuver: maneuver, language: language))
        usleep(150_000)
        let samples = capture.stopRecording()
        guard case .outcome(let outcome) = reply, outcome.result == .finished || outcome.result == .shortened else { return (nil, nil) }
        return (Self.level(samples, rate: capture.rate), outcome.text)
    }

    /// A peer's command in silence: its level in the capture.
    private func peerLevel(_ argv: [String]) throws -> Double? {
        capture.waitQuiet(quiet: 0.15, threshold: threshold)
        capture.startRecording()
        try spawn(argv).0.waitUntilExit()
        usleep(150_000)
        return Self.level(capture.stopRecording(), rate: capture.rate)
    }

    /// One prompt over the source `kind` playing on sink input `stream`: how far its speech stands
    /// above the bed under it. voxnavd's prompt when `argv` is nil, else the peer's command.
    private func marginOverBed(kind: SourceKind, stream: UInt32, text: String, contender: String, argv: [String]? = nil) throws -> Double? {
        // The bed alone, just before: long enough that voxnavd's meter (the newest 3 s) hears no
        // other contender's prompt in it, which it would count as bed and duck deeper for.
        usleep(2_600_000)
        capture.startRecording()
        usleep(1_000_000)
        let bedAlone = capture.stopRecording()
        guard let bedLevel = Self.meanLevel(bedAlone) else { return nil }
        let ownVolume = pulse.sinkInputs(index: stream).first?.volume
        capture.startRecording()
        var duck = 0.0
        if let argv {
            try spawn(argv).0.waitUntilExit()
        } else {
            let (id, data) = try vox.encode(PromptSpeak.self, .init(text: text, language: "en-US"))
            try vox.write(data)
            // The middle of the prompt: the source as ducked for it.
            usleep(700_000)
            if let own = ownVolume, let ducked = pulse.sinkInputs(index: stream).first?.volume {
                duck = pa_sw_volume_to_dB(ducked) - pa_sw_volume_to_dB(own)
            }
            _ = try vox.response(id)
        }
        let heard = capture.stopRecording()
        // The prompt is what stands over the bed as ducked; its blocks, gated as speech.
        let bedUnder = bedLevel + duck
        let bedPower = pow(10, bedUnder / 10)
        let powers = SpeechLevel.blockPowers(of: Self.pcm(heard), sampleRate: capture.rate)
        guard let speech = SpeechLevel.level(ofBlockPowers: powers.map { max(0, $0 - bedPower) }) else { return nil }
        say("  \(kind.rawValue), \(contender): \(fmt(speech - bedUnder)) dB over the bed (bed \(fmt(bedLevel)) dBFS, ducked \(fmt(duck)) dB)")
        return speech - bedUnder
    }

    static func level(_ samples: [Float], rate: Int) -> Double? { SpeechLevel.level(of: pcm(samples), sampleRate: rate) }

    /// The capture's samples as the signed 16-bit ones `SpeechLevel` measures.
    static func pcm(_ samples: [Float]) -> [Int16] { samples.map { Int16(max(-32768, min(32767, $0 * 32768))) } }

    /// The mean power of a stretch of the bed, in dBFS (a programme's level, ungated: its quiet parts count).
    static func meanLevel(_ samples: [Float]) -> Double? {
        guard !samples.isEmpty else { return nil }
        let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
        return power > 0 ? 10 * log10(power) : nil
    }
}
