import AudioTestSupport
import Foundation
import RPC
import Testing

/// `guidance.reroute` against the real voxnavd on the null sink, read back from its prompt events.
@Suite struct RerouteSocketTests {
    private typealias Fixture = GuidanceSocketFixture

    @Test func recalculatingIsSpokenOnceAndGuidanceStartsAgainOnTheNewRoute() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let first = try await Fixture.startOnSolarCircle(client)
            #expect(first["result"]?["prompts"]?.arrayValue?.count == 1, "\(first)")

            // Three reroutes within 10 s: one "Recalculating route".
            let reroute = try await blocking { try client.call("guidance.reroute", .object(["time": .number(1)])) }
            #expect(reroute["announced"] == .bool(true) && reroute["text"] == .string("Recalculating route"), "\(reroute)")
            let promptID = try #require(reroute["prompt"]?.stringValue)
            for time in [3.0, 8.5] {
                let again = try await blocking { try client.call("guidance.reroute", .object(["time": .number(time)])) }
                #expect(again["announced"] == .bool(false) && again["prompt"] == nil, "\(again)")
                #expect(again["reason"]?.stringValue?.contains("within 10 s") == true, "\(again)")
            }
            // The old route is forgotten: its id must be described again.
            let stale = try await blocking { try client.exchange(Fixture.update(9, #"{"id":"m1","distance":1300}"#)) }
            #expect(Fixture.errorCode(stale) == -32000, "\(stale)")
            // The new route's first maneuver (the same id, another turn) is announced from the start.
            let fresh = try await blocking {
                try client.exchange(Fixture.update(9, #"{"id":"m1","distance":1300,"maneuver":{"type":"leftTurn","roadName":"Elm St."}}"#))
            }
            let planned = fresh["result"]?["prompts"]?.arrayValue ?? []
            #expect(planned.map { $0["text"]?.stringValue } == ["In three quarters of a mile, turn left onto Elm Street"], "\(fresh)")

            // Every prompt ends; the rerouting one was heard once, to its end.
            let ended = await recorder.wait(seconds: 30) { events in
                events.filter { ["prompt.finished", "prompt.shortened", "prompt.skipped", "prompt.expired"].contains($0["type"]?.stringValue ?? "") }.count >= 3
            }
            #expect(ended, "\(recorder.events)")
            let recalculating = recorder.events.filter { $0["text"] == .string("Recalculating route") }
            #expect(recalculating.filter { $0["type"] == .string("prompt.queued") }.count == 1, "\(recalculating)")
            #expect(recalculating.compactMap { $0["type"]?.stringValue } == ["prompt.queued", "prompt.started", "prompt.finished"], "\(recalculating)")
            #expect(recorder.types(ofPrompt: promptID).last == "prompt.finished")
            await daemon.stop()
        }
    }

    @Test func recalculatingFollowsThePromptStyle() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("de")])) }
            // While the assistant listens nothing may play: the reroute is decided, its words skipped.
            _ = try await blocking { try client.call("source.start", .object(["kind": .string("voiceAssistant"), "activity": .string("listening")])) }
            let reroute = try await blocking { try client.call("guidance.reroute") }
            #expect(reroute["announced"] == .bool(true) && reroute["text"] == .string("Route wird neu berechnet"), "\(reroute)")
            let id = try #require(reroute["prompt"]?.stringValue)
            #expect(await recorder.wait { _ in recorder.types(ofPrompt: id).last == "prompt.skipped" }, "\(recorder.events)")
            let skipped = recorder.events.first { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.skipped") }
            #expect(skipped?["reason"] == .string("prompt style none: voiceAssistantListening"), "\(String(describing: skipped))")
            #expect(recorder.types(ofPrompt: id) == ["prompt.queued", "prompt.skipped"], "\(recorder.events)")
            _ = try await blocking { try client.call("source.stop", .object(["kind": .string("voiceAssistant")])) }

            // The style is taken when the prompt's turn comes, not when it is queued: with nothing else
            // playing, a second client's reroute waits behind a long text prompt, the assistant starts
            // listening meanwhile, and the reroute is skipped at its turn, never started.
            // (The text prompt's own ending is not this test's business: it may be cut when the assistant listens.)
            let second = try daemon.connect()
            _ = try await blocking { try second.call("guidance.start", .object(["language": .string("en-US")])) }
            let before = try await blocking { try client.call("state.get") }
            #expect(before["sources"]?.arrayValue?.isEmpty == true && before["promptPlaying"] == .bool(false), "\(before)")
            let long = try await blocking {
                try client.call(
                    "prompt.speak",
                    .object([
                        "text": .string("The service area ahead has fuel, food and a place to rest"),
                        "language": .string("en-US"), "wait": .bool(false),
                    ]))
            }
            let longID = try #require(long["id"]?.stringValue, "\(long)")
            #expect(await recorder.wait { _ in recorder.types(ofPrompt: longID).contains("prompt.started") }, "\(recorder.events)")
            let waiting = try await blocking { try second.call("guidance.reroute") }
            #expect(waiting["announced"] == .bool(true) && waiting["text"] == .string("Recalculating route"), "\(waiting)")
            let waitingID = try #require(waiting["prompt"]?.stringValue)
            // It waits: the text prompt still plays.
            let queued = try await blocking { try client.call("state.get") }
            #expect(queued["promptPlaying"] == .bool(true) && queued["promptsWaiting"] == .number(1), "\(queued)")
            #expect(recorder.types(ofPrompt: longID) == ["prompt.queued", "prompt.started"], "\(recorder.events)")
            #expect(!recorder.types(ofPrompt: waitingID).contains("prompt.started"), "\(recorder.events)")
            _ = try await blocking { try second.call("source.start", .object(["kind": .string("voiceAssistant"), "activity": .string("listening")])) }
            #expect(await recorder.wait { _ in recorder.types(ofPrompt: waitingID).last == "prompt.skipped" }, "\(recorder.events)")
            let skippedLater = recorder.events.first { $0["prompt"] == .string(waitingID) && $0["type"] == .string("prompt.skipped") }
            #expect(skippedLater?["reason"] == .string("prompt style none: voiceAssistantListening"), "\(String(describing: skippedLater))")
            #expect(recorder.types(ofPrompt: waitingID) == ["prompt.queued", "prompt.skipped"], "\(recorder.events)")

            // Without guidance there is nothing to reroute; bad params are refused naming the member.
            try await Fixture.expectRefusals(of: "guidance.reroute", client: client, other: try daemon.connect(), unknownMember: "reason")
            await daemon.stop()
        }
    }
}
