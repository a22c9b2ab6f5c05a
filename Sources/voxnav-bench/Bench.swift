import ArgumentParser
import CPulse
import Foundation
import Guidance
import ProcessSupport
import RPC
import Speech

#if canImport(Glibc)
    import Glibc
#endif

/// voxnav-bench: VoxNav against the tools a user would pick instead (espeak-ng CLI, spd-say).
/// Run it through `scripts/bench`, which installs the peers, builds, provides each sound server, runs
/// `voxnav-bench run` once per server and `voxnav-bench combine` on the results (BENCHMARKS.md).
@main
struct VoxNavBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voxnav-bench",
        abstract: "Benchmarks voxnavd against the espeak-ng CLI and spd-say on a sound server's null sink `car`.",
        subcommands: [Run.self, Combine.self], defaultSubcommand: Run.self)
}

/// One run on the sound server the environment points at (PULSE_SERVER, as scripts/with-pulse and
/// scripts/with-pipewire set it).
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measures on one sound server; prints the results and writes them as JSON (--json) for `combine`.")

    @Option(help: "The voxnavd executable to start.") var voxnavd: String
    @Option(help: "The sound server measured: pulse (bare PulseAudio) or pipewire (default: $VOXNAV_TEST_SERVER, else pulse).")
    var server = ProcessInfo.processInfo.environment["VOXNAV_TEST_SERVER"] ?? "pulse"
    @Option(help: "Trials per contender for first audio.") var trials = 100
    @Option(help: "Fresh connections and streams timed to their first sample (what the espeak-ng CLI opens for each utterance).")
    var streamProbes = 20
    @Option(help: "Trials for duck reaction.") var duckTrials = 40
    @Option(help: "Bursts of 3 prompts for the overhang.") var bursts = 20
    @Option(help: "Prompts before the memory reading.") var footprintPrompts = 1000
    @Option(help: "Seconds of idle CPU measurement with the radio playing.") var idleSeconds = 30.0
    @Option(help: "Concurrent clients for the load test.") var loadClients = 50
    @Option(help: "Seconds of load.") var loadSeconds = 10.0
    @Option(help: "Load rounds, each followed by an RSS reading (growth that stops is allocator retention, growth that goes on is a leak).") var loadRounds = 3
    @Option(help: "Flood rounds: connections sending pipelined prompts at once, RSS at the peak and after they close.") var floodRounds = 3
    @Option(help: "Connections per flood round.") var floodConnections = 320
    @Option(help: "Pipelined prompt.speak requests per flood connection.") var floodRequests = 64
    @Option(help: "Synthesis repetitions per language pack.") var synthReps = 20
    @Option(help: "Capture fragment size (ms).") var fragmentMs = 3.0
    @Option(help: "Seconds to wait after connecting a capture stream before measuring with it.") var settleSeconds = 3.0
    @Option(help: "Audible threshold, linear full scale (0.01 = −40 dBFS).") var threshold: Float = 0.01
    @Flag(help: "Skip speech-dispatcher (spd-say).") var noSpd = false
    @Option(help: "Why the espeak-ng CLI or spd-say is absent, if it is.") var skipReason: String = ""
    @Option(
        help:
            "The private speech-dispatcher's pid (scripts/bench passes it): its resident memory and its eSpeak NG module's are measured beside voxnavd's, serving as many prompts over SSIP ($SPEECHD_ADDRESS)."
    )
    var spdPid: Int32?
    @Option(help: "The prompt text for first audio.") var text = "Turn left."
    @Option(help: "Write the results (key figures and this run's Markdown section) here as JSON, for `voxnav-bench combine`.")
    var json: String?
    @Option(
        help:
            "Only this part of the run: memory (voxnavd's and speech-dispatcher's resident memory at start and after --footprint-prompts prompts each, the radio playing through them as in the full run), or gaps (--gap-prompts prompts recorded from car.monitor with --hogs busy loops running: quiet stretches inside the speech that the rendered audio does not have, and the server's underflow events), or loudness (three maneuvers in each of the 12 packs' languages, by voxnavd and by the espeak-ng CLI with the same words: the spread of their levels; and five prompts of each contender over the radio, then over the music: each prompt's level over the bed under it), or idle (voxnavd's CPU with the radio playing and nothing said, as built in and with the bed meter off, --idle-rounds fresh daemons of each, --idle-seconds each); nothing else is measured, no JSON is written."
    )
    var only: Part?
    @Option(help: "Prompts said for --only gaps.") var gapPrompts = 100
    @Option(help: "Rounds of --only idle: a fresh daemon as built in, then one with the bed meter off.") var idleRounds = 5
    @Option(help: "Busy loops running through --only gaps (default: one per core).") var hogs = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    enum Part: String, ExpressibleByArgument, CaseIterable {
        case memory
        /// Prompts recorded from car.monitor with CPU hogs running, for gaps inside the speech (`GapsUnderLoad`).
        case gaps
        /// The 12 packs' voices' levels, and each prompt's level over the radio and the music (`LoudnessAcrossVoices`).
        case loudness
        /// Idle CPU with the radio playing, as built in and with the bed meter off (`IdleMeterCost`).
        case idle
    }

    mutating func run() async throws {
        let loadStart = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        let started = Date()
        var report = Report()
        report.server = ServerInfo.named(server)
        let onPipeWire = report.server.id == "pipewire"

        if only == .idle {
            say("\n== idle CPU with the radio playing: the bed meter on (built in) and off, \(idleRounds) rounds of \(Int(idleSeconds)) s ==")
            let idle = try IdleMeterCost(voxnavd: voxnavd, rounds: idleRounds, seconds: idleSeconds).run(say: say)
            say("\n" + idle.lines.joined(separator: "\n"))
            return
        }
        // The daemon, on a private socket.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-bench-\(getpid())").path
        // The daemon refuses a socket directory that others may enter (SocketDirectory).
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let socket = dir + "/voxnav.sock"
        let (daemon, _) = try spawn([voxnavd, "--socket", socket, "--log-level", "error"], quiet: false)
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
            try? FileManager.default.removeItem(atPath: dir)
        }
        let daemonPID = daemon.processIdentifier
        let vox = try LineClient.connecting(to: socket)
        report.rssStartKB = procRSSkB(daemonPID)
        say("voxnavd pid \(daemonPID), RSS at start \(report.rssStartKB) kB")
        let speechDispatcher = spdPid.map { SpeechDispatcherProcesses(server: $0) }
        /// voxnavd's and speech-dispatcher's resident memory, read at the same moment.
        func memoryPoint(_ name: String, voxnavdKB: Int) -> MemoryComparison.Point {
            let spd = speechDispatcher?.breakdowns
            let point = MemoryComparison.Point(
                name: name, voxnavdKB: voxnavdKB, speechDispatcherKB: speechDispatcher.map(\.rssKB).flatMap { $0 >= 0 ? $0 : nil },
                voxnavd: MemoryBreakdown.read(daemonPID), speechDispatcher: spd?.server, espeakModule: spd?.module)
            say(
                "  memory \(name): voxnavd \(point.voxnavdKB) kB"
                    + (point.speechDispatcherKB.map { ", speech-dispatcher + sd_espeak-ng \($0) kB" } ?? ""))
            return point
        }
        if let speechDispatcher {
            say("speech-dispatcher pid \(speechDispatcher.server), its eSpeak NG module pid \(speechDispatcher.module.map(String.init) ?? "not found")")
        }
        report.memory.points.append(memoryPoint(MemoryComparison.atStart, voxnavdKB: report.rssStartKB))
        if only == .memory {
            // The radio plays through the prompts, as the full run's duck trials leave it playing.
            _ = try vox.call(SourceStart.self, .init(kind: .fmRadio))
            usleep(500_000)
            say("\n== memory: \(footprintPrompts) prompts each ==")
            report.rssBeforePromptsKB = procRSSkB(daemonPID)
            try footprint(vox: vox, daemonPID: daemonPID, speechDispatcher: speechDispatcher, report: &report)
            report.memory.points.append(memoryPoint(MemoryComparison.afterPrompts, voxnavdKB: report.rssAfterPromptsKB))
            _ = try? vox.call(SourceStop.self, .init(kind: .fmRadio))
            say("\n" + report.memory.table() + "\n\n" + report.memory.breakdownTable())
            return
        }

        let pulse = try PulseClient(name: "voxnav-bench")
        let capture = try Capture(client: pulse, device: "car.monitor", fragmentMs: fragmentMs)
        report.fragmentMs = capture.grantedFragmentMs
        report.fragmentRequestedMs = fragmentMs
        say("capture on car.monitor: fragment \(fmt(report.fragmentMs, 2)) ms granted")

        let peers = peerList()
        // A new record stream's timing is off for a while: the idle null sink renders in 2 s blocks and the
        // low latency the capture asks for applies from its next wake-up. Measured in the first 2.5 s after
        // connecting, a trial came out at an impossible 0–2 ms or at 1.3 s; from 3 s on they are consistent.
        usleep(UInt32(settleSeconds * 1e6))
        if only == .gaps {
            say("\n== gaps inside prompts: \(gapPrompts) prompts, \(hogs) CPU hogs ==")
            let gaps = try await GapsUnderLoad.run(count: gapPrompts, hogs: hogs, vox: vox, capture: capture, threshold: threshold)
            say("  " + gaps.line)
            return
        }
        if only == .loudness {
            say("\n== loudness: the 12 packs' voices, and prompts over the radio and the music ==")
            let loudness = try LoudnessAcrossVoices(vox: vox, capture: capture, pulse: pulse, threshold: threshold, peers: peers).run()
            say("\n" + loudness.lines.joined(separator: "\n"))
            return
        }

        // 1. First audio, interleaved.
        say("\n== first audio: \(trials) trials per contender, interleaved ==")
        let names = ["VoxNav"] + peers.map(\.name)
        var first: [String: [Double]] = Dictionary(uniqueKeysWithValues: names.map { ($0, []) })
        var misses: [String: Int] = Dictionary(uniqueKeysWithValues: names.map { ($0, 0) })
        var overhangIsolated: [Double] = []
        var daemonStart: [Double] = []
        var audioReady: [Double] = []
        var sinkLatency: [Double] = []
        // On PipeWire: the latency each contender's stream asked the graph for (`node.latency`, as
        // pipewire-pulse shows it), read before each trial (streams that stay connected) or right after
        // the first sample was heard (the espeak-ng CLI's stream lives only while it speaks).
        var nodeLatency: [String: [String: Int]] = [:]
        func noteNodeLatency(_ inputs: [PulseClient.SinkInputInfo], only: String? = nil) {
            for i in inputs {
                guard let nl = i.props["node.latency"], let who = contender(of: i), only == nil || who == only else { continue }
                nodeLatency[who, default: [:]][nl, default: 0] += 1
            }
        }
        // Round -1 is a warm-up, not counted: every contender loads (page cache, voices, speech-dispatcher's
        // module) and the capture's timing settles (its first readings of the record latency are far off,
        // and a first trial measured then came out at an impossible 0–3 ms).
        for trial in -1..<trials {
            // Rotate the order so no contender always follows the same one.
            let order = (0..<names.count).map { names[($0 + trial + names.count) % names.count] }
            for name in order {
                capture.waitQuiet(quiet: 0.15, threshold: threshold)
                sinkLatency.append(pulse.sinkConfiguredLatencyMs("car"))
                if onPipeWire { noteNodeLatency(pulse.sinkInputs()) }
                if name == "VoxNav" {
                    let (id, data) = try vox.encode(PromptSpeak.self, .init(text: text, language: "en-US"))
                    capture.arm(after: monotonicNow(), threshold: threshold)
                    let t = try vox.write(data)
                    let heard = capture.waitDetected(timeout: 5)
                    let r = try vox.response(id)
                    if let heard { first[name]!.append((heard - t) * 1000) } else { misses[name]! += 1 }
                    if case .outcome(let outcome) = try vox.result(PromptSpeak.self, of: r), let act = outcome.timings.activated,
                        let deact = outcome.timings.deactivated
                    {
                        overhangIsolated.append(deact - act - outcome.audioDuration * 1000)
                        if let ps = outcome.timings.playbackStarted { daemonStart.append(ps) }
                        if let ar = outcome.timings.audioReady { audioReady.append(ar) }
                    }
                } else {
                    let peer = peers.first { $0.name == name }!
                    capture.arm(after: monotonicNow(), threshold: threshold)
                    let (child, t) = try spawn(peer.argv(text))
                    let heard = capture.waitDetected(timeout: 5)
                    if onPipeWire, heard != nil { noteNodeLatency(pulse.sinkInputs(), only: name) }
                    child.waitUntilExit()
                    if let heard { first[name]!.append((heard - t) * 1000) } else { misses[name]! += 1 }
                }
                capture.disarm()
            }
            if trial == -1 {
                say("  warm-up round (not counted): " + names.map { "\($0) \(first[$0]!.first.map { fmt($0, 2) } ?? "missed") ms" }.joined(separator: ", "))
                for n in names {
                    first[n] = []
                    misses[n] = 0
                }
                overhangIsolated = []
                daemonStart = []
                audioReady = []
                sinkLatency = []
                nodeLatency = [:]
                capture.resetLatencyStats()
            }
            if trial >= 0, (trial + 1) % 10 == 0 {
                say("  \(trial + 1)/\(trials): " + names.map { "\($0) p50 \(fmt(Stats(first[$0]!).p50)) ms" }.joined(separator: ", "))
            }
        }
        report.firstAudio = names.map { ($0, Stats(first[$0]!), misses[$0]!) }
        report.overhangIsolated = Stats(overhangIsolated)
        report.daemonPlaybackStarted = Stats(daemonStart)
        report.daemonAudioReady = Stats(audioReady)
        report.captureLatencyMs = capture.meanLatencyMs
        report.sinkConfiguredLatency = Stats(sinkLatency.filter { !$0.isNaN })
        let blocks = capture.chunkMs
        report.captureBlockMs = (blocks.p50, blocks.min, blocks.max)
        report.nodeLatency = nodeLatency
        let asked = nodeLatency.keys.sorted().map { "\($0) \(nodeLatency[$0]!.keys.sorted().joined(separator: ", "))" }
        say(
            "  capture: mean latency \(fmt(report.captureLatencyMs, 2)) ms, "
                + "blocks \(fmt(blocks.p50, 2)) ms p50 (\(fmt(blocks.min, 2))–\(fmt(blocks.max, 2)) ms)"
                + (asked.isEmpty ? "" : "; node.latency " + asked.joined(separator: "; ")))
        report.leadingSilence = await LeadingSilence.measure(text: text, voice: "en-us", threshold: threshold)
        // VoxNav's lead-in is measured with this bench's own synthesiser: it is the daemon's only when
        // the daemon is this build's, beside voxnav-bench (one given from another build may trim otherwise).
        if !LeadingSilence.isThisBuild(voxnavd) { report.leadingSilence.voxnavMs = .nan }
        say(
            "  sink car configured latency \(fmt(report.sinkConfiguredLatency.min, 2))–\(fmt(report.sinkConfiguredLatency.max, 2)) ms; "
                + "leading silence: eSpeak NG \(fmt(report.leadingSilence.espeakMs, 1)) ms, VoxNav \(fmt(report.leadingSilence.voxnavMs, 1)) ms")

        // 1b. A fresh connection and stream, timed to its first sample: what the espeak-ng CLI sets up for
        // every utterance, here without the process and its synthesiser. Same server state as the trials.
        if streamProbes > 0 {
            say("\n== fresh connection and stream: \(streamProbes) probes ==")
            report.streamProbe = try StreamProbe.run(count: streamProbes, capture: capture, threshold: threshold)
            say(
                "  connected p50 \(fmt(report.streamProbe.connected.p50, 2)) ms, stream ready p50 \(fmt(report.streamProbe.ready.p50, 2)) ms, "
                    + "first sample p50 \(fmt(report.streamProbe.heard.p50, 2)) ms (missed \(report.streamProbe.missed))")
        }

        // 2. Overhang in bursts of 3 (pipelined on one connection).
        say("\n== activation overhang: \(bursts) bursts of 3 ==")
        var overhangBurst: [Double] = []
        _ = try vox.call(EventsSubscribe.self, .init(types: [EventType.sessionActivated.rawValue, EventType.sessionDeactivated.rawValue]))
        for _ in 0..<bursts {
            capture.waitQuiet(quiet: 0.15, threshold: threshold)
            var ids: [RPCID] = []
            for t in ["Turn left.", "Keep right.", "Go."] {
                let (id, data) = try vox.encode(PromptSpeak.self, .init(text: t, language: "en-US"))
                ids.append(id)
                try vox.write(data)
            }
            var activated: Double? = nil
            var deactivated: Double? = nil
            var audio = 0.0
            let onEvent: (JSONValue) -> Void = { e in
                let type = e["type"]?.stringValue.flatMap(EventType.init(rawValue:))
                let time = e["time"]?.doubleValue
                if type == .sessionActivated, activated == nil { activated = time }
                if type == .sessionDeactivated { deactivated = time }
            }
            for id in ids {
                if case .outcome(let outcome) = try vox.result(PromptSpeak.self, of: try vox.response(id, onEvent: onEvent)) {
                    audio += outcome.audioDuration
                }
            }
            // The deactivation event may follow the last response.
            let (pid, pdata) = try vox.encode(StateGet.self, NoParams())
            try vox.write(pdata)
            _ = try vox.response(pid, onEvent: onEvent)
            if let a = activated, let d = deactivated, d > a { overhangBurst.append((d - a - audio) * 1000) }
        }
        _ = try vox.call(EventsUnsubscribe.self)
        report.overhangBurst = Stats(overhangBurst)
        say("  isolated p50 \(fmt(report.overhangIsolated.p50)) ms, bursts p50 \(fmt(report.overhangBurst.p50)) ms")

        // 3. Duck reaction with the radio playing.
        say("\n== duck reaction: \(duckTrials) prompts over the FM radio ==")
        let radioIndex = try vox.call(SourceStart.self, .init(kind: .fmRadio)).sinkInput
        usleep(500_000)
        guard
            let promptInput = pulse.sinkInputs().first(where: {
                $0.props["application.id"] == "org.voxnav.prompt" || $0.props["media.name"] == "Navigation voice prompt"
            })
        else {
            throw BenchError("the daemon's prompt stream is not on the server")
        }
        // Only the prompt's own audio: a record stream on that sink input (pa_stream_set_monitor_stream).
        // It is connected while a prompt plays: pipewire-pulse never makes a record stream on a corked
        // sink input ready (it timed out, and stayed without data after the input was uncorked), and
        // voxnavd keeps its prompt stream corked between prompts. Once connected it stays connected.
        let (settleID, settleData) = try vox.encode(PromptSpeak.self, .init(text: "The capture connects while this prompt plays.", language: "en-US"))
        try vox.write(settleData)
        usleep(300_000)
        // On PipeWire its chunks are timed by arrival (see Capture.Timing.arrival).
        let promptCapture = try Capture(
            client: pulse, device: "car.monitor", monitorStream: promptInput.index, fragmentMs: fragmentMs,
            timing: onPipeWire ? .arrival : .serverLatency)
        _ = try vox.response(settleID)
        usleep(UInt32(settleSeconds * 1e6))
        var duckStart: [Double] = []
        var duckDone: [Double] = []
        var levelAtFirst: [Double] = []
        var firstOverRadio: [Double] = []
        var notDuckedAtFirst = 0
        for _ in 0..<duckTrials {
            promptCapture.waitQuiet(quiet: 0.15, threshold: threshold)
            usleep(100_000)
            let before = pulse.sinkInputs(index: radioIndex).first?.volume ?? 0
            let (id, data) = try vox.encode(PromptSpeak.self, .init(text: text, language: "en-US"))
            promptCapture.arm(after: monotonicNow(), threshold: threshold)
            let t = try vox.write(data)
            var trace: [(Double, UInt32)] = []
            while monotonicNow() - t < 0.8 {
                if let v = pulse.sinkInputs(index: radioIndex).first?.volume { trace.append((monotonicNow(), v)) }
            }
            let heard = promptCapture.waitDetected(timeout: 5)
            let r = try vox.response(id)
            promptCapture.disarm()
            guard case .outcome(let outcome) = try vox.result(PromptSpeak.self, of: r), let to = outcome.ducked.first?.to.first else { continue }
            if let s = trace.first(where: { $0.1 < before }) { duckStart.append((s.0 - t) * 1000) }
            if let d = trace.first(where: { Double($0.1) <= Double(to) * 1.005 }) { duckDone.append((d.0 - t) * 1000) }
            if let heard {
                firstOverRadio.append((heard - t) * 1000)
                let level = trace.last(where: { $0.0 <= heard })?.1 ?? before
                levelAtFirst.append(pa_sw_volume_to_dB(level))
                if Double(level) > Double(to) * 1.005 { notDuckedAtFirst += 1 }
            }
            report.duckTargetDB = pa_sw_volume_to_dB(UInt32(to))
        }
        report.duckStart = Stats(duckStart)
        report.duckDone = Stats(duckDone)
        report.radioDBAtFirstSample = Stats(levelAtFirst)
        report.firstAudioOverRadio = Stats(firstOverRadio)
        report.notDuckedAtFirst = notDuckedAtFirst
        report.duckTrialsHeard = levelAtFirst.count
        say(
            "  duck level reached p50 \(fmt(report.duckDone.p50)) ms; first prompt sample p50 \(fmt(report.firstAudioOverRadio.p50)) ms; radio not yet ducked at first sample in \(notDuckedAtFirst)/\(levelAtFirst.count)"
        )

        // 4. Footprint: RSS after N prompts (each cancelled as soon as it starts playing), idle CPU with the radio on.
        say("\n== footprint: \(footprintPrompts) prompts, then \(Int(idleSeconds)) s idle with the radio playing ==")
        report.rssBeforePromptsKB = procRSSkB(daemonPID)
        try footprint(vox: vox, daemonPID: daemonPID, speechDispatcher: speechDispatcher, report: &report)
        report.memory.points.append(memoryPoint(MemoryComparison.afterPrompts, voxnavdKB: report.rssAfterPromptsKB))
        report.idleCPUPercent = cpuPercent(of: daemonPID, over: idleSeconds)
        say("  RSS \(report.rssBeforePromptsKB) → \(report.rssAfterPromptsKB) kB; idle CPU \(fmt(report.idleCPUPercent, 2)) %")
        _ = try? vox.call(SourceStop.self, .init(kind: .fmRadio))

        // 5. Load: concurrent clients.
        say("\n== load: \(loadRounds) rounds of \(loadClients) clients for \(Int(loadSeconds)) s ==")
        for round in 0..<max(loadRounds, 1) {
            let result = try runLoad(socket: socket, clients: loadClients, seconds: loadSeconds)
            if round == 0 { report.load = result }
            report.loadRoundRates.append(result.repliesPerSecond)
            report.loadErrorsAllRounds += result.errors
            report.loadRefusalsAllRounds += result.refusals
            usleep(1_000_000)
            report.rssAfterLoadRoundsKB.append(procRSSkB(daemonPID))
            say(
                "  round \(round + 1): \(fmt(result.repliesPerSecond, 0)) replies/s, p50 \(fmt(result.latency.p50, 2)) ms, p99 \(fmt(result.latency.p99, 2)) ms, errors \(result.errors), refused by the queue's bounds \(result.refusals), RSS \(report.rssAfterLoadRoundsKB.last!) kB"
            )
        }
        report.rssEndKB = report.rssAfterLoadRoundsKB.last ?? -1
        report.memory.points.append(memoryPoint(MemoryComparison.afterLoad, voxnavdKB: report.rssEndKB))

        // 5b. The flood: many connections, each with its requests pipelined, all at once.
        if floodRounds > 0 {
            say("\n== flood: \(floodRounds) rounds of \(floodConnections) connections × \(floodRequests) pipelined prompt.speak ==")
            usleep(2_000_000)
            for round in 0..<floodRounds {
                let result = try runFlood(
                    socket: socket, daemonPID: daemonPID, connections: floodConnections, requests: floodRequests, round: round, settleSeconds: 5)
                report.flood.append(result)
                say(
                    "  round \(round + 1): \(fmt(result.seconds, 1)) s, \(result.admitted) admitted, \(result.refused) refused; RSS \(result.idleKB) kB before, \(result.peakKB) kB at the peak, \(result.afterKB) kB 5 s after the clients closed"
                )
            }
        }

        // 6. Synthesis speed per language pack, in process (the daemon's Synthesizer).
        say("\n== synthesis speed: \(synthReps) repetitions per language pack ==")
        report.synthesis = try await synthesisSpeed(reps: synthReps)

        report.loadStart = loadStart
        report.loadEnd = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        report.date = started
        report.skipReason = skipReason
        report.text = text
        report.config =
            "trials \(trials) per contender, stream probes \(streamProbes), duck trials \(duckTrials), bursts \(bursts), "
            + "footprint prompts \(footprintPrompts), idle \(Int(idleSeconds)) s, load \(loadRounds) × \(loadClients) clients × \(Int(loadSeconds)) s, "
            + "flood \(floodRounds) × \(floodConnections) connections × \(floodRequests) requests, synthesis reps \(synthReps), capture fragment \(fmt(fragmentMs, 1)) ms, threshold \(threshold)"
        say("\n" + report.table())
        if let json {
            try report.result().encoded().write(to: URL(fileURLWithPath: json))
            say("wrote \(json)")
        }
    }

    /// The footprint's prompts: `footprintPrompts` to voxnavd, each cancelled as soon as it starts, then
    /// as many to speech-dispatcher (if measured), each cancelled when it begins; voxnavd's RSS after them.
    func footprint(vox: LineClient, daemonPID: pid_t, speechDispatcher: SpeechDispatcherProcesses?, report: inout Report) throws {
        _ = try vox.call(EventsSubscribe.self, .init(types: ["prompt"]))
        var played = 0
        let footStart = monotonicNow()
        // The events that came before a call's reply (a prompt's start before `prompt.speak`'s, its end
        // before `prompt.cancel`'s), kept for `nextEvent`: dropped, the loop waited for them forever.
        var early: [JSONValue] = []
        func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws -> M.Result {
            let (id, data) = try vox.encode(method, params)
            try vox.write(data)
            return try vox.result(method, of: try vox.response(id, onEvent: { early.append($0) }))
        }
        /// The type of the next event of prompt `id`.
        func nextEvent(of id: String) throws -> EventType? {
            while true {
                let event = early.isEmpty ? try vox.event() : early.removeFirst()
                if event["prompt"]?.stringValue == id { return event["type"]?.stringValue.flatMap(EventType.init(rawValue:)) }
            }
        }
        for i in 0..<footprintPrompts {
            guard case .queued(let queued) = try call(PromptSpeak.self, .init(text: "Go.", language: "en-US", wait: false)) else { continue }
            // Wait until it starts (then cancel it) or ends.
            var type = try nextEvent(of: queued.id)
            while type != .promptStarted, type?.isPromptEnd != true { type = try nextEvent(of: queued.id) }
            if type == .promptStarted {
                played += 1
                _ = try call(PromptCancel.self, .init(id: queued.id))
                while try nextEvent(of: queued.id)?.isPromptEnd != true {}
            }
            if (i + 1) % 250 == 0 { say("  \(i + 1) prompts, RSS \(procRSSkB(daemonPID)) kB") }
        }
        _ = try vox.call(EventsUnsubscribe.self)
        report.footprintSeconds = monotonicNow() - footStart
        report.footprintPlayed = played
        usleep(1_000_000)
        report.rssAfterPromptsKB = procRSSkB(daemonPID)
        // The same number of prompts to speech-dispatcher, each cancelled when it begins.
        if speechDispatcher != nil, let path = SSIPClient.socketPath {
            let ssip = try SSIPClient(socket: path)
            let start = monotonicNow()
            var began = 0
            for i in 0..<footprintPrompts {
                if try ssip.speakAndCancelAtStart("Go.") { began += 1 }
                if (i + 1) % 250 == 0 { say("  speech-dispatcher: \(i + 1) prompts, RSS \(speechDispatcher!.rssKB) kB") }
            }
            ssip.quit()
            report.memory.speechDispatcherPrompts = footprintPrompts
            report.memory.speechDispatcherBegan = began
            report.memory.speechDispatcherSeconds = monotonicNow() - start
            usleep(1_000_000)
        }
    }

    struct Peer {
        var name: String
        var argv: (String) -> [String]
    }

    /// Which contender a sink input belongs to, by the properties its program gives it.
    func contender(of input: PulseClient.SinkInputInfo) -> String? {
        if input.props["application.id"] == "org.voxnav.prompt" { return "VoxNav" }
        if input.props["application.name"] == "eSpeak" { return "espeak-ng CLI" }
        if input.props["application.name"]?.hasPrefix("speech-dispatcher") == true { return "spd-say" }
        return nil
    }

    func peerList() -> [Peer] {
        var peers = [Peer(name: "espeak-ng CLI", argv: { ["espeak-ng", "-v", "en-us", $0] })]
        if !noSpd { peers.append(Peer(name: "spd-say", argv: { ["spd-say", "-w", "-l", "en-US", $0] })) }
        return peers
    }
}

