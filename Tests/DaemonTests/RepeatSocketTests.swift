import AudioTestSupport
import Foundation
import RPC
import Testing

/// `guidance.repeat` against the real voxnavd on the null sink, read back from its prompt events.
@Suite struct RepeatSocketTests {
    private typealias Fixture = GuidanceSocketFixture

    @Test func aRepeatSaysTheNextManeuverAtTheDistanceNowAtMostOncePerWindow() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
            // Before any update there is nothing to repeat: said so, and it does not count.
            let empty = try await blocking { try client.call("guidance.repeat", .object(["time": .number(0)])) }
            #expect(empty["repeated"] == .bool(false) && empty["reason"]?.stringValue?.contains("no maneuver ahead") == true, "\(empty)")
            let first = try await blocking {
                try client.exchange(Fixture.update(0, #"{"id":"m1","distance":1400,"maneuver":{"type":"rightTurn","roadName":"Solar Cir."}}"#))
            }
            #expect(first["result"]?["prompts"]?.arrayValue?.count == 1, "\(first)")

            // 80 s on at 14 m/s: 1400 − 14 × (80 + 0.25 latency) = 276.5 m, in m1's prepare window.
            let repeated = try await blocking { try client.call("guidance.repeat", .object(["time": .number(80)])) }
            #expect(repeated["repeated"] == .bool(true) && repeated["maneuverID"] == .string("m1"), "\(repeated)")
            #expect(repeated["state"] == .string("prepare"), "\(repeated)")
            let distance = try #require(repeated["distance"]?.doubleValue)
            #expect(abs(distance - 276.5) < 1e-6, "\(repeated)")
            let text = try #require(repeated["text"]?.stringValue)
            #expect(text.hasPrefix("In ") && text.contains("turn right") && !text.contains("mile"), "\(text)")
            let id = try #require(repeated["prompt"]?.stringValue)

            // Pressed again within 3 s: refused, saying when it is allowed again; nothing queued.
            let again = try await blocking { try client.call("guidance.repeat", .object(["time": .number(81.5)])) }
            #expect(again["repeated"] == .bool(false) && again["prompt"] == nil, "\(again)")
            #expect(again["reason"]?.stringValue?.contains("3 s") == true, "\(again)")
            #expect(abs((again["retryAfter"]?.doubleValue ?? 0) - 1.5) < 1e-6, "\(again)")
            // Heard, word for word what the result said (a repeat waiting behind it would replace it).
            #expect(await recorder.wait(seconds: 30) { _ in recorder.types(ofPrompt: id).last == "prompt.finished" }, "\(recorder.events)")
            #expect(recorder.types(ofPrompt: id) == ["prompt.queued", "prompt.started", "prompt.finished"], "\(recorder.events)")
            // Past the window it is said again, closer: "turn now" at 3.6 s to go.
            let close = try await blocking { try client.call("guidance.repeat", .object(["time": .number(96.25)])) }
            #expect(close["repeated"] == .bool(true) && close["state"] == .string("execute"), "\(close)")
            #expect(abs((close["distance"]?.doubleValue ?? 0) - 49) < 1e-6, "\(close)")
            let closeID = try #require(close["prompt"]?.stringValue)

            #expect(await recorder.wait(seconds: 30) { _ in recorder.types(ofPrompt: closeID).last == "prompt.finished" }, "\(recorder.events)")
            let queued = recorder.events.filter { $0["type"] == .string("prompt.queued") }
            #expect(queued.first { $0["prompt"] == .string(id) }?["text"] == .string(text), "\(queued)")
            #expect(queued.first { $0["prompt"] == .string(closeID) }?["text"] == close["text"], "\(queued)")
            #expect(queued.count == 3, "the initial prompt and two repeats: \(queued)")
            await daemon.stop()
        }
    }

    /// A repeat waiting behind the prompt playing is for the old route: a reroute skips it.
    @Test func aRerouteSkipsAWaitingRepeat() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            _ = try await Fixture.startOnSolarCircle(client)
            let repeated = try await blocking { try client.call("guidance.repeat", .object(["time": .number(0.5)])) }
            let id = try #require(repeated["prompt"]?.stringValue, "\(repeated)")
            let reroute = try await blocking { try client.call("guidance.reroute", .object(["time": .number(1)])) }
            #expect(reroute["cancelled"]?.arrayValue?.contains(.string(id)) == true, "\(reroute)")
            #expect(await recorder.wait { _ in recorder.types(ofPrompt: id).last == "prompt.skipped" }, "\(recorder.events)")
            #expect(!recorder.types(ofPrompt: id).contains("prompt.started"))
            await daemon.stop()
        }
    }

    @Test func aRepeatFollowsThePromptStyleAndBadRequestsChangeNothing() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-GB")])) }
            // Without a time the repeat is at the daemon's clock, from the update's arrival.
            _ = try await blocking {
                try client.exchange(
                    #"{"jsonrpc":"2.0","id":1,"method":"guidance.update","params":{"speed":0,"maneuvers":[{"id":"m1","distance":800,"maneuver":{"type":"leftTurn","roadName":"Baker St."}}]}}"#
                )
            }
            // While the assistant listens nothing may play: the repeat is decided, its words skipped.
            _ = try await blocking { try client.call("source.start", .object(["kind": .string("voiceAssistant"), "activity": .string("listening")])) }
            let repeated = try await blocking { try client.call("guidance.repeat") }
            #expect(repeated["repeated"] == .bool(true) && repeated["distance"] == .number(800), "a stopped car: \(repeated)")
            #expect(repeated["text"]?.stringValue?.contains("Baker Street") == true, "\(repeated)")
            let id = try #require(repeated["prompt"]?.stringValue)
            #expect(await recorder.wait { _ in recorder.types(ofPrompt: id).last == "prompt.skipped" }, "\(recorder.events)")
            #expect(!recorder.types(ofPrompt: id).contains("prompt.started"))

            // Without guidance there is nothing to repeat; bad params are refused naming the member,
            // and a refused request does not use up the window.
            try await Fixture.expectRefusals(of: "guidance.repeat", client: client, other: try daemon.connect(), unknownMember: "maneuver")
            await daemon.stop()
        }
    }
}
