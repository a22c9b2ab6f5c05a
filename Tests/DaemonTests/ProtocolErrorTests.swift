import AudioTestSupport
import Foundation
import RPC
import Testing

/// Every class of bad request gets its JSON-RPC error, and the daemon keeps serving the same client.
@Suite struct ProtocolErrorTests {
    private func errorCode(_ reply: JSONValue) -> Int? { reply["error"]?["code"]?.doubleValue.map { Int($0) } }

    @Test func badRequestsGetTheirErrorsAndTheConnectionKeepsWorking() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await DaemonHarness.start()
            let client = try daemon.client()
            let cases: [(frame: String, code: Int, mentions: String)] = [
                ("{not json", -32700, "Parse error"),
                ("[]", -32600, "empty batch"),
                ("42", -32600, "JSON object"),
                (#"{"jsonrpc":"1.0","id":1,"method":"state.get"}"#, -32600, "jsonrpc"),
                (#"{"jsonrpc":"2.0","id":2}"#, -32600, "method"),
                (#"{"jsonrpc":"2.0","id":3,"method":"no.such"}"#, -32601, "no.such"),
                (#"{"jsonrpc":"2.0","id":4,"method":"prompt.speak","params":{}}"#, -32602, "text"),
                (#"{"jsonrpc":"2.0","id":5,"method":"prompt.speak","params":{"text":"  "}}"#, -32602, "empty"),
                (#"{"jsonrpc":"2.0","id":6,"method":"prompt.speak","params":{"text":7}}"#, -32602, "string"),
                (#"{"jsonrpc":"2.0","id":7,"method":"prompt.speak","params":["Turn left"]}"#, -32602, "object"),
                (#"{"jsonrpc":"2.0","id":8,"method":"prompt.speak","params":{"txt":"Turn left"}}"#, -32602, "txt"),
                (#"{"jsonrpc":"2.0","id":9,"method":"source.start","params":{"kind":"cdPlayer"}}"#, -32602, "fmRadio"),
                (#"{"jsonrpc":"2.0","id":10,"method":"source.stop","params":{"kind":"fmRadio"}}"#, -32000, "not running"),
                (#"{"jsonrpc":"2.0","id":11,"method":"prompt.speak","params":{"text":"Hi","language":"xx-none"}}"#, -32000, "xx-none"),
                (#"{"jsonrpc":"2.0","id":12,"method":"state.get","params":"x"}"#, -32600, "params"),
            ]
            for c in cases {
                let reply = try await blocking { try client.exchange(c.frame) }
                #expect(errorCode(reply) == c.code, "\(c.frame) → \(reply)")
                #expect(reply["error"]?["message"]?.stringValue?.contains(c.mentions) == true, "\(c.frame) → \(reply)")
                #expect(reply["jsonrpc"] == .string("2.0"))
            }
            // The id is echoed even on errors that can be answered with it.
            let withID = try await blocking { try client.exchange(#"{"jsonrpc":"2.0","id":"abc","method":"no.such"}"#) }
            #expect(withID["id"] == .string("abc"))
            // Still serving, on the same connection.
            let state = try await blocking { try client.call("state.get") }
            #expect(state["sessionActive"] == .bool(false))
            await daemon.stop()
        }
    }

    /// Every method of the protocol (`Methods.all`) has a handler: a request for it with an unknown
    /// member is refused by that method's params (-32602), never as an unknown method (-32601).
    @Test func everyMethodOfTheProtocolIsHandled() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await DaemonHarness.start()
            let client = try daemon.client()
            for (n, method) in Methods.all.enumerated() {
                let frame = #"{"jsonrpc":"2.0","id":\#(n),"method":"\#(method.name)","params":{"noSuchMember":1}}"#
                let reply = try await blocking { try client.exchange(frame) }
                #expect(errorCode(reply) == -32602, "\(method.name) → \(reply)")
                #expect(reply["error"]?["message"]?.stringValue?.contains("noSuchMember") == true, "\(method.name) → \(reply)")
            }
            await daemon.stop()
        }
    }

    @Test func anOversizeFrameIsRefusedWithoutHarmingTheConnection() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await DaemonHarness.start()
            let client = try daemon.client()
            let huge = #"{"jsonrpc":"2.0","id":1,"method":"prompt.speak","params":{"text":""# + String(repeating: "a", count: 2 << 20) + #""}}"#
            let reply = try await blocking { try client.exchange(huge) }
            #expect(errorCode(reply) == -32600)
            #expect(reply["error"]?["message"]?.stringValue?.contains("longer than") == true)
            let state = try await blocking { try client.call("state.get") }
            #expect(state["promptsSpoken"] == .number(0))
            await daemon.stop()
        }
    }

    @Test func notificationsGetNoReplyAndBatchesGetOneEach() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await DaemonHarness.start()
            let client = try daemon.client()
            // A notification (no id) is executed silently; the next line read answers the request after it.
            try await blocking { try client.writeAll(Data((#"{"jsonrpc":"2.0","method":"state.get"}"# + "\n").utf8)) }
            let reply = try await blocking { try client.exchange(#"{"jsonrpc":"2.0","id":99,"method":"state.get"}"#) }
            #expect(reply["id"] == .number(99))
            let batch = try await blocking {
                try client.exchange(
                    #"[{"jsonrpc":"2.0","id":1,"method":"state.get"},{"jsonrpc":"2.0","id":2,"method":"nope"},{"jsonrpc":"2.0","method":"state.get"}]"#)
            }
            let items = try #require(batch.arrayValue)
            #expect(items.count == 2)
            #expect(items[0]["id"] == .number(1) && items[0]["result"] != nil)
            #expect(items[1]["id"] == .number(2) && errorCode(items[1]) == -32601)
            await daemon.stop()
        }
    }

    @Test func severalClientsAreServedAtOnceAndAClientThatVanishesHarmsNoOne() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await DaemonHarness.start()
            // A client that writes half a request and disconnects.
            do {
                let rude = try daemon.client()
                try rude.writeAll(Data(#"{"jsonrpc":"2.0","id":1,"meth"#.utf8))
            }
            let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await blocking {
                            let c = try daemon.client()
                            return try (0..<5).allSatisfy { _ in try c.call("state.get")["sessionActive"] == .bool(false) }
                        }
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(results == Array(repeating: true, count: 8))
            await daemon.stop()
        }
    }
}
