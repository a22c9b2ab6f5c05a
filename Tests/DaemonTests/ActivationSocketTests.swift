import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// The activation window and the interruptions of a client's session, against the real voxnavd over
/// its socket: what the sessions did read from the events, what the radio did read back from the
/// server with `pactl`, what was heard read from `car.monitor` (the sources play on `cabin`).
@Suite struct ActivationSocketTests {
    /// `client` configures the prompt session CarPlay asks for (voicePrompt, duckOthers,
    /// interruptSpokenAudioAndMixWithOthers) and activates it, with no prompt.
    static func activatePromptSession(of client: RPCClient) async throws {
        _ = try await blocking {
            _ = try client.call(
                "session.configure",
                .object([
                    "category": .string("playback"), "mode": .string("voicePrompt"),
                    "options": .array([.string("duckOthers"), .string("interruptSpokenAudioAndMixWithOthers")]),
                ]))
            return try client.call("session.setActive", .object(["active": .bool(true)]))
        }
    }

    /// CarPlay: the session may stay active when prompts follow in quick succession, the music
    /// ducked meanwhile. Two prompts queued back to back play under one activation: the radio is
    /// never back at its own volume between them, and is, exactly, after the second.
    @Test func promptsInQuickSuccessionShareOneActivationAndTheRadioStaysDucked() async throws {
        try await RealDaemon.withCabin { daemon in
            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "session"])
            let watched = try await daemon.watchedRadio()
            let (radio, capture) = (watched.radio, watched.capture)

            let ids = try await blocking {
                try ["Turn left onto Main Street.", "Then keep right."].map { text in
                    try daemon.client.call("prompt.speak", .object(["text": .string(text), "wait": .bool(false)]))["id"]?.stringValue ?? ""
                }
            }
            let ended = await events.wait(seconds: 15) { _ in ids.allSatisfy { events.types(ofPrompt: $0).last == "prompt.finished" } }
            #expect(ended, "\(events.events)")
            let (restored, readings, heard) = try await watched.settle()

