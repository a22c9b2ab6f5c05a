import Foundation

struct Report {
    var server = ServerInfo.named("pulse")
    var firstAudio: [(name: String, stats: Stats, misses: Int)] = []
    var overhangIsolated = Stats([])
    var overhangBurst = Stats([])
    var daemonPlaybackStarted = Stats([])
    var daemonAudioReady = Stats([])
    var captureLatencyMs = Double.nan
    var fragmentMs = Double.nan
    var fragmentRequestedMs = Double.nan
    var sinkConfiguredLatency = Stats([])
    /// The blocks the first-audio capture received (ms): median, smallest, largest.
    var captureBlockMs = (p50: Double.nan, min: Double.nan, max: Double.nan)
    /// On PipeWire: contender → `node.latency` its stream asked for → how often it was read.
    var nodeLatency: [String: [String: Int]] = [:]
    var streamProbe = StreamProbe()
    var leadingSilence = LeadingSilence()
    var duckStart = Stats([])
    var duckDone = Stats([])
    var duckTargetDB = Double.nan
    var radioDBAtFirstSample = Stats([])
    var firstAudioOverRadio = Stats([])
    var notDuckedAtFirst = 0
    var duckTrialsHeard = 0
    var rssStartKB = 0
    var rssBeforePromptsKB = 0
    var rssAfterPromptsKB = 0
    var rssEndKB = 0
    var rssAfterLoadRoundsKB: [Int] = []
    /// The flood rounds (`runFlood`).
    var flood: [FloodRound] = []
    var memory = MemoryComparison()
    var loadRoundRates: [Double] = []
    var loadErrorsAllRounds = 0
    var loadRefusalsAllRounds = 0
    var footprintSeconds = 0.0
    var footprintPlayed = 0
    var idleCPUPercent = Double.nan
    var load = LoadResult()
    var synthesis: [(pack: String, voice: String, audio: Double, rtf: Stats, ms: Stats)] = []
    var loadStart = "", loadEnd = ""
    var date = Date()
    var skipReason = ""
    var config = ""
    var text = ""

    var vox: Stats { firstAudio.first { $0.name == "VoxNav" }?.stats ?? Stats([]) }
    var betterPeer: (name: String, stats: Stats)? {
        firstAudio.filter { $0.name != "VoxNav" && $0.stats.count > 0 }.min { $0.stats.p50 < $1.stats.p50 }.map { ($0.name, $0.stats) }
    }

