import AudioTestSupport
import Foundation
import RPC
import RPCSocket
import Testing

/// `guidance.start`'s verbosity against the real voxnavd, read back from its results and prompt events.
@Suite struct VerbositySocketTests {
    private func errorCode(_ reply: JSONValue) -> Int? { reply["error"]?["code"]?.doubleValue.map { Int($0) } }

    /// The prompts planned for one update: a right turn onto Baker Street `distance` meters ahead at 12.5 m/s.
    private func planned(_ client: RPCClient, _ time: Double, _ distance: Double, describe: Bool) async throws -> [String] {
        let maneuver = describe ? #","maneuver":{"type":"rightTurn","roadName":"Baker St."}"# : ""
        let reply = try await blocking {
            try client.exchange(
                #"{"jsonrpc":"2.0","id":\#(Int(time)),"method":"guidance.update","params":{"time":\#(time),"speed":12.5,"maneuvers":[{"id":"m1","distance":\#(distance)\#(maneuver)}]}}"#
            )
        }
        return reply["result"]?["prompts"]?.arrayValue?.compactMap { $0["text"]?.stringValue } ?? ["error: \(reply)"]
    }

    @Test func briefSaysOnlyTurnNowInTownAndDetailedSaysTheLateInitial() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let recorder = try EventRecorder(socketPath: daemon.socket, types: ["prompt"])
            let brief = try await blocking {
                try client.call("guidance.start", .object(["language": .string("en-GB"), "verbosity": .string("brief")]))
            }
            #expect(brief["verbosity"] == .string("brief"), "\(brief)")
            // 45 km/h is no fast road: no initial, no prepare; "turn now" comes.
            #expect(try await planned(client, 0, 1400, describe: true) == [])
            #expect(try await planned(client, 90, 275, describe: false) == [])
            #expect(try await planned(client, 110, 40, describe: false) == ["Turn right onto Baker Street"])

            // A bad verbosity is refused naming it, and the running guidance is left as it was.
            let bad = try await blocking {
                try client.exchange(#"{"jsonrpc":"2.0","id":7,"method":"guidance.start","params":{"verbosity":"chatty"}}"#)
            }
            #expect(errorCode(bad) == -32602 && bad["error"]?["message"]?.stringValue?.contains("verbosity") == true, "\(bad)")
            #expect(try await planned(client, 111, 28, describe: false) == [], "the brief guidance goes on: nothing new")

            // Joining 800 m before the turn: normal guidance has missed its initial; detailed says it.
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-GB")])) }
            #expect(try await planned(client, 200, 800, describe: true) == [])
            let detailed = try await blocking {
                try client.call("guidance.start", .object(["language": .string("en-GB"), "verbosity": .string("detailed")]))
            }
            #expect(detailed["verbosity"] == .string("detailed"), "\(detailed)")
            let initial = try await planned(client, 300, 800, describe: true)
            #expect(initial.count == 1 && initial.first?.contains("Baker Street") == true, "\(initial)")
            // Its prepare says the road too (the whole action). An update a second before it: after
            // 41 s without one the announcer would plan for updates 3 s apart, and a prepare that long
            // before its final instruction's window would not fit.
            #expect(try await planned(client, 340, 282.5, describe: false) == [])
            let prepare = try await planned(client, 341, 270, describe: false)
            #expect(prepare.count == 1 && prepare.first?.contains("Baker Street") == true, "\(prepare)")

            let queued = { recorder.events.filter { $0["type"] == .string("prompt.queued") }.compactMap { $0["text"]?.stringValue } }
            #expect(await recorder.wait { _ in queued().count >= 3 }, "\(recorder.events)")
            #expect(queued() == ["Turn right onto Baker Street"] + initial + prepare, "\(queued())")
            await daemon.stop()
        }
    }
}
