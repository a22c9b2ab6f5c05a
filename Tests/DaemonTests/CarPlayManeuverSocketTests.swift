import AudioTestSupport
import Foundation
import RPC
import Testing

/// A maneuver a guidance engine built for CarPlay, forwarded as it is to the real voxnavd.
@Suite struct CarPlayManeuverSocketTests {
    /// Every display-only member CarPlay's maneuver has, with Apple's spelling of the ferry type.
    static let forwarded = """
        {"type":"enter_Ferry","roadName":"Harbour Rd.","instructionVariants":["Take the ferry toward Harbour Rd.","Ferry"],\
        "attributedInstructionVariants":["Take the ferry"],"dashboardInstructionVariants":["Ferry"],\
        "dashboardAttributedInstructionVariants":["Ferry"],"notificationInstructionVariants":["Take the ferry"],\
        "notificationAttributedInstructionVariants":["Take the ferry"],"roadFollowingManeuverVariants":["Follow Quay St."],\
        "currentRoadNameVariants":["Quay Street","Quay St."],"highwayExitLabel":"Pier 3","symbolImage":"ferry",\
        "junctionImage":"pier-3","dashboardSymbolImage":"ferry-small","dashboardJunctionImage":"pier-3-small",\
        "notificationSymbolImage":"ferry-tiny","symbolSet":{"lightContentImage":"ferry-light","darkContentImage":"ferry-dark"}}
        """

    @Test func aRealCPManeuverIsSpokenAndAnUnknownMemberStillRefused() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            _ = try await blocking { try client.call("guidance.start", .object(["language": .string("en-US")])) }
            let update = try await blocking {
                try client.exchange(
                    #"{"jsonrpc":"2.0","id":1,"method":"guidance.update","params":{"time":0,"speed":13,"maneuvers":[{"id":"f1","distance":1300,"maneuver":\#(Self.forwarded)}]}}"#
                )
            }
            let prompts = update["result"]?["prompts"]?.arrayValue ?? []
            #expect(prompts.count == 1, "\(update)")
            let text = prompts.first?["text"]?.stringValue ?? ""
            // "Harbour Rd." names no ferry (no ferry word, no dash): the road beyond it, not said as
            // the ferry's name ("take the Harbour Road ferry"; FerryLineTests).
            #expect(text == "In three quarters of a mile, take the ferry", "\(update)")
            // Nothing CarPlay only shows is said.
            #expect(!text.contains("Quay") && !text.contains("Pier"))

            // The same maneuver spoken directly: heard to its end, with the same words.
            let atState = Self.forwarded.replacingOccurrences(of: #"{"type""#, with: #"{"state":"initial","distanceRemaining":1300,"type""#)
            let spoken = try await blocking {
                try client.exchange(#"{"jsonrpc":"2.0","id":2,"method":"prompt.speak","params":{"maneuver":\#(atState)}}"#)
            }
            #expect(spoken["result"]?["result"] == .string("finished"), "\(spoken)")
            #expect(spoken["result"]?["text"] == .string("In three quarters of a mile, take the ferry"), "\(spoken)")

            // A member outside the list is refused, naming it, and changes nothing.
            let before = try await blocking { try client.call("state.get") }
            let typo = try await blocking {
                try client.exchange(
                    #"{"jsonrpc":"2.0","id":3,"method":"prompt.speak","params":{"maneuver":{"type":"leftTurn","symbolName":"turn-left"}}}"#)
            }
            #expect(typo["error"]?["code"] == .number(-32602), "\(typo)")
            let message = typo["error"]?["message"]?.stringValue ?? ""
            #expect(message.contains("\"symbolName\"") && message.contains("symbolImage"), "\(message)")
            let after = try await blocking { try client.call("state.get") }
            #expect(after["promptsSpoken"] == before["promptsSpoken"] && after["promptsWaiting"] == .number(0))
            await daemon.stop()
        }
    }
}
