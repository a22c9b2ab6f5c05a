import AudioTestSupport
import Foundation
import RPC
import Testing

/// A call that starts while a guidance prompt speaks, against the real voxnavd: the prompt is cut
/// within 100 ms (the preemption fade), ends `interrupted` and is not queued again; when the call
/// ends, one prompt says the maneuver as it is then. Read back from the daemon's events.
@Suite struct CallCutSocketTests {
    private func event(_ events: [JSONValue], _ type: String, prompt: String? = nil) -> JSONValue? {
        events.first { event in event["type"] == .string(type) && (prompt.map { event["prompt"] == .string($0) } ?? true) }
    }

    @Test func aCallStartingMidPromptCutsItWithinATenthOfASecondAndTheManeuverComesBackOnce() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt", "source"])
            // Listening to the car, as PreemptionSocketTests does: the null sink then runs at a car's latency, not seconds of it.
            let capture = try MonitorCapture(sampleRate: 16000)
            try await capture.waitForAudio(seconds: 0.2)
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
            // 1400 m ahead at 14 m/s: the initial prompt, about three seconds of speech, at once.
            let update = try await blocking {
                try client.exchange(
                    #"{"jsonrpc":"2.0","id":2,"method":"guidance.update","params":{"speed":14,"maneuvers":[{"id":"m1","distance":1400,"maneuver":{"type":"rightTurn","roadName":"Solar Cir."}}]}}"#
                )
            }
            #expect(update["result"]?["prompts"]?.arrayValue?.count == 1, "\(update)")
            #expect(await recorder.wait(seconds: 10) { self.event($0, "prompt.started") != nil }, "\(recorder.events)")
            let id = try #require(event(recorder.events, "prompt.started")?["prompt"]?.stringValue)
            try await Task.sleep(for: .milliseconds(500))
            let asked = ContinuousClock.now
            _ = try await blocking { try client.call("source.start", .object(["kind": .string("phoneCall")])) }
            let answeredAfter = ContinuousClock.now - asked

            #expect(await recorder.wait(seconds: 5) { self.event($0, "prompt.interrupted", prompt: id) != nil }, "\(recorder.events)")
            let interrupted = try #require(event(recorder.events, "prompt.interrupted", prompt: id))
            let callStarted = try #require(event(recorder.events, "source.started")?["time"]?.doubleValue)
            let cutAt = try #require(interrupted["time"]?.doubleValue)
            // The event comes after the fade and the drain: the sound stopped before it.
            #expect(
                cutAt - callStarted < 0.1,
                "the prompt ended \(Int((cutAt - callStarted) * 1000)) ms after the call started (source.start answered after \(answeredAfter)): \(recorder.events.map { ($0["type"], $0["time"]) })"
            )
            let reason = interrupted["reason"]?.stringValue ?? ""
            #expect(reason.contains("a call started") && !reason.contains("queued again"), "\(reason)")
            #expect(recorder.types(ofPrompt: id) == ["prompt.queued", "prompt.started", "prompt.interrupted"])
            // Nothing else is queued during the call: no requeue, no backlog.
            try await Task.sleep(for: .milliseconds(300))
            #expect(recorder.events.filter { $0["type"] == .string("prompt.queued") }.count == 1, "\(recorder.events)")

            _ = try await blocking { try client.call("source.stop", .object(["kind": .string("phoneCall")])) }
            #expect(
                await recorder.wait(seconds: 10) { events in
                    events.contains { $0["type"] == .string("prompt.finished") && $0["prompt"] != .string(id) }
                }, "\(recorder.events)")
            try await Task.sleep(for: .milliseconds(500))
            let queued = recorder.events.filter { $0["type"] == .string("prompt.queued") }
            #expect(queued.count == 2, "one prompt after the call: \(queued)")
            let again = try #require(queued.last?["text"]?.stringValue)
            #expect(again.hasPrefix("In ") && again.contains("turn right onto Solar Circle"), "\(again)")
            let finished = recorder.events.first { $0["type"] == .string("prompt.finished") }
            #expect(finished?["style"] == .string("normal"), "\(String(describing: finished))")
            // The prompt was heard before the call: speech on car.monitor.
            let heard = capture.stop()
            #expect((heard.map { abs(Int($0)) }.max() ?? 0) > 1000, "nothing reached car.monitor")
            await daemon.stop()
        }
    }
}
