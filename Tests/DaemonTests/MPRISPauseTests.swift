import AudioTestSupport
import Engine
import Foundation
import RPC
import RPCSocket
import Speech
import Testing

/// Another program's podcast is paused by its own player (MPRIS), not muted: a real `mpv` with
/// `mpv-mpris` on a private session bus, its status and position read back with `dbus-send`.
@Suite struct MPRISPauseTests {
    static let prompt = "Continue for 9 miles, then keep left onto the motorway."
    /// A 60 Hz hum under the podcast's speech, which prompts do not have: it tells from the capture
    /// whether the podcast is heard.
    static let pilotHz = 60.0

    /// About 35 s of speech with the pilot under it, as a WAV file.
    static func podcastFile() async throws -> URL {
        let paragraph = """
            Welcome back to the show. Today we talk about the history of the bicycle, from the first wooden \
            running machines of the early nineteenth century to the light carbon frames of today. Our guest \
            has ridden across three continents and written two books about it. We start with the question \
            everybody asks: why do people keep riding, even in the rain?
            """
        let speech = try await Synthesizer.shared().synthesize(paragraph + " " + paragraph, voice: "en-us", limit: 60)
        let rate = speech.sampleRate
        let samples = speech.samples.enumerated().map { index, sample in
            let pilot = 5000 * sin(2 * Double.pi * pilotHz * Double(index) / Double(rate))
            return Int16(clamping: Int(Double(sample) * 0.6 + pilot))
        }
        return try writeWAV(samples, sampleRate: rate)
    }

    /// A daemon on the bus, a podcast playing, a subscriber and a client.
    struct Rig {
        let bus: PrivateSessionBus?
        let podcast: MPVPodcast
        let daemon: RealDaemon
        let recorder: EventRecorder
        let client: RPCClient
        let file: URL
        let source: String

