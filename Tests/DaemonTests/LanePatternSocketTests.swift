import AudioTestSupport
import Foundation
import RPC
import Testing

/// Apple's lane pattern through guidance: the lane-only second maneuver is heard as the first one's
/// lane advice, never as a "then" and never as a prompt of its own.
@Suite struct LanePatternSocketTests {
    @Test func theLaneManeuverIsTheFirstOnesAdviceInGuidance() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = try daemon.connect()
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
            let lanes = #"[{"angle":0,"status":"notGood"},{"angle":0,"status":"notGood"},{"angle":30,"status":"preferred"}]"#
            let laneOnly = #"{"type":"straightAhead","instructionVariants":[],"lanes":\#(lanes),"symbolSet":{"lightContentImage":"l","darkContentImage":"d"}}"#
            var planned: [JSONValue] = []
            var distance = 1500.0
            var time = 0.0
            while distance > -10 {
                let first = time == 0
                let turn = first ? #","maneuver":{"type":"rightTurn","roadName":"Solar Cir."}"# : ""
                let lane = first ? #","maneuver":\#(laneOnly)"# : ""
                let frame =
                    #"{"jsonrpc":"2.0","id":\#(Int(time)),"method":"guidance.update","params":{"time":\#(time),"speed":15,"maneuvers":[{"id":"m1","distance":\#(distance)\#(turn)},{"id":"m1-lanes","distance":\#(distance)\#(lane)}]}}"#
                let reply = try await blocking { try client.exchange(frame) }
                #expect(reply["error"] == nil, "\(reply)")
                planned += reply["result"]?["prompts"]?.arrayValue ?? []
                distance -= 15
                time += 1
            }
            #expect(planned.compactMap { $0["state"]?.stringValue } == ["initial", "prepare", "execute"], "\(planned)")
            #expect(planned.allSatisfy { $0["maneuverID"] == .string("m1") && $0["chainedManeuverID"] == nil }, "\(planned)")
            let texts = planned.compactMap { $0["text"]?.stringValue }
            #expect(texts.first == "In 1 mile, turn right onto Solar Circle. Use the right lane", "\(texts)")
            #expect(texts.allSatisfy { !$0.contains("hen ") }, "no \"then\": \(texts)")
            _ = try await blocking { try client.call("prompt.cancel", .object([:])) }
            await daemon.stop()
        }
    }
}
