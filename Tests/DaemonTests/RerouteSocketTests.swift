import AudioTestSupport
import Foundation
import RPC
import Testing

/// `guidance.reroute` against the real voxnavd on the null sink, read back from its prompt events.
@Suite struct RerouteSocketTests {
    private func errorCode(_ reply: JSONValue) -> Int? { reply["error"]?["code"]?.doubleValue.map { Int($0) } }

    private func update(_ time: Double, _ entries: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(Int(time * 10)),"method":"guidance.update","params":{"time":\#(time),"speed":14,"maneuvers":[\#(entries)]}}"#
    }

    @Test func recalculatingIsSpokenOnceAndGuidanceStartsAgainOnTheNewRoute() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
            let first = try await blocking {
                try client.exchange(update(0, #"{"id":"m1","distance":1400,"maneuver":{"type":"rightTurn","roadName":"Solar Cir."}}"#))
            }
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
            let stale = try await blocking { try client.exchange(update(9, #"{"id":"m1","distance":1300}"#)) }
            #expect(errorCode(stale) == -32000, "\(stale)")
            // The new route's first maneuver (the same id, another turn) is announced from the start.
            let fresh = try await blocking {
                try client.exchange(update(9, #"{"id":"m1","distance":1300,"maneuver":{"type":"leftTurn","roadName":"Elm St."}}"#))
            }
            let planned = fresh["result"]?["prompts"]?.arrayValue ?? []
            #expect(planned.map { $0["text"]?.stringValue } == ["In 1 mile, turn left onto Elm Street"], "\(fresh)")

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
        try await AudioServerLock.shared.withLock {
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
            #expect(skipped?["reason"]?.stringValue?.isEmpty == false, "\(String(describing: skipped))")
            #expect(!recorder.types(ofPrompt: id).contains("prompt.started"))

            // Without guidance there is nothing to reroute; bad params are refused naming the member.
            let other = try daemon.connect()
            let none = try await blocking { try other.exchange(#"{"jsonrpc":"2.0","id":1,"method":"guidance.reroute"}"#) }
            #expect(errorCode(none) == -32000, "\(none)")
            let bad = try await blocking { try client.exchange(#"{"jsonrpc":"2.0","id":2,"method":"guidance.reroute","params":{"time":-1}}"#) }
            #expect(errorCode(bad) == -32602 && bad["error"]?["message"]?.stringValue?.contains("time") == true, "\(bad)")
            let unknown = try await blocking { try client.exchange(#"{"jsonrpc":"2.0","id":3,"method":"guidance.reroute","params":{"reason":"x"}}"#) }
            #expect(errorCode(unknown) == -32602, "\(unknown)")
            await daemon.stop()
        }
    }
}
