import ArgumentParser
import Foundation

/// Reads the runs' JSON files (one per server) and writes BENCHMARKS.md: the introduction, the servers
/// side by side, each server's section, the machine, how it is measured.
struct Combine: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combines the runs' JSON files (voxnav-bench run --json) into one Markdown report.")

    @Argument(help: "The runs' JSON files, in the order their servers are shown.") var results: [String]
    @Option(help: "Write the report here (the side-by-side table is printed either way).") var markdown: String?
    @Option(help: "The command line that reproduces the report.") var command = "scripts/bench"
    @Option(help: "A server that was not measured, and why: \"NAME: REASON\" (repeatable).") var notMeasured: [String] = []

    func run() throws {
        let runs = try results.map { try RunResult.decode(Data(contentsOf: URL(fileURLWithPath: $0))) }
        guard !runs.isEmpty else { throw ValidationError("no results to combine") }
        let doc = Document(runs: runs, command: command, notMeasured: notMeasured)
        say(doc.sideBySide())
        if let markdown {
            try doc.markdown().write(toFile: markdown, atomically: true, encoding: .utf8)
            say("wrote \(markdown)")
        }
    }
}

struct Document {
    var runs: [RunResult]
    var command: String
    var notMeasured: [String]

    func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }

    static let peers = ["espeak-ng CLI", "spd-say"]

    /// The table and the notes under it.
    func sideBySide() -> String {
        var lines = [row(["measured"] + runs.map { "\($0.server.label) (`\($0.server.wrapper)`)" }), row(Array(repeating: "---", count: runs.count + 1))]
        func add(_ label: String, _ cell: (RunResult) -> String) { lines.append(row([label] + runs.map(cell))) }
        func ms(_ x: Double) -> String { "\(fmt(x, 2)) ms" }
        func missed(_ c: RunResult.Contender) -> String { c.missed > 0 ? " (\(c.missed) missed)" : "" }
        add("VoxNav first audio p50 / p99") { r in
            r.contender("VoxNav").map { "**\(fmt($0.p50, 2))** / \(fmt($0.p99, 2)) ms" + missed($0) } ?? "–"
        }
        for peer in Self.peers {
            add("\(peer) first audio p50") { r in
                r.contender(peer).map { ms($0.p50) + missed($0) } ?? (r.skipReason.isEmpty ? "not measured" : "skipped (below)")
            }
        }
        for peer in Self.peers {
            add("VoxNav / \(peer), p50 (same run)") { r in
                guard let v = r.contender("VoxNav"), let p = r.contender(peer) else { return "–" }
                return "**\(fmt(v.p50 / p.p50, 2))×**"
            }
        }
        add("without the lead-in, p50: VoxNav / espeak-ng CLI / spd-say") { r in
            (["VoxNav"] + Self.peers).map { r.contender($0).map { fmt($0.withoutLeadIn, 2) } ?? "–" }.joined(separator: " / ") + " ms"
        }
        add("radio ducked at the first prompt sample") { r in
            "\(r.duckTrialsHeard - r.notDuckedAtFirst)/\(r.duckTrialsHeard)"
                + (r.notDuckedAtFirst > 0 ? " (radio at \(fmt(r.radioDBAtFirstSampleWorst, 1)) dB at worst; duck level \(fmt(r.duckTargetDB, 1)) dB)" : "")
        }
        add("activation overhang p50, isolated prompts") { r in "\(fmt(r.overhangIsolatedP50, 1)) ms (max \(fmt(r.overhangIsolatedMax, 1)))" }
        add("daemon RSS after the prompts") { r in
            "\(fmt(Double(r.rssAfterPromptsKB) * 1.024 / 1000, 1)) MB (\(fmt(Double(r.rssAfterPromptsKB) / 1024, 1)) MiB)"
        }
        for name in [MemoryComparison.atStart, MemoryComparison.afterPrompts, MemoryComparison.afterLoad] {
            add("RSS \(name): voxnavd / speech-dispatcher + sd_espeak-ng (same run)") { r in
                guard let p = r.memory?.point(name) else { return "–" }
                guard let spd = p.speechDispatcherKB, spd > 0 else { return "\(MemoryComparison.mb(p.voxnavdKB)) / not measured" }
                return "\(MemoryComparison.mb(p.voxnavdKB)) / \(MemoryComparison.mb(spd)) = **\(fmt(Double(p.voxnavdKB) / Double(spd), 2))×**"
            }
        }
        add("idle CPU with the radio playing") { r in "\(fmt(r.idleCPUPercent, 2)) % of a core" }
        add("server state during the first-audio trials") { r in
            r.server.id == "pipewire"
                ? "quantum \(fmt(r.captureBlockMs, 2)) ms (the capture's blocks); no sink latency reported"
                : "`car` sink latency \(fmt(r.sinkConfiguredLatencyMin, 2))–\(fmt(r.sinkConfiguredLatencyMax, 2)) ms"
        }
        add("fresh connection and stream → first sample, p50") { r in r.probes > 0 ? ms(r.probeHeardP50) : "–" }
        add("issue-7 targets met") { r in "\(r.targetsMet) of \(r.targetsJudged)" }
        return lines.joined(separator: "\n") + "\n\n" + notes()
    }

    /// What the table cannot say by itself, from the runs' own figures.
    func notes() -> String {
        var out = [
            "- Each column is one `voxnav-bench` run under its server's wrapper. Ratios are only between contenders measured in "
                + "the same run on the same server (interleaved trials, one server state). The servers' runs come one after the other on "
                + "a machine shared with other work: across columns, compare directions rather than small differences."
        ]
        for r in runs where !r.skipReason.isEmpty { out.append("- \(r.server.label): \(r.skipReason).") }
        for n in notMeasured { out.append("- Not measured: \(n).") }
        guard let pa = runs.first(where: { $0.server.id == "pulse" }), let pw = runs.first(where: { $0.server.id == "pipewire" }) else {
            return out.joined(separator: "\n")
        }
        let names = ["VoxNav"] + Self.peers
        let deltas = names.compactMap { n -> String? in
            guard let a = pa.contender(n), let b = pw.contender(n) else { return nil }
            let d = b.p50 - a.p50
            return "\(n) \(d >= 0 ? "+" : "−")\(fmt(abs(d), 1)) ms (\(fmt(a.p50, 1)) → \(fmt(b.p50, 1)))"
        }
        if !deltas.isEmpty { out.append("- First audio p50 on PipeWire against bare PulseAudio: " + deltas.joined(separator: ", ") + ".") }
        out.append(
            "- Server state. Bare PulseAudio ran the `car` null sink at a configured latency of "
                + "\(fmt(pa.sinkConfiguredLatencyMax, 2)) ms (read before every trial). `pipewire-pulse` reports none (it read "
                + "\(fmt(pw.sinkConfiguredLatencyMax, 2)) ms); PipeWire renders in cycles of one quantum, and the capture received the "
                + "monitor's audio in blocks of \(fmt(pw.captureBlockMs, 2)) ms, one per cycle: the quantum during the trials, the lowest "
                + "latency a running stream asked for within the server's limits (the capture asked for "
                + "\(fmt(pw.captureFragmentRequestedMs, 2)) ms fragments and was granted \(fmt(pw.captureFragmentMs, 2)) ms)"
                + (pw.server.quantumDefault.map { "; the default quantum, \($0), applies only when no stream asks for less" } ?? "")
                + ". A prompt ready to play waits for the next cycle, up to one quantum.")
        if pa.probes > 0, pw.probes > 0 {
            var s =
                "- A fresh connection and stream took \(fmt(pw.probeHeardP50, 2)) ms to its first sample on PipeWire and "
                + "\(fmt(pa.probeHeardP50, 2)) ms on bare PulseAudio (p50 of the probes; stream ready after \(fmt(pw.probeReadyP50, 2)) and "
                + "\(fmt(pa.probeReadyP50, 2)) ms). The espeak-ng CLI sets one up for every utterance"
            if let a = pa.contender("espeak-ng CLI"), let b = pw.contender("espeak-ng CLI") {
                s += " (its first audio without the lead-in: \(fmt(b.withoutLeadIn, 2)) ms on PipeWire, \(fmt(a.withoutLeadIn, 2)) ms on bare PulseAudio)"
            }
            out.append(s + "; VoxNav and speech-dispatcher keep theirs connected between utterances.")
        }
        if let spd = pw.nodeLatency["spd-say"], let top = spd.max(by: { $0.value < $1.value })?.key {
            var s = "- speech-dispatcher's stream asked PipeWire for a latency of \(nodeLatencyText(top))"
            if let v = pw.nodeLatency["VoxNav"], let vtop = v.max(by: { $0.value < $1.value })?.key {
                s += ", VoxNav's prompt stream for \(nodeLatencyText(vtop))"
            }
            out.append(s + " (`node.latency`, read before each trial).")
        }
        return out.joined(separator: "\n")
    }

    func markdown() -> String {
        let dates = runs.map { "\($0.server.label) on \($0.date)" }.joined(separator: ", ")
        let configs = Set(runs.map(\.config))
        let sections = runs.map { "## \($0.server.label) (`\($0.server.wrapper)`)\n\n\($0.section)" }.joined(separator: "\n\n")
        return """
            # VoxNav benchmarks

            Against the tools a user would pick instead: the `espeak-ng` CLI and `spd-say` through a running
            speech-dispatcher (issue 7), on each sound server: \(runs.map { "\($0.server.inText) (`\($0.server.wrapper)`)" }.joined(separator: " and ")).
            Generated by `scripts/bench` from real runs (\(dates)); not part of the test suite and not run in CI.

            Reproduce with:

            ```sh
            \(command)
            ```
            \(configs.count == 1 ? "\nConfiguration (each server): \(configs.first!).\n" : "")
            ## Servers side by side

            \(sideBySide())

            ## Where the memory goes

            \(whereTheMemoryGoes())

            \(sections)

            ## Machine

            \(machine())

            ## How it is measured

            \(Self.howMeasured)
            """
    }

    /// Each run's breakdown of resident memory, voxnavd beside speech-dispatcher and its module.
    func whereTheMemoryGoes() -> String {
        var out = [
            """
            Resident memory (`Rss`, kB) summed per group of mappings from `/proc/PID/smaps`, read in the runs above at the \
            points named. Shared libraries count in full in every process that maps them (speech-dispatcher and its module each \
            count their own libc, GLib and libpulse), as VmRSS does. The program file is the executable itself: voxnavd is built \
            with the Swift runtime, Foundation (with ICU's code and data) and SwiftNIO linked in; speech-dispatcher's programs are \
            small and their code is in shared libraries. What each step against voxnavd's memory did, measured, is in \
            [docs/MEMORY.md](docs/MEMORY.md).
            """
        ]
        for r in runs {
            guard let m = r.memory else { continue }
            out.append("\(r.server.label) (`\(r.server.wrapper)`):\n\n" + m.breakdownTable())
        }
        return out.joined(separator: "\n\n")
    }

    func machine() -> String {
        let m = runs[0].machine
        return """
            - CPU: \(m.cpu), \(m.cores) cores (nproc)
            - memory: \(m.memory)
            - kernel: \(m.kernel)
            \(runs.map { "- \($0.server.label): \($0.server.version)" }.joined(separator: "\n"))
            - eSpeak NG: \(m.espeak)
            - speech-dispatcher: \(m.speechDispatcher)
            - Swift: \(m.swift)
            - This machine (\(m.cores) cores) is shared with other engineers' builds and tests while the benchmark runs, which disturbs
              the timings (mostly the tails); each server's section gives the load average at the start and end of its run.
            """
    }

    static let howMeasured = """
        See the top of `scripts/bench` and `Sources/voxnav-bench/` (the `voxnav-bench` executable: `run` on one server,
        `combine` for this file). `scripts/bench` runs the same measurements once per server, each under its wrapper
        (a private server with a null sink `car`, `PULSE_SERVER` pointing at it), with a private speech-dispatcher on that server.

        - **Clock alignment.** Everything is on CLOCK_MONOTONIC. The capture is a libpulse record stream on
          `car.monitor` (float32 mono at 44.1 kHz, `ADJUST_LATENCY`, a small `fragsize`). In each read callback the
          time is taken and `pa_stream_get_latency` of the record stream (interpolated timing; for a record stream
          this is the age of the oldest unread sample) is subtracted: that is when the sink rendered the chunk's
          first frame; frame *i* follows *i*/44100 s later. A null sink has no device behind it, so "audible" here
          means "rendered by the sink", the same for every contender; a real card would add its own buffer.
          On PipeWire `pipewire-pulse` serves the same timing for `car.monitor`, in chunks of one graph cycle.
        - **First audio**: the detector is armed with the request time; the first frame after it whose magnitude
          is ≥ 0.01 marks the prompt as audible. Before each trial the capture must have been quiet for 150 ms.
          Measuring starts 3 s after the capture stream connects (its timing is off before that on PulseAudio: the idle
          null sink renders in 2 s blocks until its next wake-up), and the first interleaved round is a warm-up, not counted.
          The request time is taken right before `write(2)` on an already connected socket (VoxNav, `prompt.speak`
          with `wait: true`, text "Turn left.", en-US) or right before `posix_spawnp` (`espeak-ng -v en-us TEXT`;
          `spd-say -w -l en-US TEXT` with `SPEECHD_ADDRESS` pointing at a private speech-dispatcher using its
          espeak-ng module and its pulse output on the server measured, through `pipewire-pulse` on PipeWire).
          A trial where nothing is heard within 5 s counts as missed.
        - **Server state**: before each trial the `car` sink's configured latency is read (`pa_context_get_sink_info_by_name`);
          `pipewire-pulse` reports 0 for it, so on PipeWire the quantum is read from the capture's chunk sizes (one per
          cycle), the latency each contender's stream asked for from its sink input's `node.latency` property (the
          `pulse.rules` of Debian's `pipewire-pulse.conf` give speech-dispatcher's streams a minimum of 512/48000, 10.7 ms,
          against underruns), and the graph's defaults from `pw-metadata -n settings` (by `scripts/bench`).
        - **Fresh connection and stream**: what the espeak-ng CLI pays for every utterance (libpcaudio's `pa_simple`
          connects and opens a stream with the server's default buffer, writes the utterance and drains; libpcaudio checks
          the server with a test stream of its own first, and `strace` counted three connections to the server for one
          `espeak-ng` run on this machine), without a process or synthesis: a new libpulse context, a 22.05 kHz mono
          stream on the default sink, 200 ms of tone written at once and drained; timed from the start of the connection
          to the tone's first sample on `car.monitor`, in the state of the first-audio trials, after one warm-up probe.
        - **Duck reaction**: the simulated FM radio plays; the request is written, then the radio's volume is read
          back from the server as fast as round trips allow for 0.8 s. Reported: request → first lower reading,
          request → first reading at the duck level (the `to` volume of the outcome), and the radio's level at the
          moment the prompt's first sample is rendered. That moment comes from a second record stream attached to
          the daemon's prompt sink input alone (`pa_stream_set_monitor_stream`), because the radio fills `car.monitor`.
          It is connected while a prompt plays: `pipewire-pulse` never makes a record stream on a corked sink input
          ready, and voxnavd keeps its prompt stream corked between prompts. On PipeWire its chunks are timed by arrival
          (the last frame received counts as rendered when it arrives), because `pipewire-pulse`'s latency for that stream
          grows by every pause of the prompt stream (by seconds over a few trials); arrival is late by the transport,
          at most about one cycle, which can only make the radio look more ducked at the first sample than it was.
        - **Activation overhang**: from the daemon's outcome (`deactivated − activated − audioDuration`) for the
          isolated prompts of the first-audio trials; for bursts of 3 pipelined requests, from the
          `session.activated`/`session.deactivated` events minus the three prompts' audio.
        - **Footprint**: VmRSS from `/proc/PID/status` after the prompts. To keep the run short each prompt ("Go.",
          `wait: false`) is cancelled as soon as its `prompt.started` event arrives, so every prompt is queued,
          synthesised, activated, ducks nothing (radio off), starts playing, is cancelled and restored.
          Idle CPU: utime+stime from `/proc/PID/stat` over the idle period, with the FM radio playing.
        - **Memory beside speech-dispatcher**: VmRSS of voxnavd and of the private speech-dispatcher plus its
          `sd_espeak-ng` module (the server's child), read at the same moments: at start, after the prompts (speech-dispatcher
          then serves as many prompts over its SSIP socket, `SPEAK` "Go." and `CANCEL SELF` at its 701 BEGIN event, as voxnavd
          cancels at `prompt.started`), after the last load round (voxnavd's load; speech-dispatcher is idle through it).
          The breakdown sums each mapping's `Rss` from `/proc/PID/smaps`; a thread stack is an anonymous 8 MiB mapping.
        - **Load**: several rounds (RSS read 1 s after each, to tell allocator growth that stops from a leak); each
          client (own connection, `guidance.start` first) alternates `prompt.speak` ("Go.",
          `priority: low`, `wait: false`) and `guidance.update` (a maneuver approaching at 13.9 m/s), and sends
          `prompt.cancel {}` after 16 queued requests so it never has 32 waiting; one request in flight per client;
          reply time is write → response. 50 clients keeping up to 16 prompts each overfill the queue (64 prompts at
          most, docs/POLICY.md): a prompt it refuses (-32000, "the prompt queue is full") is counted as a refusal,
          apart from the errors.
        """
}
