import Foundation
import Guidance
import PropertyBased
import Testing

@testable import DriveSimulation

/// Random responses shaped as the engines send them: whatever the codes, lengths, units and
/// names, every maneuver is placed at the summed lengths before it, typed by the table, and knows
/// the road before it.
@Suite struct ImporterPropertyTests {
    static let names = ["Lebuser Straße", "B 96", "Karl-Marx-Allee", "A 100", "Main Street"]
    /// (type code, length in the trip's units, seconds, names, roundabout exit count).
    static let valhallaManeuvers = PropertyBased.zip(
        Gen.int(in: 0...43), Gen.int(in: 0...5000), Gen.int(in: 0...600), Gen.int(in: 0...31).array(of: 0...3), Gen.int(in: 0...25)
    ).array(of: 0...30)

    @Test func valhallaManeuversAreTypedPlacedAndNamed() async {
        await propertyCheck(count: 200, input: Self.valhallaManeuvers, Gen.bool) { middle, miles in
            // A start and an arrival around random maneuvers; start codes in the middle are kept (one leg).
            let items = [(1, 120, 10, [2], 0)] + middle + [(4, 0, 0, [Int](), 0)]
            let maneuvers: [[String: Any]] = items.map { code, length, time, names, exits in
                [
                    "type": code, "length": Double(length) / 1000, "time": Double(time),
                    "street_names": names.map { Self.names[$0 % Self.names.count] }, "roundabout_exit_count": exits,
                    "instruction": "ignored", "cost": 1.5,
                ]
            }
            let json: [String: Any] = ["trip": ["units": miles ? "miles" : "kilometers", "legs": [["maneuvers": maneuvers]]]]
            let route = try Route(valhallaJSON: try JSONSerialization.data(withJSONObject: json))
            let unit = miles ? 1609.344 : 1000
            #expect(route.maneuvers.count == items.count)
            var position = 0.0
            for (index, (item, routed)) in zip(items, route.maneuvers).enumerated() {
                #expect(routed.maneuver.type == ValhallaManeuverMapping.type(item.0, roundaboutExitCount: item.4), "m\(index)")
                #expect(abs(routed.position - position) < 1e-6, "m\(index)")
                let names = item.3.map { Self.names[$0 % Self.names.count] }
                #expect(routed.maneuver.roadName == (names.first { !NameChange.isRouteNumber($0) } ?? names.first))
                let before = index == 0 ? [] : items[index - 1].3.map { Self.names[$0 % Self.names.count] }
                #expect(routed.maneuver.currentRoadName == (before.first { !NameChange.isRouteNumber($0) } ?? before.first))
                position += Double(item.1) / 1000 * unit
            }
        }
    }

    /// (sign, meters, milliseconds, street name).
    static let graphHopperInstructions = PropertyBased.zip(
        Gen.int(in: 0..<GraphHopperManeuverMapping.signs.count), Gen.double(in: 0...3000), Gen.int(in: 0...600_000), Gen.int(in: 0...5)
    ).array(of: 0...30)

    @Test func graphHopperInstructionsAreTypedPlacedAndNamed() async {
        await propertyCheck(count: 200, input: Self.graphHopperInstructions, Gen.double(in: -360...720)) { middle, heading in
            let items = [(8, 50.0, 6000, 0)] + middle + [(12, 0.0, 0, 5)]  // sign index 8: CONTINUE_ON_STREET; 12: FINISH
            let instructions: [[String: Any]] = items.enumerated().map { index, item in
                var instruction: [String: Any] = [
                    "sign": GraphHopperManeuverMapping.signs[item.0], "distance": item.1, "time": item.2,
                    "street_name": item.3 < Self.names.count ? Self.names[item.3] : "", "text": "ignored",
                ]
                if index == 0 { instruction["heading"] = heading }
                return instruction
            }
            let json: [String: Any] = ["paths": [["instructions": instructions, "distance": 0, "weight": 1]]]
            let route = try Route(graphHopperJSON: try JSONSerialization.data(withJSONObject: json))
            let signs = items.map { GraphHopperManeuverMapping.signs[$0.0] }
            // The continue right after a via point starts the next leg: dropped, its length kept.
            let kept = signs.indices.filter { $0 == 0 || !(signs[$0] == 0 && signs[$0 - 1] == 5) }
            #expect(route.maneuvers.count == kept.count)
            #expect(abs(route.length - items.map(\.1).reduce(0, +)) < 1e-6)
            #expect(route.maneuvers[0].maneuver.heading == Heading.normalized(heading))
            #expect(route.maneuvers[0].maneuver.type.family == .starts)
            for (routed, index) in zip(route.maneuvers, kept) {
                #expect(abs(routed.position - items[..<index].map(\.1).reduce(0, +)) < 1e-6)
                if index > 0 { #expect(routed.maneuver.type == GraphHopperManeuverMapping.type(signs[index])) }
                #expect(routed.maneuver.roadName == (items[index].3 < Self.names.count ? Self.names[items[index].3] : nil))
                let before = index > 0 && items[index - 1].3 < Self.names.count ? Self.names[items[index - 1].3] : nil
                #expect(routed.maneuver.currentRoadName == before)
            }
            let seconds = route.maneuvers.compactMap(\.durationFromPrevious).reduce(0, +)
            #expect(abs(seconds - Double(items.dropLast().map(\.2).reduce(0, +)) / 1000) < 1e-6)
        }
    }
}
