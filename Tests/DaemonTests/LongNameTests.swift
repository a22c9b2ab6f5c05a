import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// Names and tags of hundreds of thousands of characters (issue 50, rows 5 and 6): runs against the
/// real voxnavd executable over its JSON-RPC socket and its SSIP socket, on the test's PulseAudio
/// server. Each is refused before it is composed, matched or edit-distanced, at once, and its error
/// quotes 80 characters of it. Before the fix a 100 k-character German road name held every client
/// for 12.7 s, a 900 k-character language cost seconds of edit distance, and the errors echoed the
/// whole value (900 KB; 1.8 MB for an unknown maneuver member).
@Suite struct LongNameTests {
    /// A refusal's time and its message, which must be short and name what was refused.
    private func refusal(
        _ client: RPCClient, _ method: String, _ params: JSONValue, naming member: String, quoting value: String
    ) async throws -> (Double, String) {
        let frame = JSONValue.object(["jsonrpc": .string("2.0"), "id": .number(1), "method": .string(method), "params": params]).description
        let start = ContinuousClock.now
        let reply = try await blocking { try client.exchange(frame) }
        let seconds = (ContinuousClock.now - start).inSeconds
        let message = reply["error"]?["message"]?.stringValue ?? ""
        #expect(reply["error"]?["code"] == .number(-32602), "\(method) \(member): \(message.prefix(400))")
        #expect(message.contains(member), "\(message.prefix(400))")
        // It quotes 80 characters of the value at most (the rest of it is the allowed names).
        #expect(!message.contains(value.prefix(81)) && message.utf8.count < 2000, "\(method) \(member): a message of \(message.utf8.count) bytes")
        // Most of it is reading the frame (up to a megabyte); before, the edit distance alone took seconds.
        #expect(seconds < 2, "\(method) \(member): refused after \(seconds) s")
        return (seconds, message)
    }

    @Test func hugeNamesAreRefusedAtOnceAndOtherClientsAreServed() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let road = String(repeating: "Hauptstr. ", count: 10_000)
            let maneuver: JSONValue = .object([
                "type": .string("rightTurn"), "state": .string("prepare"), "distanceRemaining": .number(300), "roadName": .string(road),
                "towards": .string(road),
            ])
            let (spoken, message) = try await refusal(
                client, "prompt.speak", .object(["maneuver": maneuver, "language": .string("de"), "wait": .bool(false)]), naming: "roadName", quoting: road)
            #expect(message.contains("300"), "\(message)")
            // Guidance with 30 k-character names.
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("de")])) }
            let thirtyK = String(repeating: "Bahnhofstraße ", count: 2_143)
            let upcoming: JSONValue = .array([
                .object([
                    "id": .string("m1"), "distance": .number(600),
                    "maneuver": .object(["type": .string("leftTurn"), "towards": .string(thirtyK), "destinationName": .string(thirtyK)]),
                ])
            ])
            let (guided, _) = try await refusal(
                client, "guidance.update", .object(["speed": .number(14), "maneuvers": upcoming]), naming: "towards", quoting: thirtyK)
            // Another client is answered at once, and a name within the bound is still said.
            let other = try daemon.connect()
            let start = ContinuousClock.now
            _ = try await blocking { try other.call("state.get") }
            let answered = (ContinuousClock.now - start).inSeconds
            #expect(answered < 0.5)
            let said = try await blocking {
                try other.call(
                    "prompt.speak",
                    .object([
                        "language": .string("de"),
                        "maneuver": .object(["type": .string("rightTurn"), "state": .string("execute"), "roadName": .string("Hauptstr.")]),
                    ]))
            }
            #expect(said["result"] == .string("finished"), "\(said)")
            print(
                "measured: a 100k-character roadName refused in \(spoken) s, 30k-character names in guidance in \(guided) s, state.get after them \(answered) s"
            )
            await daemon.stop()
        }
    }

    @Test func aHugeLanguageOrMemberIsRefusedAtOnceQuotingEightyCharacters() async throws {
        try await AudioServerLock.shared.withLock {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let huge = String(repeating: "x", count: 900_000)
            let (language, message) = try await refusal(
                client, "prompt.speak", .object(["text": .string("Turn left"), "language": .string(huge)]), naming: "language", quoting: huge)
            #expect(message.contains(String(repeating: "x", count: 80) + "…"), "\(message)")
            let (member, _) = try await refusal(
                client, "prompt.speak", .object(["maneuver": .object(["type": .string("rightTurn"), huge: .number(1)])]), naming: "Unknown maneuver member",
                quoting: huge)
            let (kind, _) = try await refusal(client, "prompt.alert", .object(["kind": .string(huge)]), naming: "alert kind", quoting: huge)
            // SSIP's SET SELF LANGUAGE reaches the same engine method.
            let ssip = try SSIPLineClient(socketPath: daemon.ssipSocket)
            let start = ContinuousClock.now
            let reply = try await onOwnThread { try ssip.command("SET SELF LANGUAGE " + huge) }
            let ssipSeconds = (ContinuousClock.now - start).inSeconds
            #expect(reply.hasPrefix("302-language must be at most 64 characters"), "\(reply.prefix(400))")
            #expect(reply.utf8.count < 600 && ssipSeconds < 2, "\(reply.utf8.count) bytes after \(ssipSeconds) s")
            let state = try await blocking { try client.call("state.get") }
            #expect(state["sessionActive"] != nil)
            print(
                "measured: a 900k-character language refused in \(language) s (SSIP: \(ssipSeconds) s), a 900k-character member in \(member) s, kind in \(kind) s"
            )
            await daemon.stop()
        }
    }
}
