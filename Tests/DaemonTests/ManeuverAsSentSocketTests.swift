import AudioTestSupport
import Foundation
import RPC
import Testing

/// Maneuvers exactly as CarPlay apps send them (issue 33, group 3), through guidance in the real
/// voxnavd: what its plan says for each update is what is spoken. Words only, nothing read back from
/// the server: server-agnostic (scripts/test runs it on bare PulseAudio), its daemons beside others'
/// (`playsOnly`).
@Suite struct ManeuverAsSentSocketTests {
    /// Drives toward `first` (and the maneuvers sent behind it, at the same place) from 1500 m at
    /// 15 m/s, and returns every prompt planned. The maneuvers are described in the first update only.
    static func drive(
        language: String = "en-US", start: [String: JSONValue] = [:], first: String, behind: [(id: String, json: String)] = []
    ) async throws -> [JSONValue] {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = try daemon.connect()
            let params = start.merging(["language": .string(language)]) { _, new in new }
            _ = try await blocking { try client.call("guidance.start", .object(params)) }
            var planned: [JSONValue] = []
            var distance = 1500.0
            var time = 0.0
            while distance > -10 {
                let described = time == 0
                let items =
                    [#"{"id":"m1","distance":\#(distance)\#(described ? #","maneuver":\#(first)"# : "")}"#]
                    + behind.map { #"{"id":"\#($0.id)","distance":\#(distance)\#(described ? #","maneuver":\#($0.json)"# : "")}"# }
                let frame =
                    #"{"jsonrpc":"2.0","id":\#(Int(time)),"method":"guidance.update","params":{"time":\#(time),"speed":15,"maneuvers":[\#(items.joined(separator: ","))]}}"#
                let reply = try await blocking { try client.exchange(frame) }
                #expect(reply["error"] == nil, "\(reply)")
                planned += reply["result"]?["prompts"]?.arrayValue ?? []
                distance -= 15
                time += 1
            }
            _ = try await blocking { try client.call("prompt.cancel", .object([:])) }
            await daemon.stop()
            return planned
        }
    }

    @Test func aJunctionImageManeuverIsNeitherAnnouncedNorChained() async throws {
        let lanes = #"[{"angle":0,"status":"notGood"},{"angle":30,"status":"preferred"}]"#
        let junction =
            #"{"type":"straightAhead","instructionVariants":[],"lanes":\#(lanes),"junctionImage":"junction-12","dashboardJunctionImage":"junction-12-small"}"#
        let planned = try await Self.drive(
            first: #"{"type":"offRamp","exitNumber":"12","towards":"Airport"}"#, behind: [("m1-junction", junction)])
        // An exit's (no prepare at motorway speed), and only the exit's.
        #expect(planned.compactMap { $0["state"]?.stringValue } == ["initial", "execute"], "\(planned)")
        #expect(planned.allSatisfy { $0["maneuverID"] == .string("m1") && $0["chainedManeuverID"] == nil }, "\(planned)")
        let texts = planned.compactMap { $0["text"]?.stringValue }
        #expect(texts == ["In 1 mile, take exit 12 toward Airport. Use the right lane", "Take exit 12 toward Airport"], "\(texts)")
        #expect(texts.allSatisfy { !$0.contains("hen ") }, "no \"then\": \(texts)")
    }

    @Test func aRoadNamedOnlyInTheInstructionIsSaidExpandedAndLeftOutWithoutRoadNames() async throws {
        let turn = #"{"type":"rightTurn","instructionVariants":["Turn Right on Solar Cir.","Turn Right"]}"#
        let named = try await Self.drive(first: turn).compactMap { $0["text"]?.stringValue }
        #expect(
            named == ["In 1 mile, turn right onto Solar Circle", "In 1000 feet, turn right onto Solar Circle", "Turn right onto Solar Circle"], "\(named)")
        let unnamed = try await Self.drive(start: ["roadNames": .bool(false)], first: turn).compactMap { $0["text"]?.stringValue }
        #expect(unnamed == ["In 1 mile, turn right", "In 1000 feet, turn right", "Turn right now"], "\(unnamed)")
        // 2GIS: the street only in the instruction, in Polish, its "ul." said in full.
        let polish = try await Self.drive(
            language: "pl", first: #"{"type":"rightTurn","instructionVariants":["Skręć w prawo w ul. Kutateladze","Skręć w prawo"]}"#)
        let texts = polish.compactMap { $0["text"]?.stringValue }
        #expect(texts.count == 3 && texts.allSatisfy { $0.contains("Kutateladze") && !$0.contains("ul.") }, "\(texts)")
        // Nothing that looks like a name: said without one.
        let plain = try await Self.drive(first: #"{"type":"rightTurn","instructionVariants":["Turn right on the ramp","Turn right"]}"#)
        #expect(plain.compactMap { $0["text"]?.stringValue }.last == "Turn right now", "\(plain)")
    }

    @Test func theLanesAnglesAndPlaceChooseTheLaneAdvicesWords() async throws {
        let second = #"[{"angle":0,"status":"notGood"},{"angle":0,"status":"preferred"},{"angle":0,"status":"notGood"},{"angle":0,"status":"notGood"}]"#
        let counted = try await Self.drive(first: #"{"type":"rightTurn","roadName":"Solar Cir.","lanes":\#(second)}"#)
        #expect(
            counted.compactMap { $0["text"]?.stringValue }.first == "In 1 mile, turn right onto Solar Circle. Use the second lane from the left", "\(counted)")
        // Every lane good: only the angles tell the right lane, the one leading right.
        let allGood = #"[{"angle":0,"status":"good"},{"angle":0,"status":"good"},{"angle":90,"status":"good"}]"#
        let byAngle = try await Self.drive(language: "de", first: #"{"type":"rightTurn","lanes":\#(allGood)}"#)
        #expect(byAngle.compactMap { $0["text"]?.stringValue }.first == "In eineinhalb Kilometern rechts abbiegen. Rechte Spur benutzen", "\(byAngle)")
    }

    @Test func theJunctionTypeAndTrafficSideChangeTheWords() async throws {
        let turn = try await Self.drive(first: #"{"type":"rightTurn","junctionType":"roundabout","roadName":"Solar Cir."}"#)
        #expect(
            turn.compactMap { $0["text"]?.stringValue }
                == [
                    "In 1 mile, at the roundabout, turn right onto Solar Circle", "In 1000 feet, at the roundabout, turn right onto Solar Circle",
                    "At the roundabout, turn right onto Solar Circle",
                ],
            "\(turn)")
        let clockwise = try await Self.drive(language: "de", first: #"{"type":"roundaboutExit2","trafficSide":"left"}"#)
        #expect(
            clockwise.compactMap { $0["text"]?.stringValue }.first == "In eineinhalb Kilometern im Kreisverkehr im Uhrzeigersinn die zweite Ausfahrt nehmen",
            "\(clockwise)")
        // The same roundabout in right-hand traffic, as before.
        let anticlockwise = try await Self.drive(language: "de", first: #"{"type":"roundaboutExit2","trafficSide":"right"}"#)
        #expect(
            anticlockwise.compactMap { $0["text"]?.stringValue }.first == "In eineinhalb Kilometern im Kreisverkehr die zweite Ausfahrt nehmen",
            "\(anticlockwise)")
    }

    /// `prompt.speak` takes a maneuver as CarPlay sends it too: the road of its instruction is said,
    /// and a junction picture as its `then` is no "then"; played to its end (the reply's `finished`:
    /// nothing here reads `car.monitor`).
    @Test func aManeuverSpokenDirectlyIsSaidAsGuidanceSaysIt() async throws {
        try await AudioServerLock.shared.withLock(.playsOnly) {
            let daemon = try await RealDaemon.start()
            let client = daemon.client
            let turn = #"{"type":"rightTurn","state":"initial","distanceRemaining":250,"instructionVariants":["Turn Right on Solar Cir.","Turn Right"]}"#
            let junction = #"{"type":"straightAhead","junctionImage":"junction-12"}"#
            let spoken = try await blocking {
                try client.exchange(#"{"jsonrpc":"2.0","id":1,"method":"prompt.speak","params":{"language":"en-US","maneuver":\#(turn),"then":\#(junction)}}"#)
            }
            #expect(spoken["result"]?["result"] == .string("finished"), "\(spoken)")
            #expect(spoken["result"]?["text"] == .string("In 800 feet, turn right onto Solar Circle"), "\(spoken)")
            await daemon.stop()
        }
    }
}
