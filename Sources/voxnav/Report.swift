import Foundation
import RPC

/// Human-readable renderings of the daemon's results.
enum Report {
    static func prompt(_ outcome: JSONValue) -> String {
        let result = outcome["result"]?.stringValue ?? "?"
        let style = outcome["style"]?.stringValue ?? "?"
        let text = outcome["text"]?.stringValue ?? ""
        let voice = outcome["voice"]?.stringValue ?? "-"
        let duration = outcome["audioDuration"]?.doubleValue ?? 0
        let t = outcome["timings"]
        func ms(_ key: String) -> Double? { t?[key]?.doubleValue }
        var lines = ["\(result): \"\(text)\" (style \(style), voice \(voice), \(String(format: "%.2f", duration)) s of audio)"]
        if let ready = ms("audioReady"), let active = ms("activated"), let started = ms("playbackStarted"),
           let drained = ms("drained"), let off = ms("deactivated"), let restored = ms("restored") {
            lines.append(String(format: "  audio ready %.1f ms · session active %.1f ms · playing %.1f ms · drained %.1f ms · inactive %.1f ms · restored %.1f ms",
                                ready, active, started, drained, off, restored))
            let overhang = (off - active) - duration * 1000
            lines.append(String(format: "  session active %.0f ms for %.0f ms of audio (overhang %.0f ms)", off - active, duration * 1000, overhang))
        }
        for d in outcome["ducked"]?.arrayValue ?? [] {
            let kind = d["kind"]?.stringValue ?? "?"
            let from = d["from"]?.arrayValue?.compactMap(\.doubleValue).first ?? 0
            let to = d["to"]?.arrayValue?.compactMap(\.doubleValue).first ?? 0
            lines.append(String(format: "  ducked %@: %.0f%% → %.0f%% during the prompt, then restored", kind, from / 655.36, to / 655.36))
        }
        if let reason = outcome["reason"]?.stringValue { lines.append("  reason: \(reason)") }
        return lines.joined(separator: "\n")
    }

    static func source(_ s: JSONValue) -> String {
        let kind = s["kind"]?.stringValue ?? "?"
        let name = s["name"]?.stringValue ?? ""
        let state = s["state"]?.stringValue ?? "?"
        let volume = s["volume"]?.arrayValue?.compactMap(\.doubleValue).first ?? 0
        let input = s["sinkInput"]?.doubleValue.map { String(Int($0)) } ?? "?"
        return String(format: "  %@ \"%@\": %@, volume %.0f%% (sink input %@)", kind, name, state, volume / 655.36, input)
    }

    static func state(_ state: JSONValue) -> String {
        var lines = ["voice-prompt session: \(state["sessionActive"]?.boolValue == true ? "active" : "inactive")",
                     "prompts spoken: \(Int(state["promptsSpoken"]?.doubleValue ?? 0))"]
        let sources = state["sources"]?.arrayValue ?? []
        lines.append(sources.isEmpty ? "sources: none" : "sources:")
        lines += sources.map(source)
        return lines.joined(separator: "\n")
    }
}