// MARK: load

struct LoadResult {
    var latency = Stats([])
    var repliesPerSecond = 0.0
    var errors = 0
    var errorSamples: [String] = []
    /// Prompts refused by the queue's bounds (-32000, "the prompt queue is full", "too many prompts
    /// waiting for this client"): the bounds doing their work under a flood, not failures.
    var refusals = 0
    var replies = 0
    var speaks = 0
    var updates = 0
    var cancels = 0
}

/// A refusal by the prompt queue's bounds (EngineError.queueFull), told from other errors by its code and words.
func isQueueRefusal(_ error: RPCError) -> Bool {
    error.code == -32000
        && (error.message.contains("the prompt queue is full") || error.message.contains("too many prompts waiting for this client"))
}

func runLoad(socket: String, clients: Int, seconds: Double) throws -> LoadResult {
    let results = Locked((lat: [Double](), errors: 0, refusals: 0, samples: [String](), speaks: 0, updates: 0, cancels: 0))
    let group = DispatchGroup()
    let start = monotonicNow() + 0.5
    for c in 0..<clients {
        group.enter()
        let thread = Thread {
            defer { group.leave() }
            do {
                let lc = try LineClient(socket: socket)
                _ = try lc.call(GuidanceStart.self, .init(language: "en-US"))
                while monotonicNow() < start { usleep(1000) }
                var lat: [Double] = []
                var errors = 0
                var refusals = 0
                var samples: [String] = []
                var speaks = 0
                var updates = 0
                var cancels = 0
                var waiting = 0
                var step = 0
                var maneuver = 0
                var distance = 3000.0
                while monotonicNow() - start < seconds {
                    let method: String
                    let request: (RPCID, Data)
                    if waiting >= 16 {
                        method = PromptCancel.name
                        request = try lc.encode(PromptCancel.self, .init())
                        waiting = 0
                        cancels += 1
                    } else if step % 2 == 0 {
                        method = PromptSpeak.name
                        request = try lc.encode(PromptSpeak.self, .init(text: "Go.", priority: .low, wait: false))
                        waiting += 1
                        speaks += 1
                    } else {
                        distance -= 25
                        if distance < 50 {
                            distance = 3000
                            maneuver += 1
                        }
                        method = GuidanceUpdate.name
                        let upcoming = GuidanceUpdate.Upcoming(
                            id: "c\(c)-m\(maneuver)", distance: distance, maneuver: Maneuver(type: maneuver % 2 == 0 ? .rightTurn : .leftTurn))
                        request = try lc.encode(GuidanceUpdate.self, .init(speed: 13.9, maneuvers: [upcoming]))
                        updates += 1
                        // Guidance may queue prompts of its own.
                        waiting += 1
                    }
                    step += 1
                    let t = try lc.write(request.1)
                    let r = try lc.response(request.0)
                    lat.append((monotonicNow() - t) * 1000)
                    if let e = r.error {
                        if isQueueRefusal(e) {
                            refusals += 1
                        } else {
                            errors += 1
                            if samples.count < 3 { samples.append("\(method): \(e)") }
                        }
                    }
                }
                _ = try? lc.call(PromptCancel.self, .init())
                results.with {
                    $0.lat += lat
                    $0.errors += errors
                    $0.refusals += refusals
                    $0.samples += samples
                    $0.speaks += speaks
                    $0.updates += updates
                    $0.cancels += cancels
                }
            } catch {
                results.with {
                    $0.errors += 1
                    $0.samples.append("client \(c): \(error)")
                }
            }
        }
        thread.start()
    }
    group.wait()
    return results.with { r in
        var out = LoadResult()
        out.latency = Stats(r.lat)
        out.replies = r.lat.count
        out.repliesPerSecond = Double(r.lat.count) / seconds
        out.errors = r.errors
        out.refusals = r.refusals
        out.errorSamples = Array(r.samples.prefix(5))
        out.speaks = r.speaks
        out.updates = r.updates
        out.cancels = r.cancels
        return out
    }
}