        static func start(withBus: Bool = true) async throws -> Rig {
            let bus = withBus ? try PrivateSessionBus() : nil
            let file = try await podcastFile()
            let podcast = try MPVPodcast(file: file, busAddress: bus?.address)
            let input = try await podcast.waitUntilPlaying()
            // Without a bus, none at all: not the session bus of the test's own environment.
            let daemon = try await RealDaemon.start(environment: ["DBUS_SESSION_BUS_ADDRESS": bus?.address ?? ""])
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "source"])
            let client = daemon.client
            let source = "pa-\(input.index)"
            let state = try await blocking { try client.call("state.get") }
            let kinds = state["sources"]?.arrayValue?.filter { $0["id"] == .string(source) }.compactMap { $0["kind"]?.stringValue }
            #expect(kinds == ["spokenAudio"], "the podcast should be taken for spoken audio: \(state)")
            return Rig(bus: bus, podcast: podcast, daemon: daemon, recorder: recorder, client: client, file: file, source: source)
        }

        /// Queues the prompt (wait: false) and waits for it to start; returns its id.
        func startPrompt(_ text: String = MPRISPauseTests.prompt) async throws -> String {
            let request = JSONValue.object(["text": .string(text), "wait": .bool(false)])
            let reply = try await blocking { try client.call("prompt.speak", request) }
            let id = try #require(reply["id"]?.stringValue)
            #expect(await recorder.wait(seconds: 10) { $0.contains { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.started") } })
            return id
        }

        func waitForEnd(of id: String) async -> String? {
            let ends = ["prompt.finished", "prompt.shortened", "prompt.skipped", "prompt.expired"]
            _ = await recorder.wait(seconds: 15) { $0.contains { $0["prompt"] == .string(id) && ends.contains($0["type"]?.stringValue ?? "") } }
            return recorder.events.first { $0["prompt"] == .string(id) && ends.contains($0["type"]?.stringValue ?? "") }?["type"]?.stringValue
        }

        /// The handlings of the podcast's stream, in order (source.handled).
        var handlings: [String] {
            recorder.events.filter { $0["type"] == .string("source.handled") && $0["source"] == .string(source) }
                .compactMap { $0["handling"]?.stringValue }
        }

        func waitForHandlings(_ expected: [String]) async -> Bool {
            await recorder.wait(seconds: 5) { _ in handlings == expected }
        }

        func stop() async {
            await daemon.stop()
            podcast.quit()
            bus?.stop()
            try? FileManager.default.removeItem(at: file)
        }
    }

    @Test func aPodcastIsPausedByItsPlayerUnderAPromptAndLosesNoWords() async throws {
        try await AudioServerLock.shared.withLock {
            let rig = try await Rig.start()
            let capture = try MonitorCapture()
            try await capture.waitForAudio(seconds: 1.0)
            let beforeRequest = capture.samples().count
            let id = try await rig.startPrompt()
            let startedAt = capture.samples().count
            #expect(await rig.waitForHandlings(["paused"]))
            let handled = rig.recorder.events.first { $0["type"] == .string("source.handled") }
            #expect(handled?["player"] == .string(MPVPodcast.busName) && handled?["kind"] == .string("spokenAudio"), "\(String(describing: handled))")
            // Read by an independent reader, during the prompt: paused, and staying where it paused.
            #expect(try rig.podcast.status() == "Paused")
            let pausedAt = try rig.podcast.position()
            let state = try await blocking { try rig.client.call("state.get") }
            let described = state["sources"]?.arrayValue?.first { $0["id"] == .string(rig.source) }
            #expect(described?["handling"] == .string("paused") && described?["player"] == .string(MPVPodcast.busName), "\(state)")
            #expect(described?["muted"] == .bool(false), "paused through its player, not muted")
            try await Task.sleep(for: .milliseconds(1200))
            let stillAt = try rig.podcast.position()
            #expect(abs(stillAt - pausedAt) <= 0.03, "the podcast moved from \(pausedAt) s to \(stillAt) s under the prompt: its words were lost")
            let end = await rig.waitForEnd(of: id)
            #expect(end == "prompt.finished")
            let endedAt = capture.samples().count
            #expect(await rig.waitForHandlings(["paused", "resumed"]))
            // Playing again, from where it paused.
            try await Task.sleep(for: .milliseconds(1000))
            #expect(try rig.podcast.status() == "Playing")
            let resumed = try rig.podcast.position()
            #expect(resumed > pausedAt + 0.3 && resumed < pausedAt + 1.6, "paused at \(pausedAt) s, 1 s after the prompt at \(resumed) s")
            let samples = capture.stop()

            // The capture: the podcast's hum before the prompt and after it, none under it.
            let window = 0.1
            let hum = LevelAnalysis.toneLevels(samples: samples, sampleRate: capture.sampleRate, frequency: Self.pilotHz, windowSeconds: window)
            func median(_ from: Int, _ to: Int) -> Double {
                let a = max(0, Int(Double(from) / Double(capture.sampleRate) / window))
                let b = min(hum.count, Int(Double(to) / Double(capture.sampleRate) / window))
                guard a < b else { return -1 }
                return hum[a..<b].sorted()[(b - a) / 2]
            }
            let before = median(0, beforeRequest)
            let under = median(startedAt + capture.sampleRate / 5, endedAt - capture.sampleRate / 2)
            let after = median(endedAt + capture.sampleRate / 2, samples.count)
            #expect(before > 0.02, "the podcast's hum before the prompt: \(before)")
            #expect(under >= 0 && under < before / 5, "the podcast's hum under the prompt: \(under) (before: \(before))")
            #expect(after > before / 2, "the podcast's hum after the prompt: \(after) (before: \(before))")
            await rig.stop()
        }
    }

    @Test func aPauseTheUserMadeDuringThePromptIsRespected() async throws {
        try await AudioServerLock.shared.withLock {
            let rig = try await Rig.start()
            let id = try await rig.startPrompt("In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left.")
            #expect(await rig.waitForHandlings(["paused"]))
            // The user plays the podcast for a moment (until its position has moved on) and pauses it again.
            let pausedAt = try rig.podcast.position()
            try rig.podcast.press("Play")
            for _ in 0..<60 where try rig.podcast.position() < pausedAt + 0.5 { try await Task.sleep(for: .milliseconds(50)) }
            try rig.podcast.press("Pause")
            let userPausedAt = try rig.podcast.position()
            _ = await rig.waitForEnd(of: id)
            #expect(await rig.waitForHandlings(["paused", "leftPaused"]))
            let left = rig.recorder.events.last { $0["type"] == .string("source.handled") }
            #expect(left?["reason"]?.stringValue?.contains("user") == true, "\(String(describing: left))")
            try await Task.sleep(for: .milliseconds(800))
            #expect(try rig.podcast.status() == "Paused")
            #expect(abs(try rig.podcast.position() - userPausedAt) < 0.05)
            await rig.stop()
        }
    }

    @Test func aPlayerQuittingDuringThePromptEndsNothingElse() async throws {
        try await AudioServerLock.shared.withLock {
            let rig = try await Rig.start()
            let id = try await rig.startPrompt()
            #expect(await rig.waitForHandlings(["paused"]))
            rig.podcast.quit()
            #expect(await rig.waitForEnd(of: id) == "prompt.finished")
            // Its stream is gone, and with it the source; nothing is resumed, and the next prompt plays.
            #expect(await rig.recorder.wait(seconds: 5) { $0.contains { $0["type"] == .string("source.ended") && $0["source"] == .string(rig.source) } })
            #expect(!rig.handlings.contains("resumed"))
            let next = try await blocking { try rig.client.call("prompt.speak", .object(["text": .string("Turn left.")])) }
            #expect(next["result"] == .string("finished"), "\(next)")
            await rig.stop()
        }
    }

    /// voxnavd, the real binary, killed with SIGKILL while it holds the podcast paused: the next
    /// daemon plays it again from its journal, where it was. Killed again while holding it paused,
    /// and the user plays it on a little and pauses it meanwhile: the next daemon leaves it alone.
    @Test func aPlayerAKilledDaemonLeftPausedIsPlayedAgainByTheNextUnlessTheUserMovedIt() async throws {
        try await AudioServerLock.shared.withLock {
            let bus = try PrivateSessionBus()
            defer { bus.stop() }
            let file = try await Self.podcastFile()
            defer { try? FileManager.default.removeItem(at: file) }
            let podcast = try MPVPodcast(file: file, busAddress: bus.address)
            defer { podcast.quit() }
            _ = try await podcast.waitUntilPlaying()
            try await Task.sleep(for: .milliseconds(2000))  // a place in the programme to come back to
            let socket = FileManager.default.temporaryDirectory.appendingPathComponent("voxnavd-\(UUID().uuidString.prefix(8))/voxnav.sock").path
            let journal = (socket as NSString).deletingLastPathComponent + "/journal.json"
            let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
            let long = "In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left."

            /// A daemon that pauses the podcast for a prompt and is killed while it holds it paused.
            func pausedByAKilledDaemon() async throws -> Double {
                let (daemon, client) = try await startDaemon(socket: socket, environment: environment)
                _ = try await blocking { try client.call("prompt.speak", .object(["text": .string(long), "wait": .bool(false)])) }
                let paused = try await poll(seconds: 5) { try podcast.status() == "Paused" ? true : nil }
                #expect(paused == true, "the prompt did not pause the podcast")
                // The journal is written once the player has paused: wait for it, not only for the pause.
                let found = await poll(seconds: 3) { () -> String? in
                    let text = (try? String(contentsOfFile: journal, encoding: .utf8)) ?? ""
                    return text.contains(MPVPodcast.busName) ? text : nil
                }
                let journalled = found ?? ((try? String(contentsOfFile: journal, encoding: .utf8)) ?? "")
                #expect(journalled.contains(MPVPodcast.busName), "the paused player is not in the journal: \(journalled)")
                kill(daemon.processIdentifier, SIGKILL)
                daemon.waitUntilExit()
                try await Task.sleep(for: .milliseconds(800))
                #expect(try podcast.status() == "Paused", "the podcast plays without the daemon: the test shows nothing")
                return try podcast.position()
            }

            // The next daemon plays it again, from where it was paused, as it starts.
            let pausedAt = try await pausedByAKilledDaemon()
            let (second, _) = try await startDaemon(socket: socket, environment: environment)
            let playing = try await poll(seconds: 3) { try podcast.status() == "Playing" ? true : nil }
            let status = try podcast.status()
            #expect(playing == true, "the next daemon left the podcast \(status)")
            let playedFrom = try podcast.position()
            #expect(playedFrom >= pausedAt - 0.05 && playedFrom < pausedAt + 3.5, "paused at \(pausedAt) s, played again at \(playedFrom) s")
            kill(second.processIdentifier, SIGTERM)
            second.waitUntilExit()

            // Paused by a killed daemon again; the user plays it on and pauses it before the next daemon.
            let pausedAgainAt = try await pausedByAKilledDaemon()
            try podcast.press("Play")
            for _ in 0..<60 where try podcast.position() < pausedAgainAt + 0.6 { try await Task.sleep(for: .milliseconds(50)) }
            try podcast.press("Pause")
            try await Task.sleep(for: .milliseconds(200))
            let userPausedAt = try podcast.position()
            let (third, _) = try await startDaemon(socket: socket, environment: environment)
            try await Task.sleep(for: .milliseconds(1000))
            #expect(try podcast.status() == "Paused", "the user's own pause was overridden")
            #expect(abs(try podcast.position() - userPausedAt) < 0.05)
            #expect(!FileManager.default.fileExists(atPath: journal), "the journal should be gone once taken over")
            kill(third.processIdentifier, SIGTERM)
            third.waitUntilExit()

            // A record ages: paused by a killed daemon an hour before the next one starts (the journal's
            // time moved back an hour), the podcast is left paused, as the user has long moved on.
            try podcast.press("Play")
            _ = try await podcast.waitUntilPlaying()
            _ = try await pausedByAKilledDaemon()
            let text = try String(contentsOfFile: journal, encoding: .utf8)
            var root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var records = try #require(root["players"] as? [[String: Any]])
            let time = try #require(records.first?["time"] as? Double, "the record carries no time: \(text)")
            #expect(records.first?["processID"] is Int, "the record carries no process: \(text)")
            records[0]["time"] = time - 3600
            root["players"] = records
            try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: journal))
            let (fourth, _) = try await startDaemon(socket: socket, environment: environment)
            try await Task.sleep(for: .milliseconds(1500))
            #expect(try podcast.status() == "Paused", "a pause an hour old was played again")
            kill(fourth.processIdentifier, SIGTERM)
            fourth.waitUntilExit()
        }
    }

    @Test func withoutASessionBusThePodcastIsMutedAndUnmuted() async throws {
        try await AudioServerLock.shared.withLock {
            let rig = try await Rig.start(withBus: false)
            let id = try await rig.startPrompt()
            #expect(await rig.waitForHandlings(["muted"]))
            let index = try #require(Int(rig.source.dropFirst(3)))
            #expect(try PulseProbe.sinkInputs().first { $0.index == index }?.muted == true)
            let state = try await blocking { try rig.client.call("state.get") }
            #expect(state["sources"]?.arrayValue?.first { $0["id"] == .string(rig.source) }?["handling"] == .string("muted"), "\(state)")
            #expect(await rig.waitForEnd(of: id) == "prompt.finished")
            #expect(await rig.waitForHandlings(["muted", "unmuted"]))
            #expect(try PulseProbe.sinkInputs().first { $0.index == index }?.muted == false)
            await rig.stop()
        }
    }
}
