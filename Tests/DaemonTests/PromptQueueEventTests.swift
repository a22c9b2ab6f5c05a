import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// The prompt queue over the socket: a deadline, a key and a priority carried by `prompt.speak`, the
/// per-client limit, and the subscriptions. The engine's own part (the events' order around a duck, a
/// cancel and a disconnect ending the session) is EngineTests' EngineQueueEventTests, on the
/// in-memory server.
@Suite struct PromptQueueEventTests {
    static let long = "In 800 meters, at the roundabout, take the third exit onto Solar Circle, then keep left."

    private func queue(_ client: RPCClient, _ params: [String: JSONValue]) async throws -> String {
        var p = params
        p["wait"] = .bool(false)
        let request = JSONValue.object(p)
        let reply = try await blocking { try client.call("prompt.speak", request) }
        return try #require(reply["id"]?.stringValue)
    }

    @Test func aPromptThatCannotStartInTimeExpires() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await DaemonHarness.start()
            let recorder = try EventRecorder(socketPath: daemon.socketPath, types: ["prompt"])
            let client = try daemon.client()
            _ = try await queue(client, ["text": .string(Self.long)])
            let late = try await blocking {
                try client.call("prompt.speak", .object(["text": .string("Turn right now."), "deadline": .number(0.5)]))
            }
            #expect(late["result"] == .string("expired"), "\(late)")
            #expect(late["reason"]?.stringValue?.contains("deadline") == true)
            #expect(late["audioDuration"] == .number(0))
            let id = try #require(late["id"]?.stringValue)
            // The events come on the recorder's own connection: the reply may overtake the last one.
            _ = await recorder.wait(seconds: 2) { events in
                events.contains { $0["prompt"] == .string(id) && $0["type"] == .string("prompt.expired") }
            }
            #expect(recorder.types(ofPrompt: id) == ["prompt.queued", "prompt.expired"])
            // It expired at its deadline, while the long prompt still played.
            let long = recorder.events.first { $0["type"] == .string("prompt.finished") }
            #expect(long == nil, "the long prompt finished before the short one expired")
            await daemon.stop()
        }
    }

    @Test func aNewerPromptForTheSameManeuverSupersedesTheWaitingOne() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await DaemonHarness.start()
            let recorder = try EventRecorder(socketPath: daemon.socketPath, types: ["prompt"])
            let client = try daemon.client()
            _ = try await queue(client, ["text": .string(Self.long)])
            let older = try await queue(client, ["text": .string("In 200 meters, turn left."), "key": .string("m7")])
            let newer = try await blocking {
                try client.call("prompt.speak", .object(["text": .string("Turn left now."), "key": .string("m7")]))
            }
            #expect(newer["result"] == .string("finished"))
            #expect(recorder.types(ofPrompt: older) == ["prompt.queued", "prompt.skipped"])
            let skipped = recorder.events.first { $0["prompt"] == .string(older) && $0["type"] == .string("prompt.skipped") }
            #expect(skipped?["reason"]?.stringValue?.contains("superseded") == true)
            await daemon.stop()
        }
    }

    @Test func higherPrioritiesPlayFirst() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await DaemonHarness.start()
            let recorder = try EventRecorder(socketPath: daemon.socketPath, types: ["prompt.started", "prompt.finished"])
            let client = try daemon.client()
            _ = try await queue(client, ["text": .string("Keep right.")])
            let low = try await queue(client, ["text": .string("Continue for 5 miles."), "priority": .string("low")])
            let normal = try await queue(client, ["text": .string("In 400 feet, keep left."), "priority": .string("normal")])
            let important = try await queue(client, ["text": .string("Turn right now."), "priority": .string("important")])
            #expect(await recorder.wait(seconds: 30) { $0.contains { $0["prompt"] == .string(low) && $0["type"] == .string("prompt.finished") } })
            let started = recorder.events.filter { $0["type"] == .string("prompt.started") }.compactMap { $0["prompt"]?.stringValue }
            #expect(Array(started.dropFirst()) == [important, normal, low])
            await daemon.stop()
        }
    }

    @Test func aFloodingClientIsRefusedAndOthersAreStillServed() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await DaemonHarness.start()
            let flooder = try daemon.client()
            // 40 requests written at once, then the 40 replies read: the daemon handles them concurrently,
            // so the queue fills faster than prompts play.
            let frames = (1...40).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"prompt.speak","params":{"text":"Go.","wait":false}}"# }
            try await blocking { try flooder.writeAll(Data((frames.joined(separator: "\n") + "\n").utf8)) }
            var replies: [JSONValue] = []
            for _ in 0..<40 { replies.append(try await blocking { try JSONDecoder().decode(JSONValue.self, from: flooder.readLine()) }) }
            let accepted = replies.filter { $0["result"] != nil }.count
            let refusals = replies.filter { $0["error"] != nil }
            // 32 may wait; one or two more may already have left the queue to play.
            #expect(accepted >= 32 && accepted <= 35, "accepted \(accepted)")
            #expect(refusals.count == 40 - accepted)
            #expect(refusals.allSatisfy { $0["error"]?["code"] == .number(-32000) })
            #expect(refusals.first?["error"]?["message"]?.stringValue?.contains("too many prompts") == true)
            // Another client is not harmed: its prompt is accepted (and waits its turn).
            let other = try daemon.client()
            let reply = try await blocking { try other.call("prompt.speak", .object(["text": .string("Keep left."), "wait": .bool(false)])) }
            #expect(reply["id"] != nil)
            _ = try await blocking { try flooder.call("prompt.cancel") }
            await daemon.stop()
        }
    }

    @Test func subscriptionsAreCheckedAndCanEnd() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await DaemonHarness.start()
            let client = try daemon.client()
            let bad = try await blocking { try client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"types":["prompt.sung"]}}"#) }
            #expect(bad["error"]?["code"] == .number(-32602))
            let ok = try await blocking { try client.call("events.subscribe", .object(["types": .array([.string("audit")])])) }
            #expect(ok["subscribed"] == .array([.string("audit")]))
            let none = try await blocking { try client.call("events.unsubscribe") }
            #expect(none["subscribed"] == .array([]))
            await daemon.stop()
        }
    }
}
