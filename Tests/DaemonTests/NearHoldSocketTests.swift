import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// No pumping when the next prompt is known to be near (`ramps.holdForNext`, 2 s built in), on the
/// real voxnavd over its sockets, on every server, through both doors: JSON-RPC `prompt.speak`, and
/// speech-dispatcher's `spd-say` (a connection per message, as Navit's command line gives them).
/// This suite runs the JSON-RPC door on every server; `NearHoldSSIPTests` the same through
/// `spd-say` on bare PulseAudio, in the part of the run with Navit (what the server does with the
/// radio does not depend on the door).
/// A burst (the first two prompts asked for together, then each 0.5, 1.0 and 1.5 s after the last
/// ended) keeps the radio at its duck level from the first prompt to the last sample of the last,
/// its volume read from the server with `pactl` every ~30 ms: one `source.ducked` and no
/// `source.restored` among them. After the burst's last prompt the hold waits the window for a next
/// one; a prompt 5 s later finds the radio back at its own volume, and after that lone prompt,
/// nothing being near, the radio comes back after the plain 0.3 s hold.
@Suite struct NearHoldSocketTests {
    enum Door: String, CaseIterable, Sendable {
        case jsonRPC
        case spdSay
    }

    /// The built-in window and hold; a burst the daemon saw further apart than the window tests
    /// something else.
    static let window = 2.0
    static let hold = 0.3
    /// The most a `pactl` reading may take to answer under load (seconds).
    static let readingLag = 0.25
    static let texts = ["Turn left.", "Then keep right.", "Keep left.", "Turn right.", "Continue straight.", "Turn left again."]

    @Test func aBurstKeepsTheRadioDownAndAPromptFiveSecondsLaterFindsItBack() async throws {
        try await Self.burst(through: .jsonRPC)
    }

