import Foundation
import Testing

@testable import Guidance

@Suite struct ManeuverDecodingTests {
    func decode(_ json: String) throws -> Maneuver {
        try JSONDecoder().decode(Maneuver.self, from: Data(json.utf8))
    }

    /// The message a decoding failure carries.
    func failure(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return context.debugDescription
        } catch {
            return "\(error)"
        }
    }

    @Test func fullManeuverDecodes() throws {
        let maneuver = try decode(
            """
            {"type": "highwayOffRampRight", "junctionType": "intersection", "trafficSide": "left",
             "lanes": [{"angle": 0, "status": "notGood"}, {"angle": 45, "status": "preferred"}],
             "state": "prepare", "instructionVariants": ["Take exit 12B toward Solar Cir.", "Exit 12B"],
             "roadName": "Solar Cir.", "routeNumber": "I-95", "exitNumber": "12B",
             "distanceRemaining": 412.5, "timeRemaining": 21}
            """)
        #expect(
            maneuver
                == Maneuver(
                    type: .highwayOffRampRight, junctionType: .intersection, trafficSide: .left,
                    lanes: [Lane(angle: 0, status: .notGood)!, Lane(angle: 45, status: .preferred)!], state: .prepare,
                    instructionVariants: ["Take exit 12B toward Solar Cir.", "Exit 12B"], roadName: "Solar Cir.",
                    routeNumber: "I-95", exitNumber: "12B", distanceRemaining: 412.5, timeRemaining: 21))
    }

    @Test func minimalManeuverTakesDefaults() throws {
        let maneuver = try decode(#"{"type": "uTurn"}"#)
        #expect(maneuver.trafficSide == .right)
        #expect(maneuver.state == .continue)
        #expect(maneuver.lanes.isEmpty)
        #expect(maneuver.roadName == nil)
    }

    /// Without `trafficSide`, right-hand traffic is assumed, and the maneuver says it was; one given,
    /// or set later, is not assumed. Encoded, an assumed side is left out, so that it stays assumed.
    @Test func aMissingTrafficSideIsRightHandAndSaidToBeAssumed() throws {
        var maneuver = try decode(#"{"type": "roundaboutExit2"}"#)
        #expect(maneuver.trafficSide == .right && maneuver.trafficSideAssumed)
        let json = String(decoding: try JSONEncoder().encode(maneuver), as: UTF8.self)
        #expect(!json.contains("trafficSide"), "\(json)")
        #expect(try decode(json) == maneuver)
        #expect(try decode(#"{"type": "roundaboutExit2", "trafficSide": "right"}"#).trafficSideAssumed == false)
        maneuver.trafficSide = .left
        #expect(!maneuver.trafficSideAssumed && maneuver.trafficSide == .left)
        #expect(Maneuver(type: .leftTurn).trafficSideAssumed && !Maneuver(type: .leftTurn, trafficSide: .right).trafficSideAssumed)
    }

    @Test func encodingRoundTrips() throws {
        let maneuver = Maneuver(
            type: .roundaboutExit7, junctionType: .roundabout, trafficSide: .left,
            lanes: [Lane(angle: -180, status: .good)!], state: .execute, roadName: "Ring",
            distanceRemaining: 30)
        let json = try JSONEncoder().encode(maneuver)
        #expect(try JSONDecoder().decode(Maneuver.self, from: json) == maneuver)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"junctionType\":\"roundabout\"") && text.contains("\"distanceRemaining\":30"))
    }

    @Test(arguments: ManeuverType.allCases)
    func everyTypeDecodesFromItsName(type: ManeuverType) throws {
        #expect(try decode(#"{"type": "\#(type.rawValue)"}"#).type == type)
    }

    @Test func thereAreThirtyFiveTypesPlusNineteenRoundaboutExits() {
        #expect(ManeuverType.allCases.count == 35 + 19)
        #expect(ManeuverType.allCases.compactMap(\.roundaboutExitNumber) == Array(1...19))
        #expect(ManeuverType.roundaboutExit(20) == nil)
        #expect(ManeuverType.roundaboutExit(0) == nil)
    }

    @Test func roundaboutExit20IsRejectedNamingTheAllowedTypes() throws {
        let message = try #require(failure(#"{"type": "roundaboutExit20"}"#))
        #expect(message.contains("\"roundaboutExit20\""))
        #expect(message.contains("roundaboutExit19"))
        #expect(message.contains("arriveAtDestination"))
    }

    @Test func unknownTypeIsRejected() throws {
        let message = try #require(failure(#"{"type": "teleport"}"#))
        #expect(message.hasPrefix("Unknown maneuver type \"teleport\"; allowed: arriveAtDestination"))
    }

    @Test(arguments: [200.0, -180.5, 1000])
    func laneAngleOutOfRangeIsRejected(angle: Double) throws {
        let message = try #require(failure(#"{"type": "leftTurn", "lanes": [{"angle": \#(angle), "status": "good"}]}"#))
        #expect(message.contains("out of range") && message.contains("-180...180"))
        #expect(Lane(angle: angle, status: .good) == nil)
    }

    @Test func unknownMembersAreRejectedNotIgnored() throws {
        let typo = try #require(failure(#"{"type": "leftTurn", "roadname": "Main St."}"#))
        #expect(typo.hasPrefix("Unknown maneuver member \"roadname\"; allowed: type, junctionType"), "\(typo)")
        #expect(typo.contains("roadName"))
        let lane = try #require(failure(#"{"type": "leftTurn", "lanes": [{"angle": 0, "status": "good", "color": "red"}]}"#))
        #expect(lane == "Unknown lane member \"color\"; allowed: angle, status")
    }

    @Test func badLaneStatusIsRejected() throws {
        let message = try #require(failure(#"{"type": "leftTurn", "lanes": [{"angle": 0, "status": "ok"}]}"#))
        #expect(message == "Unknown lane status \"ok\"; allowed: notGood, good, preferred")
    }

    @Test func badStateJunctionAndTrafficSideAreRejected() throws {
        #expect(
            failure(#"{"type": "leftTurn", "state": "soon"}"#)
                == "Unknown maneuver state \"soon\"; allowed: continue, initial, prepare, execute")
        #expect(
            failure(#"{"type": "leftTurn", "junctionType": "fork"}"#)
                == "Unknown junction type \"fork\"; allowed: intersection, roundabout")
        #expect(
            failure(#"{"type": "leftTurn", "trafficSide": "middle"}"#)
                == "Unknown traffic side \"middle\"; allowed: right, left")
    }

    @Test func sidesAndFamiliesCoverEveryType() {
        #expect(ManeuverFamily.allCases.flatMap(\.types).count == ManeuverType.allCases.count)
        #expect(ManeuverType.leftTurn.side == .left && ManeuverType.highwayOffRampRight.side == .right)
        #expect(ManeuverType.straightAhead.side == nil && ManeuverType.roundaboutExit4.side == nil)
        #expect(ManeuverType.allCases.filter { $0.side != nil }.count == 16)
    }
}
