import Foundation

/// What one `voxnav-bench run` leaves for `combine`: the key figures of the side-by-side table and the
/// run's own Markdown section. Written with `--json`.
struct RunResult: Codable {
    struct Contender: Codable {
        var name: String
        var n: Int
        var missed: Int
        var p50, p95, p99, min, max: Double
        /// p50 minus the contender's synthesiser's leading silence.
        var withoutLeadIn: Double
    }

    struct Machine: Codable {
        var cpu: String
        var cores: Int
        var memory: String
        var kernel: String
        var espeak: String
        var speechDispatcher: String
        var swift: String
    }

    var server: ServerInfo
    var date: String
    var config: String
    var skipReason: String
    var contenders: [Contender]
    var sinkConfiguredLatencyMin: Double
    var sinkConfiguredLatencyMax: Double
    var captureFragmentMs: Double
    var captureFragmentRequestedMs: Double
    /// Median block of audio the first-audio capture received (on PipeWire: one graph cycle).
    var captureBlockMs: Double
    var nodeLatency: [String: [String: Int]]
    var probeHeardP50: Double
    var probeReadyP50: Double
    var probes: Int
    var duckTrialsHeard: Int
    var notDuckedAtFirst: Int
    var radioDBAtFirstSampleWorst: Double
    var duckTargetDB: Double
    var overhangIsolatedP50: Double
    var overhangIsolatedMax: Double
    var rssAfterPromptsKB: Int
    /// voxnavd and speech-dispatcher (+ its eSpeak NG module) at start, after the prompts, after the load rounds.
    var memory: MemoryComparison?
    var idleCPUPercent: Double
    var targetsMet: Int
    var targetsJudged: Int
    var machine: Machine
    /// The run's Markdown, headings at level 3.
    var section: String

    func contender(_ name: String) -> Contender? { contenders.first { $0.name == name && $0.n > 0 } }

    static let nonFinite = (inf: "inf", minusInf: "-inf", nan: "nan")

    func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        e.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: Self.nonFinite.inf,
            negativeInfinity: Self.nonFinite.minusInf, nan: Self.nonFinite.nan)
        return try e.encode(self)
    }

    static func decode(_ data: Data) throws -> RunResult {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.inf,
            negativeInfinity: nonFinite.minusInf, nan: nonFinite.nan)
        return try d.decode(RunResult.self, from: data)
    }
}

extension RunResult.Machine {
    static func current() -> RunResult.Machine {
        let env = ProcessInfo.processInfo.environment
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }.map { $0.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces) } ?? "?"
        let mem =
            (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("MemTotal") }.map { $0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces) } ?? "?"
        var uts = utsname()
        uname(&uts)
        let kernel = withUnsafeBytes(of: &uts.release) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        return RunResult.Machine(
            cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount, memory: mem, kernel: kernel,
            espeak: env["BENCH_ESPEAK_VERSION"] ?? "?", speechDispatcher: env["BENCH_SPD_VERSION"] ?? "?",
            swift: env["BENCH_SWIFT_VERSION"] ?? "?")
    }
}