    /// The burst and the prompt after it, asked for through `door`.
    static func burst(through door: Door) async throws {
        if door == .spdSay {
            try #require(FileManager.default.isExecutableFile(atPath: SSIPHeardTests.spdSay), "no spd-say: scripts/setup --tests installs speech-dispatcher")
        }
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "source.ducked", "source.restored"])
            let watched = try await daemon.watchedRadio()
            let radio = watched.radio
            let say = try Speaker(door: door, daemon: daemon, events: events)

            // The burst.
            var ids = [try await say(Self.texts[0]), try await say(Self.texts[1])]
            var seenEnd = try await RestoreHoldSocketTests.ended(ids[1], events)
            for gap in [0.5, 1.0, 1.5] {
                try await Task.sleep(until: seenEnd + .milliseconds(Int(gap * 1000)))
                ids.append(try await say(Self.texts[ids.count]))
                seenEnd = try await RestoreHoldSocketTests.ended(ids.last!, events)
            }
            let burstEnded = seenEnd
            // The lone prompt, 5 s after.
            try await Task.sleep(until: burstEnded + .seconds(5))
            let loneAsked = ContinuousClock.now
            let lone = try await say(Self.texts[5])
            #expect(await events.wait(seconds: 15, every: .milliseconds(5)) { _ in events.types(ofPrompt: lone).contains("prompt.started") })
            let loneStarted = ContinuousClock.now
            _ = try await RestoreHoldSocketTests.ended(lone, events)
            let (restored, readings, heard) = try await watched.settle()
            #expect(await events.caughtUp())

            // The daemon's own times: each gap of the burst within the window (else the machine was
            // too slow for what this test asks), the restore after the burst a window after its end,
            // and after the lone prompt the plain hold.
            let time = { (id: String, type: String) in
                events.events.first { $0["prompt"] == .string(id) && $0["type"] == .string(type) }?["time"]?.doubleValue
            }
            for (earlier, later) in zip(ids.dropLast(), ids.dropFirst()) {
                let gap = try #require(time(later, "prompt.started")) - #require(time(earlier, "prompt.finished"))
                try #require(gap < Self.window - 0.05, "the daemon saw \(later) start \(gap) s after \(earlier) ended: \(events.events)")
            }
            let restores = events.events.filter { $0["type"] == .string("source.restored") }.compactMap { $0["time"]?.doubleValue }
            let ducks = events.events.filter { $0["type"] == .string("source.ducked") }.compactMap { $0["time"]?.doubleValue }
            let burstFinished = try #require(time(ids.last!, "prompt.finished"))
            let loneFinished = try #require(time(lone, "prompt.finished"))
            #expect(ducks.count == 2 && restores.count == 2, "one duck and one restore for the burst, one each for the lone prompt: \(events.events)")
            if restores.count == 2 {
                #expect(restores[0] > burstFinished, "the radio was restored within the burst: \(events.events)")
                #expect(abs(restores[0] - burstFinished - Self.window) < 0.3, "restored \(restores[0] - burstFinished) s after the burst")
                #expect(abs(restores[1] - loneFinished - Self.hold) < 0.3, "restored \(restores[1] - loneFinished) s after the lone prompt")
            }

            // What the server showed: from the first prompt's duck to the burst's last sample, the
            // radio at one ducked level, never corked.
            let since = { (instant: ContinuousClock.Instant) in (instant - watched.watcher.start) / .milliseconds(1) }
            let firstDucked = try #require(readings.first { $0.volumes.max()! < radio.volumes.max()! }, "the radio was never ducked")
            let burst = readings.filter { $0.ms >= firstDucked.ms + 100 && $0.ms < since(burstEnded) }
            #expect(burst.count >= 30, "too few readings to judge: \(burst.count)")
            let ducked = burst.first?.volumes ?? []
            #expect(ducked.max() ?? .max < radio.volumes.max()!)
            #expect(burst.allSatisfy { $0.volumes == ducked && !$0.corked }, "the radio moved within the burst: \(burst.map { ($0.ms, $0.volumes) })")
            // Back at its own volume before the lone prompt was asked for (its duck comes before the
            // test sees it start), and ducked under it. A reading is stamped when its `pactl` starts
            // and shows the volume when it answers, up to ~150 ms later under load: one stamped just
            // before the ask can show the lone prompt's duck (seen in CI on 1a2015b, 29 ms before).
            // From a second after the window: the restore's 0.2 s ramp ended
            // later than 0.6 s after it once on a loaded machine (CI of 396917e: 96 % at the first
            // reading), which is not what this asks.
            let between = readings.filter {
                $0.ms > since(burstEnded) + (Self.window + 1.0) * 1000 && $0.ms < since(loneAsked) - Self.readingLag * 1000
            }
            #expect(!between.isEmpty && between.allSatisfy { $0.volumes == radio.volumes }, "\(between.map { ($0.ms, $0.volumes) })")
            #expect(readings.contains { $0.ms > since(loneStarted) && $0.volumes == ducked }, "the radio was not ducked under the lone prompt")
            #expect(restored?.volumes == radio.volumes && restored?.corked == false, "\(String(describing: restored))")

            // Every prompt heard on car.monitor.
            let seconds = (ids + [lone]).compactMap { id in
                events.events.first { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.finished") }?["duration"]?.doubleValue
            }
            #expect(seconds.count == 6)
            let levels = LevelAnalysis(samples: heard, sampleRate: watched.capture.sampleRate)
            #expect(levels.duration(above: 0.003) > seconds.reduce(0, +) - 1.2, "heard \(levels.duration(above: 0.003)) s of \(seconds)")
        }
    }

    /// Asks for one prompt through a door; returns its id once the daemon has queued it.
    struct Speaker {
        let door: Door
        let events: EventRecorder
        let client: RPCClient?
        let environment: [String: String]

        init(door: Door, daemon: RealDaemon, events: EventRecorder) throws {
            self.door = door
            self.events = events
            client = door == .jsonRPC ? try RPCClient(socketPath: daemon.socket) : nil
            environment = ProcessInfo.processInfo.environment.merging(["SPEECHD_ADDRESS": "unix_socket:\(daemon.ssipSocket)"]) { $1 }
        }

        func callAsFunction(_ text: String) async throws -> String {
            if let client { return try await RestoreHoldSocketTests.queue(client, text) }
            let before = queued().count
            let settings = environment
            // Without -w: spd-say returns once the message is taken. At the priority Navit gives its
            // instructions (`message`: queued behind one another; two `text` messages, the later cancels).
            let run = try await onOwnThread {
                try Executables.run(path: SSIPHeardTests.spdSay, ["-P", "message", text], environment: settings, limit: 30)
            }
            #expect(run.status == 0, "\(run.output)")
            #expect(await events.wait(seconds: 15, every: .milliseconds(5)) { _ in queued().count > before })
            return try #require(queued().dropFirst(before).first, "\(text) was not queued: \(events.events)")
        }

        private func queued() -> [String] {
            events.events.filter { $0["type"] == .string("prompt.queued") }.compactMap { $0["prompt"]?.stringValue }
        }
    }
}

/// `NearHoldSocketTests`' burst through speech-dispatcher's `spd-say`, a connection per message as
/// Navit's command line gives them (real voxnavd over its SSIP socket; bare PulseAudio, with Navit).
@Suite struct NearHoldSSIPTests {
    @Test func aBurstOfSpdSayMessagesKeepsTheRadioDown() async throws {
        try await NearHoldSocketTests.burst(through: .spdSay)
    }
}
