import AudioTestSupport
import Foundation
import RPC
import Speech
import Testing

/// speech-dispatcher's own command-line client, `spd-say`, pointed at the real voxnavd's SSIP socket
/// (`SPEECHD_ADDRESS`) and otherwise unchanged: its message is said through VoxNav, the radio ducked
/// under it to its last sample (read with `pactl`) and restored after, heard on `car.monitor` to its end; `-w` returns once it has been
/// said, and without it `spd-say` returns at once and the message is still said in full.
@Suite struct SSIPHeardTests {
    static let spdSay = "/usr/bin/spd-say"
    static let text = "In 300 meters, turn right onto Solar Circle."

    @Test(arguments: [true, false])
    func spdSayIsHeardThroughVoxNavWithTheRadioDuckedAndRestored(waits: Bool) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.spdSay), "no spd-say: scripts/setup --tests installs speech-dispatcher")
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "session"])
            let watched = try await daemon.watchedRadio()
            let environment = ProcessInfo.processInfo.environment.merging(["SPEECHD_ADDRESS": "unix_socket:\(daemon.ssipSocket)"]) { $1 }
            let arguments = (waits ? ["-w"] : []) + [Self.text]
            let say = try await onOwnThread { try Executables.run(path: Self.spdSay, arguments, environment: environment, limit: 30) }
            #expect(say.status == 0, "\(say.output)")
            #expect(await events.caughtUp(), "the daemon did not answer the event subscriber")
            let finishedAtReturn = events.events.contains { $0["type"] == .string("prompt.finished") }
            // -w: spd-say waited for the message's end (702); without it, it returned once it was queued.
            #expect(finishedAtReturn == waits, "\(events.events)")

            #expect(
                await events.wait(seconds: 15, every: .milliseconds(5)) { $0.contains { $0["type"] == .string("prompt.finished") } },
                "\(events.events)")
            // No later than the message's last sample (the daemon tells its end once the audio has drained).
            let ended = ContinuousClock.now
            let prompts = events.events.filter { $0["type"]?.stringValue?.hasPrefix("prompt.") == true }
            #expect(prompts.compactMap { $0["type"]?.stringValue } == ["prompt.queued", "prompt.started", "prompt.finished"], "\(events.events)")
            #expect(prompts.allSatisfy { $0["client"]?.stringValue?.hasPrefix("ssip-") == true })
            let (restored, readings, heard) = try await watched.settle()
            let radio = watched.radio
            #expect(readings.contains { $0.volumes.max()! < radio.volumes.max()! }, "the radio was never ducked: \(readings.map(\.volumes))")
            // At the message's last sample: the last reading before its end was seen, still ducked.
            let end = (ended - watched.watcher.start) / .milliseconds(1)
            let last = try #require(readings.last { $0.ms <= end }, "no reading before the message's end")
            #expect(last.volumes.max()! < radio.volumes.max()!, "the radio was back at \(last.volumes) at the message's last sample")
            #expect(restored?.volumes == radio.volumes && restored?.corked == false, "\(String(describing: restored))")
            // The session lasted while the message played, then ended.
            let sessions = events.events.compactMap { $0["type"]?.stringValue }.filter { $0.hasPrefix("session.") }
            #expect(sessions == ["session.activated", "session.deactivated"], "\(events.events)")
            // Heard to its last word.
            let finished = try #require(prompts.last)
            let seconds = try #require(finished["duration"]?.doubleValue, "\(finished)")
            let levels = LevelAnalysis(samples: heard, sampleRate: watched.capture.sampleRate)
            #expect(levels.span(above: 0.003) > seconds - 0.3, "heard for \(levels.span(above: 0.003)) s of \(seconds) s")
        }
    }

    /// `spd-say -x` sends SSML and `-r` a rate: the markup goes to eSpeak NG's own SSML and is never
    /// said (heard on `car.monitor` about as long as the same words plain: it had lasted 1.8× as long,
    /// spoken as text, and a `break` is a silence, not a word), and a rate of 60 is heard at least a
    /// fifth shorter. What is reported is the words without the markup.
    @Test func markupIsNotSpokenAndTheRateIsHeard() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.spdSay), "no spd-say: scripts/setup --tests installs speech-dispatcher")
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let environment = ProcessInfo.processInfo.environment.merging(["SPEECHD_ADDRESS": "unix_socket:\(daemon.ssipSocket)"]) { $1 }
            let words = "Turn right onto Larkspur Lane, then keep left."
            let runs: [(name: String, arguments: [String])] = [
                ("plain", [words]),
                (
                    "markup",
                    [
                        "-x",
                        "<speak><prosody pitch=\"+10%\">Turn right</prosody> onto <emphasis>Larkspur Lane</emphasis>, <unknown>then</unknown> keep left.</speak>",
                    ]
                ),
                ("fast", ["-r", "60", words]),
            ]
            var heard: [String: Double] = [:]
            for run in runs {
                let capture = try MonitorCapture(sampleRate: 16000)
                try await capture.waitForAudio(seconds: 0.2)
                let say = try await onOwnThread { try Executables.run(path: Self.spdSay, ["-w"] + run.arguments, environment: environment, limit: 30) }
                #expect(say.status == 0, "\(run.name): \(say.output)")
                try await Task.sleep(for: .milliseconds(300))
                let levels = LevelAnalysis(samples: capture.stop(), sampleRate: capture.sampleRate)
                heard[run.name] = levels.span(above: 0.003)
            }
            try expectMarkupUnsaidAndRateHeard(heard)
            let started = events.events.filter { $0["type"] == .string("prompt.started") }.compactMap { $0["text"]?.stringValue }
            #expect(started.count == 3 && started.allSatisfy { !$0.contains("<") }, "\(started)")
            #expect(started.dropFirst().first == "Turn right onto Larkspur Lane, then keep left.", "\(started)")
        }
    }

    /// `spd-say -i` sets its connection's volume: -50 and -80 are heard 6.0 and 14.0 dB under the
    /// voice's own (eSpeak NG's amplitude 50 and 20 of 100, as speech-dispatcher's module sets
    /// it), read from `car.monitor`; the next connection, setting none, is heard at the voice's own.
    @Test func eachConnectionsVolumeIsHeard() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.spdSay), "no spd-say: scripts/setup --tests installs speech-dispatcher")
        try await RealDaemon.withCabin { daemon in
            let environment = ProcessInfo.processInfo.environment.merging(["SPEECHD_ADDRESS": "unix_socket:\(daemon.ssipSocket)"]) { $1 }
            var heard: [Double] = []
            for volume in [0, -50, -80, nil] {
                let capture = try MonitorCapture(sampleRate: 16000)
                try await capture.waitForAudio(seconds: 0.2)
                let arguments = ["-w"] + (volume.map { ["-i", "\($0)"] } ?? []) + [Self.text]
                let say = try await onOwnThread { try Executables.run(path: Self.spdSay, arguments, environment: environment, limit: 30) }
                #expect(say.status == 0, "\(say.output)")
                try await Task.sleep(for: .milliseconds(300))
                let level = SpeechLevel.level(of: capture.stop(), sampleRate: capture.sampleRate)
                heard.append(try #require(level, "nothing heard at volume \(String(describing: volume))"))
            }
            #expect(abs(heard[1] - heard[0] + 6.02) < 1, "volume -50: \(heard[1] - heard[0]) dB")
            #expect(abs(heard[2] - heard[0] + 13.98) < 1.5, "volume -80: \(heard[2] - heard[0]) dB")
            #expect(abs(heard[3] - heard[0]) < 1, "a connection setting no volume: \(heard[3] - heard[0]) dB")
        }
    }

    /// A text longer than one prompt (`spd-say -w`, about 10 s) is said whole, as several prompts
    /// in a row cut at sentence and clause ends, under one duck: the radio at one ducked level in
    /// every `pactl` reading from the first part to the last one's last sample, one `source.ducked`
    /// and one `source.restored`, each part starting as the one before ends, every word said (the
    /// parts are the text), heard on `car.monitor` for all of their length, and `spd-say` told the
    /// end once. A text of about 40 s is refused before anything is said, saying why.
    @Test func aLongTextIsSaidWholeInARowUnderOneDuckAndTooLongARefused() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.spdSay), "no spd-say: scripts/setup --tests installs speech-dispatcher")
        let text =
            "Welcome aboard. This route takes you through the city centre and along the river. Expect light traffic on the "
            + "ring road, and roadworks near the central station. Drive safely."
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "source.ducked", "source.restored"])
            let watched = try await daemon.watchedRadio()
            let radio = watched.radio
            let environment = ProcessInfo.processInfo.environment.merging(["SPEECHD_ADDRESS": "unix_socket:\(daemon.ssipSocket)"]) { $1 }
            let say = try await onOwnThread { try Executables.run(path: Self.spdSay, ["-w", text], environment: environment, limit: 60) }
            #expect(say.status == 0, "\(say.output)")
            let ended = ContinuousClock.now
            #expect(await events.caughtUp())
            let (restored, readings, heard) = try await watched.settle()

            let prompts = events.events.filter { $0["client"]?.stringValue?.hasPrefix("ssip-") == true }
            let ids = prompts.filter { $0["type"] == .string("prompt.queued") }.compactMap { $0["prompt"]?.stringValue }
            #expect(ids.count >= 3, "\(events.events)")
            let time = { (id: String, type: String) in
                prompts.first { $0["prompt"] == .string(id) && $0["type"] == .string(type) }
            }
            let said = ids.compactMap { time($0, "prompt.finished")?["text"]?.stringValue }
            #expect(said.joined(separator: " ") == text, "\(said)")
            for (earlier, later) in zip(ids, ids.dropFirst()) {
                let gap = (time(later, "prompt.started")?["time"]?.doubleValue ?? 99) - (time(earlier, "prompt.finished")?["time"]?.doubleValue ?? 0)
                #expect(gap < 0.3, "\(later) started \(gap) s after \(earlier) ended")
            }
            let types = events.events.compactMap { $0["type"]?.stringValue }
            #expect(types.filter { $0 == "source.ducked" }.count == 1 && types.filter { $0 == "source.restored" }.count == 1, "\(types)")
            #expect(types.last == "source.restored", "\(types)")

            // The radio at one ducked level from the first part to the last one's last sample.
            let end = (ended - watched.watcher.start) / .milliseconds(1)
            let firstDucked = try #require(readings.first { $0.volumes.max()! < radio.volumes.max()! }, "the radio was never ducked")
            let under = readings.filter { $0.ms >= firstDucked.ms + 100 && $0.ms <= end }
            // Enough to judge about 9 s of speech: under a loaded CI run one reading came every 90 ms.
            #expect(under.count >= 50, "too few readings: \(under.count)")
            #expect(under.allSatisfy { $0.volumes == under.first?.volumes && !$0.corked }, "the radio moved: \(under.map { ($0.ms, $0.volumes) })")
            #expect(restored?.volumes == radio.volumes && restored?.corked == false, "\(String(describing: restored))")
            let seconds = ids.compactMap { time($0, "prompt.finished")?["duration"]?.doubleValue }.reduce(0, +)
            #expect(seconds > 7, "\(seconds) s")
            let levels = LevelAnalysis(samples: heard, sampleRate: watched.capture.sampleRate)
            #expect(levels.duration(above: 0.003) > seconds - 1.5, "heard \(levels.duration(above: 0.003)) s of \(seconds) s")

            // Four times as long: refused, nothing said.
            let before = events.events.count
            let long = try await onOwnThread {
                try Executables.run(path: Self.spdSay, ["-w", [text, text, text, text].joined(separator: " ")], environment: environment, limit: 60)
            }
            #expect(await events.caughtUp())
            let after = events.events.dropFirst(before).compactMap { $0["type"]?.stringValue }
            #expect(after == ["prompt.refused"], "\(after), spd-say: \(long.status) \(long.output)")
            let reason = events.events.last { $0["type"] == .string("prompt.refused") }?["reason"]?.stringValue ?? ""
            #expect(reason.contains("a text may speak in all"), "\(reason)")
        }
    }
}