    func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }

    func firstAudioTable() -> String {
        var lines = [
            row(["contender", "n", "missed", "p50 ms", "p95 ms", "p99 ms", "min ms", "max ms", "p50 vs VoxNav"]),
            row(Array(repeating: "---", count: 9)),
        ]
        for f in firstAudio {
            let ratio = vox.p50 / f.stats.p50
            lines.append(
                row([
                    f.name, "\(f.stats.count)", "\(f.misses)", fmt(f.stats.p50, 2), fmt(f.stats.p95, 2), fmt(f.stats.p99, 2),
                    fmt(f.stats.min, 2), fmt(f.stats.max, 2),
                    f.name == "VoxNav" ? "1×" : "VoxNav = \(fmt(ratio, 2))× \(f.name)",
                ]))
        }
        return lines.joined(separator: "\n")
    }

    struct Target {
        var what: String
        var goal: String
        var got: String
        var met: Bool?
    }

    var targets: [Target] {
        var t: [Target] = []
        if let peer = betterPeer {
            t.append(
                Target(
                    what: "first-audio median", goal: "≤ ½ the better peer's (\(peer.name) \(fmt(peer.stats.p50, 2)) ms → ≤ \(fmt(peer.stats.p50 / 2, 2)) ms)",
                    got: "\(fmt(vox.p50, 2)) ms (\(fmt(vox.p50 / peer.stats.p50, 2))×)", met: vox.p50 <= peer.stats.p50 / 2))
        } else {
            t.append(Target(what: "first-audio median", goal: "≤ ½ the better peer's", got: "no peer measured", met: nil))
        }
        t.append(Target(what: "first-audio p99", goal: "< 20 ms", got: "\(fmt(vox.p99, 2)) ms", met: vox.p99 < 20))
        t.append(
            Target(
                what: "radio ducked at the first prompt sample", goal: "in every trial",
                got:
                    "\(duckTrialsHeard - notDuckedAtFirst)/\(duckTrialsHeard) (radio at \(fmt(radioDBAtFirstSample.max, 1)) dB at worst; duck level \(fmt(duckTargetDB, 1)) dB)",
                met: duckTrialsHeard > 0 && notDuckedAtFirst == 0))
        t.append(
            Target(
                what: "activation overhang, isolated prompts", goal: "< 250 ms",
                got: "p50 \(fmt(overhangIsolated.p50)) ms, p99 \(fmt(overhangIsolated.p99)) ms, max \(fmt(overhangIsolated.max)) ms",
                met: overhangIsolated.count > 0 && overhangIsolated.max < 250))
        // VmRSS is in KiB; the issue's target is 40 MB (decimal), the MiB figure is shown beside it.
        func mb(_ kib: Int) -> String { "\(fmt(Double(kib) * 1.024 / 1000, 1)) MB" }
        let limitKiB = 40_000_000 / 1024
        t.append(
            Target(
                what: "daemon RSS after the prompts", goal: "< 40 MB", got: "\(mb(rssAfterPromptsKB)) (\(fmt(Double(rssAfterPromptsKB) / 1024, 1)) MiB)",
                met: rssAfterPromptsKB > 0 && rssAfterPromptsKB < limitKiB))
        if let most = rssAfterLoadRoundsKB.max() {
            t.append(
                Target(
                    what: "daemon RSS after the load rounds", goal: "< 40 MB",
                    got: rssAfterLoadRoundsKB.map { fmt(Double($0) / 1024, 1) }.joined(separator: " → ") + " MiB (\(mb(most)) at most)",
                    met: most > 0 && most < limitKiB))
        }
        if let first = flood.first {
            // Against the RSS before the first round: what the flood costs, and what it leaves.
            let idle = first.idleKB
            let peak = flood.map(\.peakKB).max()!
            let after = flood.map(\.afterKB).max()!
            t.append(
                Target(
                    what: "flood: peak RSS above idle", goal: "≤ 50 MB",
                    got: "\(mb(peak - idle)) (\(mb(idle)) → \(mb(peak)))", met: Double(peak - idle) * 1.024 / 1000 <= 50))
            t.append(
                Target(
                    what: "flood: RSS above idle 5 s after the clients closed", goal: "≤ 5 MB",
                    got: flood.map { mb($0.afterKB - idle) }.joined(separator: ", "), met: Double(after - idle) * 1.024 / 1000 <= 5))
        }
        t.append(Target(what: "idle CPU with the radio playing", goal: "< 1 % of a core", got: "\(fmt(idleCPUPercent, 2)) %", met: idleCPUPercent < 1))
        t.append(
            Target(
                what: "load: no errors", goal: "0 errors",
                got: "\(loadErrorsAllRounds) in \(loadRoundRates.count) rounds (and \(loadRefusalsAllRounds) refusals by the queue's bounds, not errors)",
                met: loadErrorsAllRounds == 0))
        return t
    }

    func targetTable() -> String {
        var lines = [row(["target", "goal", "measured", "met"]), row(["---", "---", "---", "---"])]
        for t in targets { lines.append(row([t.what, t.goal, t.got, t.met.map { $0 ? "yes" : "**NO**" } ?? "n/a"])) }
        return lines.joined(separator: "\n")
    }

    func otherTable() -> String {
        var lines = [row(["measurement", "p50", "p95", "p99", "max", "n"]), row(Array(repeating: "---", count: 6))]
        func add(_ name: String, _ s: Stats, _ unit: String = "ms") {
            lines.append(row([name, fmt(s.p50, 2) + " " + unit, fmt(s.p95, 2), fmt(s.p99, 2), fmt(s.max, 2), "\(s.count)"]))
        }
        add("duck: request → radio volume starts to fall", duckStart)
        add("duck: request → radio at the duck level", duckDone)
        add("duck trials: request → first prompt sample (prompt stream's own audio)", firstAudioOverRadio)
        add("radio level at the first prompt sample", radioDBAtFirstSample, "dB")
        add("overhang, isolated prompts (active − audio)", overhangIsolated)
        add("overhang, bursts of 3 (active − audio of all 3)", overhangBurst)
        add("daemon's own timing: request → playbackStarted", daemonPlaybackStarted)
        add("daemon's own timing: request → audioReady", daemonAudioReady)
        add("load: reply time (round 1)", load.latency)
        return lines.joined(separator: "\n")
    }

    /// What the first-audio figures are made of: the server state (the same for every contender), what a
    /// fresh connection and stream cost on this server, and the silence each synthesiser puts before the
    /// first word.
    func serverStateAndLeadIn() -> String {
        var lines: [String] = []
        let n = sinkConfiguredLatency.count
        let configured = "\(fmt(sinkConfiguredLatency.min, 2))–\(fmt(sinkConfiguredLatency.max, 2)) ms"
        if server.id == "pipewire" {
            lines.append(
                "- Server state: `pipewire-pulse` reports no configured latency for its sinks (the `car` sink's, read before "
                    + "each of the \(n) trials, was \(configured)). PipeWire renders in cycles of one quantum, and the capture received the "
                    + "monitor's audio in blocks of \(fmt(captureBlockMs.p50, 2)) ms (median; \(fmt(captureBlockMs.min, 2))–\(fmt(captureBlockMs.max, 2)) ms), "
                    + "one per cycle: the graph ran at that quantum for every contender. It is the lowest latency any running stream asks for, "
                    + "within the server's limits" + (server.quantumDefault.map { "; with no stream asking for less it is \($0)" } ?? "")
                    + ". A stream's samples wait for the next cycle: up to one quantum.")
            if !nodeLatency.isEmpty {
                let order = firstAudio.map(\.name).filter { nodeLatency[$0] != nil }
                lines.append(
                    "- The latency each contender's stream asked PipeWire for (`node.latency`, as `pipewire-pulse` shows it; "
                        + "read before each trial, and for the espeak-ng CLI's short-lived stream right after its first sample): "
                        + order.map { who in
                            "\(who) " + nodeLatency[who]!.sorted { $0.value > $1.value }.map { nodeLatencyText($0.key) }.joined(separator: ", ")
                        }.joined(separator: "; ") + ".")
            }
        } else {
            lines.append(
                "- Server state: the `car` sink's configured latency, read before each of the \(n) trials, was "
                    + "\(configured) (PulseAudio configures it to the lowest latency a connected stream asks for; here the capture stream "
                    + "and speech-dispatcher's stream keep it low for every contender).")
        }
        if streamProbe.heard.count + streamProbe.missed > 0 {
            let p = streamProbe
            lines.append(
                "- A fresh connection and stream, what the espeak-ng CLI sets up for every utterance (\(p.heard.count + p.missed) probes "
                    + "in the same server state, without a process to start or speech to synthesise): connected p50 \(fmt(p.connected.p50, 2)) ms, "
                    + "stream ready p50 \(fmt(p.ready.p50, 2)) ms, first sample p50 \(fmt(p.heard.p50, 2)) ms (p95 \(fmt(p.heard.p95, 2)) ms"
                    + (p.missed > 0 ? ", \(p.missed) not heard within 5 s" : "") + "). VoxNav and speech-dispatcher keep theirs connected.")
        }
        lines.append(
            "- Leading silence of \"\(text)\": eSpeak NG's own output (`espeak-ng --stdout`, what the CLI and speech-dispatcher's "
                + "espeak-ng module play) starts with \(fmt(leadingSilence.espeakMs, 1)) ms below the threshold; "
                + (leadingSilence.voxnavMs.isNaN
                    ? "VoxNav's is not measured (the daemon is another build than this bench's, given with --voxnavd). "
                    : "VoxNav's synthesiser trims it to \(fmt(leadingSilence.voxnavMs, 1)) ms. ")
                + "Every first-audio figure includes its contender's lead-in: it is what the driver waits for.")
        if !leadingSilence.espeakMs.isNaN, !leadingSilence.voxnavMs.isNaN {
            // Start-up and audio plumbing alone: each p50 minus its own synthesiser's lead-in.
            let voxBare = vox.p50 - leadingSilence.voxnavMs
            lines.append(
                "- Without the lead-in (p50 minus the contender's own leading silence: start-up and audio plumbing alone): "
                    + firstAudio.filter { $0.stats.count > 0 }.map { f in
                        let bare = withoutLeadIn(f)
                        return "\(f.name) \(fmt(bare, 2)) ms" + (f.name == "VoxNav" ? "" : " (VoxNav = \(fmt(voxBare / bare, 2))×)")
                    }.joined(separator: ", ") + ".")
        }
        return lines.joined(separator: "\n")
    }

    /// A contender's first-audio p50 minus its synthesiser's leading silence.
    func withoutLeadIn(_ f: (name: String, stats: Stats, misses: Int)) -> Double {
        f.stats.p50 - (f.name == "VoxNav" ? leadingSilence.voxnavMs : leadingSilence.espeakMs)
    }

    func synthesisTable() -> String {
        var lines = [
            row(["pack", "voice", "audio s", "synthesis p50 ms", "RTF p50", "RTF p99", "× real time"]),
            row(Array(repeating: "---", count: 7)),
        ]
        for s in synthesis {
            lines.append(
                row([
                    s.pack, s.voice, fmt(s.audio, 2), fmt(s.ms.p50, 2), String(format: "%.4f", s.rtf.p50),
                    String(format: "%.4f", s.rtf.p99), fmt(1 / s.rtf.p50, 0),
                ]))
        }
        return lines.joined(separator: "\n")
    }

    func footprintText() -> String {
        """
        - RSS: \(rssStartKB) kB at start, \(rssBeforePromptsKB) kB before the prompts, \(rssAfterPromptsKB) kB after \(footprintPlayed) prompts \
        (\(fmt(footprintSeconds, 1)) s), then after each load round: \(rssAfterLoadRoundsKB.map { "\($0) kB" }.joined(separator: ", ")).
        - Idle CPU with the FM radio playing: \(fmt(idleCPUPercent, 2)) % of one core (utime+stime from /proc over the idle period).
        - Flood rounds (\(flood.first.map { "\($0.admitted + $0.refused)" } ?? "0") pipelined prompt.speak each): \(flood.map { "\($0.idleKB) → peak \($0.peakKB) → \($0.afterKB) kB (\($0.admitted) admitted, \($0.refused) refused, \(fmt($0.seconds, 1)) s)" }.joined(separator: "; ")).
        - Load rounds: \(loadRoundRates.map { fmt($0, 0) }.joined(separator: ", ")) replies/s; errors over all rounds: \(loadErrorsAllRounds); refusals by the prompt queue's bounds: \(loadRefusalsAllRounds).
        - Load, round 1 (the table above): \(load.replies) replies in the period, \(fmt(load.repliesPerSecond, 0)) replies/s \
        (\(load.speaks) prompt.speak, \(load.updates) guidance.update, \(load.cancels) prompt.cancel), refused by the queue's bounds: \(load.refusals), errors: \(load.errors)\
        \(load.errorSamples.isEmpty ? "" : " (" + load.errorSamples.joined(separator: "; ") + ")").
        """
    }

    func table() -> String {
        """
        SERVER \(server.label): \(server.version)
        FIRST AUDIO (request written / process spawned → first sample above threshold on car.monitor)
        \(firstAudioTable())

        \(serverStateAndLeadIn())

        \(otherTable())

        SYNTHESIS SPEED (in process, the daemon's Synthesizer)
        \(synthesisTable())

        FOOTPRINT AND LOAD
        \(footprintText())

        MEMORY BESIDE SPEECH-DISPATCHER
        \(memory.text())

        WHERE THE MEMORY GOES
        \(memory.breakdownTable())

        TARGETS
        \(targetTable())

        load average: start \(loadStart); end \(loadEnd)
        """
    }

    /// This run's part of BENCHMARKS.md, its headings at level `h` ("###": under the server's heading).
    func section(_ h: String = "###") -> String {
        var ratios: [String] = []
        for f in firstAudio where f.name != "VoxNav" && f.stats.count > 0 {
            ratios.append(
                "- VoxNav first audio p50 = **\(fmt(vox.p50 / f.stats.p50, 2))×** \(f.name) (\(fmt(vox.p50, 2)) ms vs \(fmt(f.stats.p50, 2)) ms); "
                    + "p95 = \(fmt(vox.p95 / f.stats.p95, 2))×; p99 = \(fmt(vox.p99 / f.stats.p99, 2))×")
        }
        let promptTiming =
            server.id == "pipewire"
            ? " On PipeWire that stream's chunks are timed by their arrival (see How it is measured)."
            : ""
        return """
            Server: \(server.version)\(server.settings.isEmpty ? "" : "; graph settings (`pw-metadata -n settings`): \(server.settings)"). \
            Run on \(ISO8601DateFormatter().string(from: date)).

            Configuration: \(config).
            \(skipReason.isEmpty ? "" : "\nSkipped: \(skipReason)\n")
            \(h) Results against the peers

            \(ratios.isEmpty ? "No peer was measured." : ratios.joined(separator: "\n"))

            \(h) Targets (issue 7)

            \(targetTable())

            \(h) First audio

            From the moment the request is written to voxnavd's socket (for the peers: the moment the `espeak-ng` or
            `spd-say` process is spawned) until the first sample above −40 dBFS is captured from `car.monitor`.
            All contenders in one run, against one server in one state, interleaved (A B C, B C A, …); voxnavd and
            speech-dispatcher stay connected throughout, and the capture stream itself is connected throughout.

            \(firstAudioTable())

            Mean capture latency subtracted: \(fmt(captureLatencyMs, 2)) ms; capture fragment \(fmt(fragmentMs, 2)) ms.

            \(serverStateAndLeadIn())

            \(h) Ducking, overhang, daemon timings, load

            \(otherTable())

            Duck level: \(fmt(duckTargetDB, 1)) dB. The radio's sink-input volume is polled with libpulse introspection
            (`pa_context_get_sink_input_info`, one round trip per reading, back to back). The first prompt sample comes
            from a record stream on the prompt's sink input alone.\(promptTiming)

            \(h) Synthesis speed per language pack

            In process, with the daemon's `Synthesizer` (eSpeak NG, synchronous mode), one typical prompt per pack.
            RTF = synthesis time / audio duration.

            \(synthesisTable())

            \(h) Footprint and load

            \(footprintText())
            - Load average (/proc/loadavg) at the start of this run: `\(loadStart)`; at its end: `\(loadEnd)`.

            \(h) Memory beside speech-dispatcher

            \(memory.text())

            \(h) Where the memory goes

            Resident kB per group of mappings, summed from `/proc/PID/smaps` (see "Where the memory goes" above).

            \(memory.breakdownTable())
            """
    }

    /// The key figures and the section, for `voxnav-bench combine`.
    func result() -> RunResult {
        func c(_ f: (name: String, stats: Stats, misses: Int)) -> RunResult.Contender {
            RunResult.Contender(
                name: f.name, n: f.stats.count, missed: f.misses, p50: f.stats.p50, p95: f.stats.p95, p99: f.stats.p99,
                min: f.stats.min, max: f.stats.max, withoutLeadIn: withoutLeadIn(f))
        }
        let met = targets.compactMap(\.met)
        return RunResult(
            server: server, date: ISO8601DateFormatter().string(from: date), config: config, skipReason: skipReason,
            contenders: firstAudio.map(c),
            sinkConfiguredLatencyMin: sinkConfiguredLatency.min, sinkConfiguredLatencyMax: sinkConfiguredLatency.max,
            captureFragmentMs: fragmentMs, captureFragmentRequestedMs: fragmentRequestedMs, captureBlockMs: captureBlockMs.p50,
            nodeLatency: nodeLatency,
            probeHeardP50: streamProbe.heard.p50, probeReadyP50: streamProbe.ready.p50, probes: streamProbe.heard.count,
            duckTrialsHeard: duckTrialsHeard, notDuckedAtFirst: notDuckedAtFirst, radioDBAtFirstSampleWorst: radioDBAtFirstSample.max,
            duckTargetDB: duckTargetDB,
            overhangIsolatedP50: overhangIsolated.p50, overhangIsolatedMax: overhangIsolated.max,
            rssAfterPromptsKB: rssAfterPromptsKB, memory: memory, idleCPUPercent: idleCPUPercent,
            targetsMet: met.filter { $0 }.count, targetsJudged: met.count, machine: .current(), section: section())
    }
}