// MARK: synthesis

/// One typical prompt per pack, in its own words; the voice is the pack's `espeakVoice`.
let synthesisSamples: [(pack: String, voice: String, text: String)] = [
    ("en-US", "en-us", "In 1000 feet, turn right onto Solar Circle"),
    ("en-GB", "en-gb", "In 300 yards, at the roundabout, take the second exit"),
    ("de", "de", "In 200 Metern die zweite Ausfahrt nehmen"),
    ("fr", "fr", "Dans 300 mètres, tournez à droite sur la rue de Rivoli"),
    ("es", "es", "En 300 metros, gire a la derecha hacia la calle Mayor"),
    ("it", "it", "Tra 300 metri, svolta a destra in via Roma"),
    ("nl", "nl", "Over 300 meter, rechtsaf slaan naar de Hoofdstraat"),
    ("pt-BR", "pt-br", "Em 300 metros, vire à direita na Avenida Paulista"),
    ("pl", "pl", "Za 300 metrów skręć w prawo w ulicę Marszałkowską"),
    ("sv", "sv", "Om 300 meter, sväng höger in på Drottninggatan"),
    ("cs", "cs", "Za 300 metrů odbočte vpravo na Václavské náměstí"),
    ("zh", "cmn", "300米后右转进入长安街"),
]

