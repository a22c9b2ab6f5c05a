import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// The policy holds while a prompt plays, against the real voxnavd over its socket, heard on
/// `car.monitor`: a long text prompt speaks over the FM radio, 1.2 s in a second client (or the
/// prompt's own, for its voice-guidance level) changes the situation, and from 100 ms after the
/// change no sound of the prompt reaches the car. The simulated sources play into a sink of their own
/// (`voxnavd --sources-sink`), so that what `car.monitor` hears is the prompt alone. The prompt ends
/// `prompt.interrupted` with the rule, is not said again (text), and the radio it ducked is back at its
/// own volume once the change is undone.
@Suite struct PromptInFlightTests {
    /// One change made mid-prompt: how to make it, how to undo it, and the rule the cut must name.
    struct Change: CustomTestStringConvertible, Sendable {
        let name: String
        let rule: String
        let make: @Sendable (_ prompt: RPCClient, _ other: RPCClient) throws -> Void
        let undo: @Sendable (_ prompt: RPCClient, _ other: RPCClient) throws -> Void
        var testDescription: String { name }
    }

    static func source(_ kind: String, _ activity: String? = nil) -> (
        @Sendable (RPCClient, RPCClient) throws -> Void, @Sendable (RPCClient, RPCClient) throws -> Void
    ) {
        var params: [String: JSONValue] = ["kind": .string(kind)]
        if let activity { params["activity"] = .string(activity) }
        let start = JSONValue.object(params)
        return (
            { _, other in _ = try other.call("source.start", start) },
            { _, other in _ = try other.call("source.stop", .object(["kind": .string(kind)])) }
        )
    }

    static let changes: [Change] = [
        Change(
            name: "the assistant starts listening", rule: "assistantListening", make: source("voiceAssistant", "listening").0, undo: source("voiceAssistant").1),
        Change(
            name: "another client shows its voice-control template", rule: "voiceControlShown",
            make: { _, other in _ = try other.call("session.voiceControl", .object(["shown": .bool(true)])) },
            undo: { _, other in _ = try other.call("session.voiceControl", .object(["shown": .bool(false)])) }),
        Change(
            name: "another client activates a record session", rule: "recording",
            make: { _, other in
                _ = try other.call("session.configure", .object(["category": .string("playAndRecord")]))
                _ = try other.call("session.setActive", .object(["active": .bool(true)]))
            },
            undo: { _, other in _ = try other.call("session.setActive", .object(["active": .bool(false)])) }),
        Change(
            name: "the user turns voice guidance off", rule: "voiceGuidanceOff",
            make: { prompt, _ in _ = try prompt.call("session.voiceGuidance", .object(["level": .string("off")])) },
            undo: { prompt, _ in _ = try prompt.call("session.voiceGuidance", .object(["level": .string("all")])) }),
        Change(name: "a call starts", rule: "call", make: source("phoneCall").0, undo: source("phoneCall").1),
        Change(
            name: "the assistant starts speaking", rule: "assistantSpeaking", make: source("voiceAssistant", "speaking").0, undo: source("voiceAssistant").1),
        Change(name: "the car's own navigation starts", rule: "nativeNavigation", make: source("nativeNavigation").0, undo: source("nativeNavigation").1),
    ]

    @Test(arguments: changes)
    func nothingOfThePromptIsHeardFromATenthOfASecondAfterTheChange(change: Change) async throws {
        try await RealDaemon.withCabin { daemon in try await trial(change, on: daemon) }
    }

    private func trial(_ change: Change, on daemon: RealDaemon) async throws {
        let prompt = daemon.client
        let other = try daemon.connect()
        let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
        let capture = try MonitorCapture(sampleRate: 16000)
        try await capture.waitForAudio(seconds: 0.2)
        _ = try await blocking { try other.call("source.start", .object(["kind": .string("fmRadio")])) }
        let radioBefore = try #require(try await PulseProbe.settled("Car FM Radio (simulated)"), "the radio's stream")

        let queued = try await blocking {
            try prompt.call("prompt.speak", .object(["text": .string(PreemptionSocketTests.low), "wait": .bool(false)]))
        }
        let id = try #require(queued["id"]?.stringValue)
        #expect(await recorder.wait(seconds: 10) { _ in recorder.types(ofPrompt: id).contains("prompt.started") }, "\(recorder.events)")
        try await Task.sleep(for: .milliseconds(1200))
        let changedAt = capture.samples().count
        try await blocking { try change.make(prompt, other) }

        #expect(await recorder.wait(seconds: 5) { _ in recorder.types(ofPrompt: id).last == "prompt.interrupted" }, "\(recorder.events)")
        let interrupted = recorder.events.first { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.interrupted") }
        #expect(interrupted?["cut"] == .string(change.rule), "\(String(describing: interrupted))")
        #expect(interrupted?["reason"]?.stringValue?.hasSuffix("not said again") == true, "\(String(describing: interrupted))")
        try await Task.sleep(for: .milliseconds(500))
        let samples = capture.stop()

        // Heard before the change; nothing from 100 ms after it.
        let rate = capture.sampleRate
        let before = samples[max(0, changedAt - rate / 2)..<min(changedAt, samples.count)].map { abs(Int($0)) }.max() ?? 0
        #expect(before > 1000, "the prompt was not heard before the change (peak \(before))")
        let from = min(samples.count, changedAt + rate / 10)
        let after = samples[from...]
        let loud = after.indices.filter { abs(Int(samples[$0])) > Self.quiet }
        let heardFor = Double((loud.last ?? from) - from) / Double(rate)
        #expect(
            loud.isEmpty,
            "\(change.name): sound of the prompt on car.monitor for \(String(format: "%.2f", heardFor)) s after the first 100 ms (peak \(after.map { abs(Int($0)) }.max() ?? 0))"
        )
        let lastLoud = samples[changedAt..<samples.count].indices.last { abs(Int(samples[$0])) > Self.quiet } ?? changedAt
        print("\(change.name): last sound of the prompt \(Int(Double(lastLoud - changedAt) * 1000 / Double(rate))) ms after the change")

        // Undone: the radio is back at its own volume, playing; the text is not said again.
        try await blocking { try change.undo(prompt, other) }
        let radioAfter = try await PulseProbe.settled("Car FM Radio (simulated)", volumes: radioBefore.volumes)
        #expect(radioAfter?.volumes == radioBefore.volumes && radioAfter?.corked == false, "radio \(String(describing: radioAfter)), before \(radioBefore)")
        #expect(recorder.events.filter { $0["type"] == .string("prompt.queued") }.count == 1, "\(recorder.events)")
    }

    /// Above this, a sample on the null sink's monitor is sound (speech peaks at thousands).
    static let quiet = 60
}
