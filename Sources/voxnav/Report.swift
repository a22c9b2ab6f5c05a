import AudioPolicy
import FoundationEssentials
import RPC
import TextFormat

/// Human-readable renderings of the daemon's results.
enum Report {
    static func prompt(_ result: PromptSpeak.Result) -> String {
        switch result {
        case .queued(let queued): "queued: \(queued.id) at position \(queued.position)"
        case .outcome(let outcome): prompt(outcome)
        }
    }

    static func prompt(_ outcome: PromptOutcome) -> String {
        var lines = [
            "\(outcome.result.rawValue): \"\(outcome.text)\" (style \(outcome.style.rawValue), voice \(outcome.voice ?? "-"), \(String(cFormat: "%.2f", outcome.audioDuration)) s of audio)"
        ]
        let t = outcome.timings
        if let ready = t.audioReady, let active = t.activated, let started = t.playbackStarted, let drained = t.drained,
            let off = t.deactivated, let restored = t.restored
        {
            lines.append(
                String(
                    cFormat: "  audio ready %.1f ms · session active %.1f ms · playing %.1f ms · drained %.1f ms · inactive %.1f ms · restored %.1f ms",
                    ready, active, started, drained, off, restored))
            let overhang = (off - active) - outcome.audioDuration * 1000
            lines.append(
                String(
                    cFormat: "  session active %.0f ms for %.0f ms of audio (overhang %.0f ms)", off - active, outcome.audioDuration * 1000, overhang))
        }
        for d in outcome.ducked {
            let from = Double(d.from.first ?? 0)
            let to = Double(d.to.first ?? 0)
            lines.append("  ducked \(d.kind.rawValue): " + String(cFormat: "%.0f%% → %.0f%% during the prompt, then restored", from / 655.36, to / 655.36))
        }
        for kind in outcome.paused {
            lines.append("  paused \(kind.rawValue) during the prompt, then resumed where it stopped")
        }
        if let reason = outcome.reason { lines.append("  reason: \(reason)") }
        return lines.joined(separator: "\n")
    }

    static func source(_ s: EngineState.Source) -> String {
        let activity = s.activity.map { " (\($0))" } ?? ""
        var state = s.state
        if let dB = s.duckedDB { state += String(cFormat: " %.0f dB", dB) }
        let volume = Double(s.volume.first ?? 0)
        var extras: [String] = []
        if s.corked { extras.append("corked") }
        if s.muted { extras.append("muted") }
        if let position = s.position { extras.append(String(cFormat: "at %.1f s", position)) }
        if !s.simulated { extras.append("another program's stream") }
        switch s.handling {
        case .paused?: extras.append("paused through its player \(s.player ?? "")")
        case .alreadyPaused?: extras.append("its player \(s.player ?? "") was paused already")
        case .muted?: extras.append("muted (no player on the session bus plays it)")
        default: break
        }
        let tail = extras.isEmpty ? "" : ", " + extras.joined(separator: ", ")
        return "  \(s.kind.rawValue)\(activity) \"\(s.name)\": \(state), volume " + String(cFormat: "%.0f%%", volume / 655.36)
            + " (sink input \(s.sinkInput))\(tail)"
    }

    static func state(_ state: EngineState) -> String {
        var lines = [
            "voice-prompt session: \(state.sessionActive ? "active" : "inactive")",
            "prompt style now: \(state.promptStyle.rawValue)",
            "prompts spoken: \(state.promptsSpoken), skipped: \(state.promptsSkipped)",
        ]
        lines.append(state.sources.isEmpty ? "sources: none" : "sources:")
        lines += state.sources.map(source)
        for session in state.sessions {
            let c = session.configuration
            let options = c.options.names.joined(separator: "+")
            lines.append(
                "session of \(session.client): \(c.category.rawValue)/\(c.mode.rawValue)"
                    + (options.isEmpty ? "" : " [\(options)]") + (session.active ? ", active" : ", inactive"))
        }
        if !state.violations.isEmpty { lines.append("guideline violations: \(state.violations.count) (voxnav audit)") }
        return lines.joined(separator: "\n")
    }
}
