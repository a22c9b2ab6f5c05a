import Foundation
import Testing

@testable import Guidance

/// A maneuver as a guidance engine builds it for CarPlay decodes: the display-only members are
/// accepted, kept as they came and never spoken; anything else unknown is still refused.
@Suite struct CarPlayManeuverDecodingTests {
    func decode(_ json: String) throws -> Maneuver {
        try JSONDecoder().decode(Maneuver.self, from: Data(json.utf8))
    }

    func failure(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return context.debugDescription
        } catch let DecodingError.typeMismatch(_, context) {
            return "type mismatch at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        } catch {
            return "\(error)"
        }
    }

    /// A full CPManeuver of a real engine (every display member Apple documents), forwarded as it is.
    static let realManeuver = """
        {"type": "highwayOffRampRight", "junctionType": "intersection", "trafficSide": "right", "state": "initial",
         "roadName": "Solar Cir.", "exitNumber": "12B", "distanceRemaining": 1200,
         "instructionVariants": ["Take exit 12B toward Solar Cir.", "Exit 12B"],
         "attributedInstructionVariants": ["Take exit 12B toward Solar Cir."],
         "dashboardInstructionVariants": ["Exit 12B"], "dashboardAttributedInstructionVariants": ["Exit 12B"],
         "notificationInstructionVariants": ["Take exit 12B"], "notificationAttributedInstructionVariants": ["Take exit 12B"],
         "roadFollowingManeuverVariants": ["Follow I-95 N"], "currentRoadNameVariants": ["Interstate 95 North", "I-95 N"],
         "highwayExitLabel": "Exit 12B",
         "symbolImage": "exit-right", "junctionImage": "junction-12b", "dashboardSymbolImage": "exit-right-small",
         "dashboardJunctionImage": "junction-12b-small", "notificationSymbolImage": "exit-right-tiny",
         "symbolSet": {"lightContentImage": "exit-right-light", "darkContentImage": "exit-right-dark"}}
        """

    @Test func aRealCarPlayManeuverIsAcceptedAndEveryDisplayFieldKept() throws {
        let maneuver = try decode(Self.realManeuver)
        #expect(maneuver.type == .highwayOffRampRight && maneuver.state == .initial && maneuver.exitNumber == "12B")
        #expect(Set(maneuver.carPlayDisplay.keys) == Set(CarPlayDisplayField.allCases))
        #expect(maneuver.carPlayDisplay[.highwayExitLabel] == .text("Exit 12B"))
        #expect(maneuver.carPlayDisplay[.currentRoadNameVariants] == .texts(["Interstate 95 North", "I-95 N"]))
        #expect(
            maneuver.carPlayDisplay[.symbolSet]
                == .imageSet(CarPlayImageSet(lightContentImage: "exit-right-light", darkContentImage: "exit-right-dark")))
    }

    @Test func displayFieldsAreNeverSpoken() throws {
        let composer = try PackFiles.composer("en-US")
        let forwarded = try decode(Self.realManeuver)
        var bare = forwarded
        bare.carPlayDisplay = [:]
        for state in ManeuverState.allCases {
            #expect(composer.compose(forwarded, state: state, distance: 800) == composer.compose(bare, state: state, distance: 800))
        }
        let text = composer.compose(forwarded, state: .initial, distance: 800)
        #expect(!text.contains("Interstate 95 North") && !text.contains("Follow"), "\(text)")
    }

    @Test func theDisplayFieldsSurviveEncoding() throws {
        let maneuver = try decode(Self.realManeuver)
        let again = try JSONDecoder().decode(Maneuver.self, from: JSONEncoder().encode(maneuver))
        #expect(again == maneuver)
    }

    @Test(arguments: CarPlayDisplayField.allCases)
    func eachDisplayFieldOfTheWrongShapeIsRefusedNamingIt(field: CarPlayDisplayField) throws {
        // An image name where a list is due and the other way round: the shape is still checked.
        let wrong = field.shape == .texts ? #""Exit 12B""# : #"["Exit 12B"]"#
        let message = try #require(failure(#"{"type": "leftTurn", "\#(field.rawValue)": \#(wrong)}"#))
        #expect(message.contains(field.rawValue), "\(message)")
    }

    @Test func aSymbolSetWithAnUnknownMemberIsRefused() throws {
        let message = try #require(failure(#"{"type": "leftTurn", "symbolSet": {"lightContentImage": "a", "tint": "red"}}"#))
        #expect(message == "Unknown symbolSet member \"tint\"; allowed: lightContentImage, darkContentImage")
    }

    @Test func unknownMembersOutsideTheListAreStillRefusedAndTheListIsNamed() throws {
        for typo in ["symbolName", "junctionImageName", "currentRoad", "highwayExitlabel", "userInfo"] {
            let message = try #require(failure(#"{"type": "leftTurn", "\#(typo)": "x"}"#), "\(typo)")
            #expect(message.hasPrefix("Unknown maneuver member \"\(typo)\"; allowed: type, junctionType"), "\(message)")
            #expect(message.contains("highwayExitLabel") && message.contains("symbolSet"))
        }
    }

    @Test func carPlaysSwiftSpellingsAreAliases() throws {
        #expect(try decode(#"{"type": "enter_Ferry"}"#).type == .enterFerry)
        for (alias, type) in ManeuverType.aliases {
            #expect(try decode(#"{"type": "\#(alias)"}"#).type == type)
            #expect(ManeuverType(rawValue: alias) == nil, "an alias is not a type of its own")
        }
        // Encoding writes our spelling.
        let json = try JSONEncoder().encode(try decode(#"{"type": "enter_Ferry"}"#))
        #expect(String(decoding: json, as: UTF8.self).contains(#""type":"enterFerry""#))
        // Near misses are still refused.
        #expect(failure(#"{"type": "enter_ferry"}"#)?.hasPrefix("Unknown maneuver type \"enter_ferry\"") == true)
        #expect(failure(#"{"type": "exit_Ferry"}"#)?.hasPrefix("Unknown maneuver type \"exit_Ferry\"") == true)
    }
}
