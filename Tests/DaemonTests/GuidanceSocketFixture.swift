import AudioTestSupport
import RPC
import RPCSocket
import Testing

/// What the socket tests of `guidance.repeat` and `guidance.reroute` share: the frames they send,
/// the route they start on, and the refusals both methods owe (they take the same params,
/// `GuidanceTimeParams`).
enum GuidanceSocketFixture {
    static func errorCode(_ reply: JSONValue) -> Int? { reply["error"]?["code"]?.doubleValue.map { Int($0) } }

    /// A `guidance.update` frame at `time` on the client's clock, at 14 m/s, with `entries`.
    static func update(_ time: Double, _ entries: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(Int(time * 10)),"method":"guidance.update","params":{"time":\#(time),"speed":14,"maneuvers":[\#(entries)]}}"#
    }

    /// Guidance in en-US, then a right turn onto Solar Circle 1,400 m ahead at time 0: the reply.
    static func startOnSolarCircle(_ client: RPCClient) async throws -> JSONValue {
        _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
        return try await blocking {
            try client.exchange(update(0, #"{"id":"m1","distance":1400,"maneuver":{"type":"rightTurn","roadName":"Solar Cir."}}"#))
        }
    }

    /// Without guidance there is nothing to do (-32000, asked by `other`, a client without guidance);
    /// a bad time and an unknown member are refused naming the member (-32602).
    static func expectRefusals(of method: String, client: RPCClient, other: RPCClient, unknownMember: String) async throws {
        let none = try await blocking { try other.exchange(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)"}"#) }
        #expect(errorCode(none) == -32000, "\(none)")
        let bad = try await blocking { try client.exchange(#"{"jsonrpc":"2.0","id":2,"method":"\#(method)","params":{"time":-1}}"#) }
        #expect(errorCode(bad) == -32602 && bad["error"]?["message"]?.stringValue?.contains("time") == true, "\(bad)")
        let unknown = try await blocking {
            try client.exchange(#"{"jsonrpc":"2.0","id":3,"method":"\#(method)","params":{"\#(unknownMember)":"x"}}"#)
        }
        #expect(errorCode(unknown) == -32602 && unknown["error"]?["message"]?.stringValue?.contains(unknownMember) == true, "\(unknown)")
    }
}
