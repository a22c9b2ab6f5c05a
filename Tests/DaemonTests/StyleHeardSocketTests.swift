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

    /// A source that plays on while a prompt plays: the style the prompt takes, and whether it sounds
    /// as the earcon.
    struct Company: CustomTestStringConvertible, Sendable {
        let name: String
        let kind: String
        let activity: String?
        let application: String
        let style: String
        var testDescription: String { name }
    }

    static let companies: [Company] = [
        Company(
            name: "the assistant speaking: the tone, mixed with its reply", kind: "voiceAssistant", activity: "speaking",
            application: "Voice Assistant (simulated)", style: "short"),
        Company(
            name: "a vehicle chime: speech, mixed with it", kind: "vehicleChime", activity: nil, application: "Vehicle Chime (simulated)",
            style: "normal"),
    ]

    /// CarPlay: style `short` while the assistant speaks, mixed with its reply; chimes never duck
    /// speech, nor speech chimes. The source is untouched at every reading, up to the prompt's last
    /// sample and after it.
    @Test(arguments: companies)
    func aPromptMixesWithWhatPlaysOn(company: Company) async throws {
        try await RealDaemon.withCabin { daemon in
            let other = try daemon.connect()
            var params: [String: JSONValue] = ["kind": .string(company.kind)]
            if let activity = company.activity { params["activity"] = .string(activity) }
            let start = JSONValue.object(params)
            _ = try await blocking { try other.call("source.start", start) }
            let before = try #require(try await PulseProbe.settled(company.application), "the source's stream")
            let watcher = VolumeWatcher { try PulseProbe.sinkInputs().first { $0.index == before.index } }
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)

            let outcome = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string(Self.instruction)])) }
            try await Task.sleep(for: .milliseconds(400))
            let readings = await watcher.stop()
            let heard = capture.stop()

            #expect(outcome["result"] == .string("finished"), "\(outcome)")
            #expect(outcome["style"] == .string(company.style), "\(outcome)")
            #expect(outcome["ducked"]?.arrayValue?.isEmpty != false, "nothing is ducked: \(outcome)")
            #expect(readings.count > 10, "\(readings.count) readings")
            let changed = readings.filter { $0.volumes != before.volumes || $0.corked }
            #expect(changed.isEmpty, "\(company.kind) at its own \(before.volumes), playing, throughout: \(changed.prefix(5))")

            let sound = LevelAnalysis(samples: heard, sampleRate: capture.sampleRate).span(above: 0.003)
            if company.style == "short" {
                let tone = LevelAnalysis.toneLevels(samples: heard, sampleRate: capture.sampleRate, frequency: Self.earconHz)
                let toned = Double(tone.filter { $0 > 0.01 }.count) * 0.05
                #expect(sound > 0.2 && sound < 0.7, "the earcon lasts 0.48 s; heard for \(sound) s")
                #expect(toned > 0.1, "no earcon note in the capture (\(toned) s of it)")
            } else {
                #expect(sound > 2, "the instruction is spoken, not the 0.48 s earcon; heard for \(sound) s")
            }
        }
    }

    /// CarPlay: style `short` during voicemail playback; the voicemail is spoken audio, paused under
    /// the tone (still paused at its last sample) and played again after it.
    @Test func overAVoicemailThePromptIsTheToneAndTheVoicemailWaits() async throws {
        try await RealDaemon.withCabin { daemon in
            let other = try daemon.connect()
            _ = try await blocking { try other.call("source.start", .object(["kind": .string("spokenAudio"), "activity": .string("voicemail")])) }
            let before = try #require(try await PulseProbe.settled("Phone Voicemail (simulated)"), "the voicemail's stream")
            let watcher = VolumeWatcher { try PulseProbe.sinkInputs().first { $0.index == before.index } }
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)

            let outcome = try await blocking { try daemon.client.call("prompt.speak", .object(["text": .string(Self.instruction)])) }
            let resumed = try await PulseProbe.settled("Phone Voicemail (simulated)", volumes: before.volumes)
            let readings = await watcher.stop()
            let heard = capture.stop()

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
            let tone = LevelAnalysis.toneLevels(samples: heard, sampleRate: capture.sampleRate, frequency: Self.earconHz)
            #expect(tone.contains { $0 > 0.01 }, "no earcon note on car.monitor")
            #expect(LevelAnalysis(samples: heard, sampleRate: capture.sampleRate).span(above: 0.003) < 0.7)
        }
    }

    /// CarPlay: recording is not supported in the car, and while another session uses the microphone
    /// no prompt plays. Another client's record session pauses the radio (corked in the server); the
    /// first client's prompt is skipped with the rule and nothing reaches `car.monitor`; once the
    /// recording stops, the radio plays again at its own volume.
    @Test func whileAnotherClientRecordsNothingIsHeardAndTheCarsAudioWaits() async throws {
        try await RealDaemon.withCabin { daemon in
            let other = try daemon.connect()
            let recorder = try daemon.connect()
            _ = try await blocking { try other.call("source.start", .object(["kind": .string("fmRadio")])) }
            let radio = try #require(try await PulseProbe.settled("Car FM Radio (simulated)"))

            _ = try await blocking {
                _ = try recorder.call("session.configure", .object(["category": .string("record")]))
                return try recorder.call("session.setActive", .object(["active": .bool(true)]))
            }
            let paused = try await poll(seconds: 3) { () -> Bool? in
                let inputs = try PulseProbe.sinkInputs()
                return inputs.contains { $0.index == radio.index && $0.corked } ? true : nil
            }
            let inputs = try PulseProbe.sinkInputs()
            #expect(paused == true, "the radio is paused while another client records: \(inputs)")

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
            let radioAfter = try await PulseProbe.settled("Car FM Radio (simulated)", volumes: radio.volumes)
            #expect(radioAfter?.corked == false && radioAfter?.volumes == radio.volumes, "\(String(describing: radioAfter))")
        }
    }
}