            let sessions = events.events.compactMap { $0["type"]?.stringValue }.filter { $0.hasPrefix("session.") }
            #expect(sessions == ["session.activated", "session.deactivated"], "one activation for both prompts: \(events.events)")
            // Ducked from the first reading below its own volume to the last one: never back up in between.
            let ducked = readings.indices.filter { readings[$0].volumes.max()! < radio.volumes.max()! }
            if let first = ducked.first, let last = ducked.last {
                #expect(ducked.count == last - first + 1, "the radio came back up between the prompts: \(readings.map(\.volumes))")
            } else {
                Issue.record("the radio was never ducked: \(readings.map(\.volumes))")
            }
            #expect(restored?.volumes == radio.volumes && restored?.corked == false, "\(String(describing: restored))")
            // Both were heard: two stretches of speech with a gap under a second between them.
            let levels = LevelAnalysis(samples: heard, sampleRate: capture.sampleRate)
            #expect(levels.duration(above: 0.003) > 1, "\(levels.duration(above: 0.003)) s heard")
        }
    }

    /// CarPlay: never hold the session active without audio, and activating at launch is a
    /// violation. A client activates its session and plays nothing: it ducks the radio, and at the
    /// idle cap (2 s) voxnavd deactivates it (`idleCap`), audits `activationLongBeforeAudio` "at
    /// launch", and the radio is back at its exact volume. Nothing is heard meanwhile.
    @Test func aSessionHeldWithoutAudioIsLetGoAtTheIdleCapAndTheRadioComesBack() async throws {
        try await RealDaemon.withCabin { daemon in
            let holder = try daemon.connect()
            let events = try EventRecorder(socketPath: daemon.socket, types: ["session", "audit"])
            _ = try await blocking { try daemon.client.call("source.start", .object(["kind": .string("fmRadio")])) }
            let radio = try #require(try await PulseProbe.settled("Car FM Radio (simulated)"))
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)

            let clock = ContinuousClock()
            let activated = clock.now
            try await Self.activatePromptSession(of: holder)
            let ducked = try await poll(seconds: 2) { () -> [Int]? in
                let now = try PulseProbe.sinkInputs().first { $0.index == radio.index }?.volumes ?? []
                return now.max().map { $0 < radio.volumes.max()! } == true ? now : nil
            }
            #expect(ducked != nil, "the holder's session did not duck the radio")
            let letGo = await events.wait(seconds: 5) { all in all.contains { $0["type"] == .string("session.deactivated") } }
            let after = (clock.now - activated) / .seconds(1)
            let deactivated = events.events.first { $0["type"] == .string("session.deactivated") }
            #expect(letGo && deactivated?["reason"] == .string("idleCap"), "\(events.events)")
            #expect(after > 1.8 && after < 3.5, "let go \(after) s after the activation; the cap is 2 s")
            let restored = try await PulseProbe.settled("Car FM Radio (simulated)", volumes: radio.volumes)
            #expect(restored?.volumes == radio.volumes && restored?.corked == false, "\(String(describing: restored))")

            let audit = try await blocking { try holder.call("audit.get") }
            let violations = audit["violations"]?.arrayValue ?? []
            let launch = violations.first { $0["rule"] == .string("activationLongBeforeAudio") }
            #expect(launch?["detail"]?.stringValue?.contains("at launch") == true, "\(audit)")
            let peak = capture.stop().map { abs(Int($0)) }.max() ?? 0
            #expect(peak <= 60, "sound on car.monitor from a session without a prompt (peak \(peak))")
        }
    }

    /// CarPlay: activating too early is a guideline violation. Under a policy whose idle cap (5 s) lets
    /// a session wait longer than the built-in 2 s, a client activates its prompt session, and its
    /// prompt's audio comes 3 s later: the prompt plays (heard on `car.monitor`), and the activation
    /// is audited `activationLongBeforeAudio`, "activated 3… s before its audio" (the limit is 2 s,
    /// `ActivationWindow.earlyActivationLimit`). A prompt whose session activates with its audio is not.
    @Test func anActivationLongBeforeItsAudioIsAuditedUnderALongerIdleCap() async throws {
        let policy = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-idle-cap-\(UUID().uuidString.prefix(8)).yaml").path
        try "activation:\n  idleCap: 5\n".write(toFile: policy, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: policy) }
        try await RealDaemon.withCabin(arguments: ["--policy", policy]) { daemon in
            let early = try daemon.connect()
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            try await Self.activatePromptSession(of: early)
            try await Task.sleep(for: .seconds(3))
            let spoken = try await blocking { try early.call("prompt.speak", .object(["text": .string("Turn left onto Main Street.")])) }
            #expect(spoken["result"] == .string("finished"), "\(spoken)")
            // A prompt of another client, whose session activates with its audio: not audited.
            let onTime = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string("Then keep right.")])) }
            #expect(onTime["result"] == .string("finished"), "\(onTime)")
            let heard = capture.stop()
            let audit = try await blocking { try early.call("audit.get") }
            let violations = (audit["violations"]?.arrayValue ?? []).filter { $0["rule"] == .string("activationLongBeforeAudio") }
            #expect(violations.count == 1, "\(audit)")
            let detail = violations.first?["detail"]?.stringValue ?? ""
            let seconds = detail.split(separator: " ").compactMap { Double($0) }.first ?? 0
            #expect(detail.hasPrefix("activated ") && detail.hasSuffix(" s before its audio") && seconds >= 2.9 && seconds < 4.5, "\(detail)")
            let levels = LevelAnalysis(samples: heard, sampleRate: capture.sampleRate)
            #expect(levels.duration(above: 0.003) > 1, "the prompts were heard for \(levels.duration(above: 0.003)) s")
        }
    }

    /// CarPlay: an interrupted session is told the interruption began, and that it ended, with a
    /// hint whether to resume. A client's mixing playback session is paused by a call
    /// (`interruption.began`), and resumed when it ends (`interruption.ended`, `shouldResume`).
    @Test func aClientsSessionIsToldWhenACallInterruptsItAndWhenItMayResume() async throws {
        try await RealDaemon.withCabin { daemon in
            let player = try daemon.connect()
            let events = try EventRecorder(socketPath: daemon.socket, types: ["interruption", "session"])
            _ = try await blocking {
                _ = try player.call("session.configure", .object(["category": .string("playback"), "options": .array([.string("mixWithOthers")])]))
                return try player.call("session.setActive", .object(["active": .bool(true)]))
            }
            let client = try #require(await Self.activatedClient(events))
            _ = try await blocking { try daemon.client.call("source.start", .object(["kind": .string("phoneCall")])) }
            let began = await events.wait(seconds: 3) { all in all.contains { $0["type"] == .string("interruption.began") } }
            #expect(began, "\(events.events)")
            _ = try await blocking { try daemon.client.call("source.stop", .object(["kind": .string("phoneCall")])) }
            let ended = await events.wait(seconds: 3) { all in all.contains { $0["type"] == .string("interruption.ended") } }
            #expect(ended, "\(events.events)")
            let interruptions = events.events.filter { $0["type"]?.stringValue?.hasPrefix("interruption.") == true }
            #expect(interruptions.map { $0["client"] } == [.string(client), .string(client)], "\(interruptions)")
            #expect(interruptions.last?["shouldResume"] == .bool(true), "\(interruptions)")
            _ = try await blocking { try player.call("session.setActive", .object(["active": .bool(false)])) }
        }
    }

    /// CarPlay: deactivate with notify-others so that other audio resumes. A client's session that
    /// interrupts spoken audio pauses the podcast (corked in the server); let go with notify, the
    /// podcast plays again; let go without, it is told not to resume and stays stopped, and the
    /// deactivation is audited `deactivatedWithoutNotify`.
    @Test(arguments: [true, false])
    func aPodcastResumesOnlyWhenTheSessionThatPausedItNotifies(notify: Bool) async throws {
        try await RealDaemon.withCabin { daemon in
            let app = try daemon.connect()
            let events = try EventRecorder(socketPath: daemon.socket, types: ["source"])
            _ = try await blocking { try daemon.client.call("source.start", .object(["kind": .string("spokenAudio")])) }
            let podcast = try #require(try await PulseProbe.settled("Podcast Player (simulated)"))
            _ = try await blocking {
                _ = try app.call(
                    "session.configure", .object(["category": .string("playback"), "options": .array([.string("interruptSpokenAudioAndMixWithOthers")])]))
                return try app.call("session.setActive", .object(["active": .bool(true)]))
            }
            let paused = try await poll(seconds: 2) { try PulseProbe.sinkInputs().first { $0.index == podcast.index }?.corked == true ? true : nil }
            #expect(paused == true, "the session did not pause the podcast")
            _ = try await blocking { try app.call("session.setActive", .object(["active": .bool(false), "notifyOthers": .bool(notify)])) }
            try await Task.sleep(for: .milliseconds(600))

            let after = try PulseProbe.sinkInputs().first { $0.index == podcast.index }
            let audit = try await blocking { try app.call("audit.get") }
            let rules = (audit["violations"]?.arrayValue ?? []).compactMap { $0["rule"]?.stringValue }
            let types = events.events.compactMap { $0["type"]?.stringValue }
            if notify {
                #expect(after?.corked == false && after?.volumes == podcast.volumes, "resumed at its volume: \(String(describing: after))")
                #expect(types.contains("source.resumed") && !types.contains("source.stopped"), "\(types)")
                #expect(!rules.contains("deactivatedWithoutNotify"), "\(rules)")
            } else {
                #expect(after == nil || after?.corked == true, "the podcast plays on after a deactivation without notify: \(String(describing: after))")
                #expect(types.contains("source.stopped") && !types.contains("source.resumed"), "\(types)")
                #expect(rules.contains("deactivatedWithoutNotify"), "\(rules)")
            }
        }
    }

    /// The client named by the first `session.activated`.
    private static func activatedClient(_ events: EventRecorder) async -> String? {
        _ = await events.wait(seconds: 3) { all in all.contains { $0["type"] == .string("session.activated") } }
        return events.events.first { $0["type"] == .string("session.activated") }?["client"]?.stringValue
    }
}