func packVoice(_ pack: String, fallback: String) -> String {
    // The pack's own voice, read from voices/<pack>.yaml when it is there.
    guard let y = try? String(contentsOfFile: "voices/\(pack).yaml", encoding: .utf8) else { return fallback }
    for line in y.split(separator: "\n") where line.hasPrefix("espeakVoice:") {
        return line.dropFirst("espeakVoice:".count).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }
    return fallback
}

func synthesisSpeed(reps: Int) async throws -> [(pack: String, voice: String, audio: Double, rtf: Stats, ms: Stats)] {
    let synth = try Synthesizer.shared()
    var out: [(String, String, Double, Stats, Stats)] = []
    for s in synthesisSamples {
        let voice = packVoice(s.pack, fallback: s.voice)
        _ = try? await synth.synthesize(s.text, voice: voice)  // loads the voice
        var rtf: [Double] = []
        var ms: [Double] = []
        var audio = 0.0
        for _ in 0..<reps {
            let t = monotonicNow()
            let buf = try await synth.synthesize(s.text, voice: voice)
            let dt = monotonicNow() - t
            audio = buf.duration
            ms.append(dt * 1000)
            rtf.append(dt / buf.duration)
        }
        out.append((s.pack, voice, audio, Stats(rtf), Stats(ms)))
        say("  \(s.pack) (\(voice)): \(fmt(Stats(ms).p50, 2)) ms for \(fmt(audio, 2)) s of audio, RTF \(String(format: "%.4f", Stats(rtf).p50))")
    }
    return out
}
