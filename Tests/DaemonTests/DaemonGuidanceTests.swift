import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// Maneuver prompts and guidance driven over the socket, as a guidance engine would.
@Suite struct DaemonGuidanceTests {
    private func errorCode(_ reply: JSONValue) -> Int? { reply["error"]?["code"]?.doubleValue.map { Int($0) } }

    @Test func aManeuverIsComposedInTheRequestedLanguageAndSpoken() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = try daemon.connect()
            let maneuver: JSONValue = .object([
                "type": .string("rightTurn"), "roadName": .string("Solar Cir."), "state": .string("initial"),
                "distanceRemaining": .number(290),
            ])
            let english = try await blocking { try client.call("prompt.speak", .object(["maneuver": maneuver, "language": .string("en-US")])) }
            #expect(english["result"] == .string("finished"))
            #expect(english["text"] == .string("In 1000 feet, turn right onto Solar Circle"), "\(english)")
            #expect(english["voice"] == .string("en-us"))

            let german = try await blocking {
                try client.call(
                    "prompt.speak",
                    .object([
                        "maneuver": .object(["type": .string("roundaboutExit2"), "state": .string("prepare"), "distanceRemaining": .number(190)]),
                        "then": .object(["type": .string("leftTurn")]),
                        "language": .string("de"),
                    ]))
            }
            #expect(german["voice"] == .string("de"))
            let text = german["text"]?.stringValue ?? ""
            #expect(text.contains("zweite Ausfahrt") && text.contains("200 Metern") && text.contains("links"), "\(text)")
            await daemon.stop()
        }
    }

    @Test func badManeuversAndLanguagesAreRefusedClearly() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = try daemon.connect()
            let cases: [(String, Int, String)] = [
                (#"{"jsonrpc":"2.0","id":1,"method":"prompt.speak","params":{"maneuver":{"type":"roundaboutExit20"}}}"#, -32602, "roundaboutExit20"),
                (
                    #"{"jsonrpc":"2.0","id":2,"method":"prompt.speak","params":{"maneuver":{"type":"leftTurn","lanes":[{"angle":270,"status":"good"}]}}}"#,
                    -32602, "angle"
                ),
                (#"{"jsonrpc":"2.0","id":3,"method":"prompt.speak","params":{"maneuver":{"type":"leftTurn"},"language":"tlh"}}"#, -32000, "no phrase pack"),
                (#"{"jsonrpc":"2.0","id":4,"method":"prompt.speak","params":{"maneuver":{"type":"leftTurn"},"text":"x"}}"#, -32602, "only one of"),
                (
                    #"{"jsonrpc":"2.0","id":5,"method":"guidance.update","params":{"speed":10,"maneuvers":[{"id":"m1","distance":500}]}}"#, -32000,
                    "guidance.start"
                ),
                (#"{"jsonrpc":"2.0","id":6,"method":"guidance.start","params":{"profile":"hovercraft"}}"#, -32000, "hovercraft"),
                (#"{"jsonrpc":"2.0","id":10,"method":"prompt.speak","params":{"maneuver":{"type":"leftTurn","roadname":"Main St."}}}"#, -32602, "roadname"),
            ]
            for (frame, code, mentions) in cases {
                let reply = try await blocking { try client.exchange(frame) }
                #expect(errorCode(reply) == code, "\(frame) → \(reply)")
                #expect(reply["error"]?["message"]?.stringValue?.contains(mentions) == true, "\(frame) → \(reply)")
            }
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
            let unknownID = try await blocking {
                try client.exchange(#"{"jsonrpc":"2.0","id":7,"method":"guidance.update","params":{"speed":10,"maneuvers":[{"id":"m9","distance":500}]}}"#)
            }
            #expect(errorCode(unknownID) == -32000)
            let typo = try await blocking {
                try client.exchange(#"{"jsonrpc":"2.0","id":9,"method":"guidance.update","params":{"speed":10,"maneuvers":[{"id":"m1","distanse":500}]}}"#)
            }
            #expect(errorCode(typo) == -32602)
            #expect(typo["error"]?["message"]?.stringValue?.contains("distanse") == true, "\(typo)")
            #expect(unknownID["error"]?["message"]?.stringValue?.contains("m9") == true)
            let badSpeed = try await blocking {
                try client.exchange(#"{"jsonrpc":"2.0","id":8,"method":"guidance.update","params":{"speed":-3,"maneuvers":[]}}"#)
            }
            #expect(errorCode(badSpeed) == -32602)
            let state = try await blocking { try client.call("state.get") }
            #expect(state["promptsSpoken"] == .number(0))
            await daemon.stop()
        }
    }

    @Test func guidanceUpdatesMakeTheDaemonSpeakEachStateOnceInOrder() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = try daemon.connect()
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let endings: Set<String> = ["prompt.finished", "prompt.shortened", "prompt.skipped", "prompt.expired", "prompt.interrupted"]
            let ended = { (events: [JSONValue]) in events.filter { endings.contains($0["type"]?.stringValue ?? "") } }
            let started = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US"), "profile": .string("car")])) }
            #expect(started["language"] == .string("en-US"))
            // Approach a right turn from 1.6 km at 15 m/s, one update a second on the client's clock.
            // On the road the states are tens of seconds apart (initial ~85 s before prepare, prepare
            // ~18 s before "turn now"), so each prompt has ended long before the next is due. The updates
            // here are sent faster than that, so after an update that plans a prompt the test waits for
            // the prompt to end, as the road would: otherwise a newer state of the maneuver replaces one
            // still waiting (its key), which is not what this test is about.
            var planned: [JSONValue] = []
            var distance = 1600.0
            var time = 0.0
            while distance > -20 {
                var entry: [String: JSONValue] = ["id": .string("m1"), "distance": .number(distance)]
                if time == 0 { entry["maneuver"] = .object(["type": .string("rightTurn"), "roadName": .string("Solar Circle")]) }
                let params: JSONValue = .object(["time": .number(time), "speed": .number(15), "maneuvers": .array([.object(entry)])])
                let reply = try await blocking { try client.call("guidance.update", params) }
                let new = reply["prompts"]?.arrayValue ?? []
                planned += new
                if !new.isEmpty {
                    let count = planned.count
                    let done = await recorder.wait(seconds: 30) { ended($0).count >= count }
                    #expect(done, "at \(distance) m: \(new) did not end: \(recorder.events)")
                }
                distance -= 15
                time += 1
            }
            let states = planned.compactMap { $0["state"]?.stringValue }
            #expect(states == ["initial", "prepare", "execute"], "\(planned)")
            #expect(planned.allSatisfy { $0["maneuverID"] == .string("m1") })
            // Each state's own wording: the distance far out (initial, ~1600 m), near (prepare, ~320 m),
            // then the action alone ("turn now": en-US says the named action with no distance).
            let texts = planned.compactMap { $0["text"]?.stringValue }
            #expect(
                texts == ["In 1 mile, turn right onto Solar Circle", "In 1000 feet, turn right onto Solar Circle", "Turn right onto Solar Circle"],
                "\(planned)")

            // The daemon spoke all three, one after the other, each to its end, in the order planned.
            let ends = ended(recorder.events)
            #expect(ends.compactMap { $0["type"]?.stringValue } == ["prompt.finished", "prompt.finished", "prompt.finished"], "\(recorder.events)")
            #expect(ends.compactMap { $0["text"]?.stringValue } == texts, "\(recorder.events)")
            #expect(ends.allSatisfy { $0["style"] == .string("normal") }, "\(ends)")
            for id in ends.compactMap({ $0["prompt"]?.stringValue }) {
                #expect(recorder.types(ofPrompt: id) == ["prompt.queued", "prompt.started", "prompt.finished"], "\(id): \(recorder.events)")
            }
            let state = try await blocking { try client.call("state.get") }
            #expect(state["promptsSpoken"] == .number(3), "\(state)")
            #expect(state["promptsSkipped"] == .number(0), "\(state)")
            _ = try await blocking { try client.call("guidance.end") }
            await daemon.stop()
        }
    }

    @Test func eachClientsGuidanceIsItsOwnAndEndsWhenItDisconnects() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            var first: RPCClient? = try daemon.connect()
            let second = try daemon.connect()
            _ = try await blocking { [first] in try first!.call("guidance.start", .object(["language": .string("de")])) }
            // The second client has no guidance of its own.
            let reply = try await blocking {
                try second.exchange(#"{"jsonrpc":"2.0","id":1,"method":"guidance.update","params":{"speed":10,"maneuvers":[{"id":"m1","distance":500}]}}"#)
            }
            #expect(errorCode(reply) == -32000)
            // The first client's guidance works, and ends with its connection.
            let ok = try await blocking { [first] in
                try first!.call(
                    "guidance.update",
                    .object([
                        "speed": .number(10),
                        "maneuvers": .array([
                            .object(["id": .string("a"), "distance": .number(5000), "maneuver": .object(["type": .string("leftTurn")])])
                        ]),
                    ]))
            }
            #expect(ok["prompts"] != nil)
            let before = try await blocking { try second.call("state.get") }
            #expect(before["guidanceClients"] == .number(1))
            first = nil
            try await Task.sleep(for: .milliseconds(300))
            let after = try await blocking { try second.call("state.get") }
            #expect(after["guidanceClients"] == .number(0))
            await daemon.stop()
        }
    }
}
