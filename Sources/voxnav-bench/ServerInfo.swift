import Foundation

/// The sound server a run measured.
struct ServerInfo: Codable {
    /// pulse or pipewire (the wrappers' VOXNAV_TEST_SERVER).
    var id: String
    var label: String
    var wrapper: String
    /// Set by scripts/bench: BENCH_SERVER_VERSION and, on PipeWire, BENCH_SERVER_SETTINGS (`pw-metadata -n settings`).
    var version = "?"
    var settings = ""

    static func named(_ id: String) -> ServerInfo {
        let env = ProcessInfo.processInfo.environment
        var s: ServerInfo
        switch id {
        case "pulse": s = ServerInfo(id: id, label: "Bare PulseAudio", wrapper: "scripts/with-pulse")
        case "pipewire": s = ServerInfo(id: id, label: "PipeWire", wrapper: "scripts/with-pipewire")
        default: s = ServerInfo(id: id, label: id, wrapper: "?")
        }
        s.version = env["BENCH_SERVER_VERSION"] ?? "?"
        s.settings = env["BENCH_SERVER_SETTINGS"] ?? ""
        return s
    }

    /// The label within a sentence.
    var inText: String { label.hasSuffix("PulseAudio") ? label.prefix(1).lowercased() + label.dropFirst() : label }

    /// The settings as key → value ("clock.quantum 1024, clock.rate 48000, ...").
    var settingsMap: [String: String] {
        var m: [String: String] = [:]
        for item in settings.split(separator: ",") {
            let kv = item.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
            if kv.count == 2 { m[String(kv[0])] = String(kv[1]) }
        }
        return m
    }

    /// "1024/48000 (21.33 ms, `clock.quantum`)" when the settings say so.
    var quantumDefault: String? {
        let m = settingsMap
        guard let q = m["clock.quantum"].flatMap(Double.init), let r = m["clock.rate"].flatMap(Double.init), r > 0 else { return nil }
        return "\(Int(q))/\(Int(r)) (\(fmt(q / r * 1000, 2)) ms, `clock.quantum`)"
    }
}

/// "331/22050" → 15.0 (ms).
func nodeLatencyMs(_ s: String) -> Double? {
    let p = s.split(separator: "/")
    guard p.count == 2, let n = Double(p[0]), let d = Double(p[1]), d > 0 else { return nil }
    return n / d * 1000
}

/// "331/22050" → "331/22050 (15.0 ms)".
func nodeLatencyText(_ s: String) -> String { s + (nodeLatencyMs(s).map { " (\(fmt($0, 1)) ms)" } ?? "") }
