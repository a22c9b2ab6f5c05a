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
            let drained = ms("drained"), let off = ms("deactivated"), let restored = ms("restored")
        {
            lines.append(
                String(
                    format: "  audio ready %.1f ms · session active %.1f ms · playing %.1f ms · drained %.1f ms · inactive %.1f ms · restored %.1f ms",
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
        for kind in outcome["paused"]?.arrayValue ?? [] {
            lines.append("  paused \(kind.stringValue ?? "?") during the prompt, then resumed where it stopped")
        }
        if let reason = outcome["reason"]?.stringValue { lines.append("  reason: \(reason)") }
        return lines.joined(separator: "\n")
    }

    static func source(_ s: JSONValue) -> String {
        let kind = s["kind"]?.stringValue ?? "?"
        let activity = s["activity"]?.stringValue.map { " (\($0))" } ?? ""
        let name = s["name"]?.stringValue ?? ""
        var state = s["state"]?.stringValue ?? "?"
        if let dB = s["duckedDB"]?.doubleValue { state += String(format: " %.0f dB", dB) }
        let volume = s["volume"]?.arrayValue?.compactMap(\.doubleValue).first ?? 0
        let input = s["sinkInput"]?.doubleValue.map { String(Int($0)) } ?? "?"
        var extras: [String] = []
        if s["corked"]?.boolValue == true { extras.append("corked") }
        if s["muted"]?.boolValue == true { extras.append("muted") }
        if let position = s["position"]?.doubleValue { extras.append(String(format: "at %.1f s", position)) }
        if s["simulated"]?.boolValue == false { extras.append("another program's stream") }
        let tail = extras.isEmpty ? "" : ", " + extras.joined(separator: ", ")
        return String(format: "  %@%@ \"%@\": %@, volume %.0f%% (sink input %@)%@", kind, activity, name, state, volume / 655.36, input, tail)
    }

    static func state(_ state: JSONValue) -> String {
        var lines = [
            "voice-prompt session: \(state["sessionActive"]?.boolValue == true ? "active" : "inactive")",
            "prompt style now: \(state["promptStyle"]?.stringValue ?? "?")",
            "prompts spoken: \(Int(state["promptsSpoken"]?.doubleValue ?? 0)), skipped: \(Int(state["promptsSkipped"]?.doubleValue ?? 0))",
        ]
        let sources = state["sources"]?.arrayValue ?? []
        lines.append(sources.isEmpty ? "sources: none" : "sources:")
        lines += sources.map(source)
        for session in state["sessions"]?.arrayValue ?? [] {
            let c = session["configuration"]
            let options = c?["options"]?.arrayValue?.compactMap(\.stringValue).joined(separator: "+") ?? ""
            lines.append(
                "session of \(session["client"]?.stringValue ?? "?"): \(c?["category"]?.stringValue ?? "?")/\(c?["mode"]?.stringValue ?? "?")"
                    + (options.isEmpty ? "" : " [\(options)]") + (session["active"]?.boolValue == true ? ", active" : ", inactive"))
        }
        let violations = state["violations"]?.arrayValue ?? []
        if !violations.isEmpty { lines.append("guideline violations: \(violations.count) (voxnav audit)") }
        return lines.joined(separator: "\n")
    }
}
