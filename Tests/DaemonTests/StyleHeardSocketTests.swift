import AudioTestSupport
import Foundation
import RPC
import Testing

/// The prompt styles as they are heard, against the real voxnavd over its socket. The simulated
/// sources play into a sink of their own (`voxnavd --sources-sink cabin`), so `car.monitor` carries
/// the prompts alone, and what the sources did is read back from the server with `pactl` (volume and
/// cork state, every ~30 ms, to the prompt's last sample and after it).
@Suite struct StyleHeardSocketTests {
    static let instruction = "In 300 meters, turn right onto Solar Circle, then keep left."
    /// The earcon's first note: the tone is told from speech by it and by its length (0.48 s).
    static let earconHz = 1318.5

    /// What one instruction spoken over a source did: the reply, the source's stream before it, its
    /// readings from before the prompt to after its end, and the capture of `car.monitor`.
    struct Over {
        let outcome: JSONValue
        let before: PulseProbe.SinkInput
        let readings: [VolumeWatcher.Reading]
        let heard: [Int16]
        let sampleRate: Int
    }

    /// Starts `source` (from another client), then speaks the instruction over it, watching the
    /// source's stream (`application`) and recording `car.monitor`; `after` runs once the reply is in,
    /// with the stream as it was before, and the watching ends after it.
    static func speak(
        over source: JSONValue, application: String, on daemon: RealDaemon, after: @Sendable (PulseProbe.SinkInput) async throws -> Void
    ) async throws -> Over {
        let other = try daemon.connect()
        _ = try await blocking { try other.call("source.start", source) }
        let before = try #require(try await PulseProbe.settled(application), "the stream of \(application)")
        let watcher = VolumeWatcher { try PulseProbe.sinkInputs().first { $0.index == before.index } }
        let capture = try MonitorCapture(sampleRate: 16000)
        try await capture.waitForAudio(seconds: 0.2)
        let outcome = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string(instruction)])) }
        try await after(before)
        return Over(outcome: outcome, before: before, readings: await watcher.stop(), heard: capture.stop(), sampleRate: capture.sampleRate)
    }

    /// CarPlay: style `short` while the assistant speaks, mixed with its reply. The prompt is the
    /// earcon, and the assistant's stream is at its own volume and playing at every reading, up to
    /// the tone's last sample and after it.
    @Test func whileTheAssistantSpeaksAPromptIsTheToneMixedWithItsReply() async throws {
        try await RealDaemon.withCabin { daemon in
            let over = try await Self.speak(
                over: .object(["kind": .string("voiceAssistant"), "activity": .string("speaking")]), application: "Voice Assistant (simulated)",
                on: daemon, after: { _ in try await Task.sleep(for: .milliseconds(400)) })
            let (outcome, before, readings, heard) = (over.outcome, over.before, over.readings, over.heard)

            #expect(outcome["result"] == .string("finished") && outcome["style"] == .string("short"), "\(outcome)")
            #expect(outcome["ducked"]?.arrayValue?.isEmpty != false, "nothing is ducked: \(outcome)")
            #expect(readings.count > 5, "\(readings.count) readings")
            let changed = readings.filter { $0.volumes != before.volumes || $0.corked }
            #expect(changed.isEmpty, "the assistant at its own \(before.volumes), playing, throughout: \(changed.prefix(5))")
            let sound = LevelAnalysis(samples: heard, sampleRate: over.sampleRate).span(above: 0.003)
            #expect(sound > 0.2 && sound < 0.7, "the earcon lasts 0.48 s; heard for \(sound) s")
            let tone = LevelAnalysis.toneLevels(samples: heard, sampleRate: over.sampleRate, frequency: Self.earconHz)
            #expect(tone.contains { $0 > 0.01 }, "no earcon note in the capture")
        }
    }

    /// The default table: chimes duck music but never speech, and a prompt ducks no chime. A chime
    /// rung mid-prompt plays at the volume it has alone, at every reading until it ends; the prompt
    /// plays on to its end, uncut and whole.
    @Test func aChimeRungMidPromptIsNotDuckedAndThePromptGoesOn() async throws {
        try await RealDaemon.withCabin { daemon in
            let other = try daemon.connect()
            let chime = JSONValue.object(["kind": .string("vehicleChime")])
            let application = "Vehicle Chime (simulated)"
            // Alone first: the volume it plays at.
            let aloneWatcher = VolumeWatcher { try PulseProbe.sinkInput(application: application) }
            _ = try await blocking { try other.call("source.start", chime) }
            try await Task.sleep(for: .milliseconds(1500))
            let alone = await aloneWatcher.stop()
            // Its volume once settled (a new stream may be seen at another volume as it is set up).
            let own = try #require(alone.last?.volumes, "the chime's stream was never seen")

            let events = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            let queued = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string(Self.instruction), "wait": .bool(false)])) }
            let id = try #require(queued["id"]?.stringValue)
            #expect(await events.wait(seconds: 10) { _ in events.types(ofPrompt: id).contains("prompt.started") }, "\(events.events)")
            try await Task.sleep(for: .milliseconds(500))
            let watcher = VolumeWatcher { try PulseProbe.sinkInput(application: application) }
            _ = try await blocking { try other.call("source.start", chime) }
            #expect(await events.wait(seconds: 10) { _ in events.types(ofPrompt: id).last == "prompt.finished" }, "\(events.events)")
            let readings = await watcher.stop()
            let heard = capture.stop()

            // From its first reading playing on (a new stream may be seen corked before it starts), to
            // its end: played out (0.8 s), its stream is corked again a moment before it closes
            // (`PlaybackStream.play`), which a reading may catch. A cork in its first 0.5 s is not that.
            var playing = readings.drop { $0.corked }
            if let first = playing.first {
                while let last = playing.last, last.corked, last.ms - first.ms >= 500 { playing.removeLast() }
            }
            #expect(!playing.isEmpty, "the chime was never seen playing during the prompt: \(readings)")
            let changed = playing.filter { $0.volumes != own || $0.corked }
            #expect(changed.isEmpty, "the chime at its own \(own) (alone: \(alone.map(\.volumes))), playing, throughout: \(changed.prefix(5))")
            let finished = events.events.first { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.finished") }
            let duration = try #require(finished?["duration"]?.doubleValue)
            let sound = LevelAnalysis(samples: heard, sampleRate: capture.sampleRate).span(above: 0.003)
            #expect(sound > duration - 0.4, "the prompt heard for \(sound) s of its \(duration) s")
        }
    }

    /// CarPlay: style `short` during voicemail playback; the voicemail is spoken audio, paused under
    /// the tone (still paused at its last sample) and played again after it.
    @Test func overAVoicemailThePromptIsTheToneAndTheVoicemailWaits() async throws {
        try await RealDaemon.withCabin { daemon in
            let voicemail = "Phone Voicemail (simulated)"
            let over = try await Self.speak(
                over: .object(["kind": .string("spokenAudio"), "activity": .string("voicemail")]), application: voicemail, on: daemon,
                after: { _ = try await PulseProbe.settled(voicemail, volumes: $0.volumes) })
            let (outcome, before, readings, heard) = (over.outcome, over.before, over.readings, over.heard)
            let resumed = try await PulseProbe.settled(voicemail, volumes: before.volumes)

            #expect(outcome["style"] == .string("short"), "\(outcome)")
            #expect(outcome["result"] == .string("finished"), "\(outcome)")
            let duration = try #require(outcome["audioDuration"]?.doubleValue)
            #expect(duration > 0.3 && duration < 0.7, "an earcon of \(duration) s")
            // Paused before the tone's first sample and still at its last: corked over at least the
            // tone's length, less one reading's gap at each end; one stretch, never let go in between.
            let corked = readings.indices.filter { readings[$0].corked }
            #expect(!corked.isEmpty, "the voicemail was never paused: \(readings.map(\.corked))")
            if let first = corked.first, let last = corked.last {
                let span = readings[last].ms - readings[first].ms
                #expect(span >= duration * 1000 - 100, "paused for \(span) ms of a \(Int(duration * 1000)) ms tone")
                #expect(corked.count == last - first + 1, "let go mid-tone: \(readings.map(\.corked))")
            }
            #expect(resumed?.corked == false && resumed?.volumes == before.volumes, "after: \(String(describing: resumed)), before \(before)")
            let tone = LevelAnalysis.toneLevels(samples: heard, sampleRate: over.sampleRate, frequency: Self.earconHz)
            #expect(tone.contains { $0 > 0.01 }, "no earcon note on car.monitor")
            #expect(LevelAnalysis(samples: heard, sampleRate: over.sampleRate).span(above: 0.003) < 0.7)
        }
    }

    /// CarPlay: recording is not supported in the car, and while another session uses the microphone
    /// no prompt plays. Another client's record session pauses the car's audio, the radio or the
    /// podcast (corked in the server); the first client's prompt is skipped with the rule and nothing
    /// reaches `car.monitor`; once the recording stops, it plays again at its own volume.
    @Test(arguments: [("fmRadio", "Car FM Radio (simulated)"), ("spokenAudio", "Podcast Player (simulated)")])
    func whileAnotherClientRecordsNothingIsHeardAndTheCarsAudioWaits(source: (kind: String, application: String)) async throws {
        try await RealDaemon.withCabin { daemon in
            let other = try daemon.connect()
            let recorder = try daemon.connect()
            _ = try await blocking { try other.call("source.start", .object(["kind": .string(source.kind)])) }
            let stream = try #require(try await PulseProbe.settled(source.application))

            _ = try await blocking {
                _ = try recorder.call("session.configure", .object(["category": .string("record")]))
                return try recorder.call("session.setActive", .object(["active": .bool(true)]))
            }
            let paused = try await poll(seconds: 3) { () -> Bool? in
                let inputs = try PulseProbe.sinkInputs()
                return inputs.contains { $0.index == stream.index && $0.corked } ? true : nil
            }
            let inputs = try PulseProbe.sinkInputs()
            #expect(paused == true, "\(source.kind) is paused while another client records: \(inputs)")

            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            let outcome = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string(Self.instruction)])) }
            try await Task.sleep(for: .milliseconds(300))
            let heard = capture.stop()
            #expect(outcome["result"] == .string("skipped"), "\(outcome)")
            #expect(outcome["reason"] == .string("prompt style none: otherSessionRecording"), "\(outcome)")
            let peak = heard.map { abs(Int($0)) }.max() ?? 0
            #expect(peak <= 60, "sound on car.monitor while another client records (peak \(peak))")

            _ = try await blocking { try recorder.call("session.setActive", .object(["active": .bool(false)])) }
            let after = try await PulseProbe.settled(source.application, volumes: stream.volumes)
            #expect(after?.corked == false && after?.volumes == stream.volumes, "\(String(describing: after))")
        }
    }
}
