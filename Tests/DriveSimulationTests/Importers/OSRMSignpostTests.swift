import Foundation
import Guidance
import Testing

@testable import DriveSimulation

/// OSRM's own test response (Korea to Portugal, 422 steps): signposts, exits, rotary names, the
/// departure's heading and the road before each maneuver.
@Suite struct OSRMSignpostTests {
    static let route = Result { try RouteResponses.route(.osrm("osrm-korea-to-portugal.json")) }

    @Test func everyStepIsAManeuver() throws {
        let route = try Self.route.get()
        #expect(route.maneuvers.count == 422)
        #expect(route.maneuvers.first?.maneuver.type == .startRoute && route.maneuvers.last?.maneuver.type == .arriveAtDestinationLeft)
        #expect(abs(route.length - 13_444_776.2) < 1)
    }

    @Test func theDepartureHasItsHeadingAndEachManeuverTheRoadBefore() throws {
        let route = try Self.route.get()
        let start = route.maneuvers[0].maneuver
        #expect(start.heading == 274 && start.roadName == "금강로" && start.routeNumber == "68" && start.currentRoadName == nil)
        #expect(route.maneuvers.dropFirst().allSatisfy { $0.maneuver.heading == nil })
        #expect(route.maneuvers[1].maneuver.currentRoadName == "금강로")
        #expect(route.maneuvers[2].maneuver.currentRoadName == "인삼로")
        // An unnamed step leaves the next maneuver without a current road.
        #expect(route.maneuvers[3].maneuver.currentRoadName == nil)
    }

    @Test func signpostsExitsAndRotaries() throws {
        let route = try Self.route.get()
        let m = route.maneuvers.map(\.maneuver)
        // "G16: 岫岩, 海城, 盘锦, 北京": the places, not the ref.
        #expect(m[85].type == .highwayOffRampRight && m[85].towards == "岫岩, 海城, 盘锦, 北京")
        // A destination that is only refs is said as they are.
        #expect(m[343].towards == "A 44")
        #expect(m[328].exitNumber == "86" && m[328].towards == "Frankfurt a.M., Siegen, Hagen, Dortmund-Süd")
        #expect(m[410].exitNumber == "30")
        #expect(m[305].rotaryName == "Rondo księdza Wojciecha Pełkowskiego" && m[305].junctionType == .roundabout)
        #expect(m[305].towards == "Białystok, Warszawa" && m[305].routeNumber == "65")
        #expect(m[153].rotaryName == "объездная на Турлыханова/M38")
        #expect(m.filter { $0.towards != nil }.count == 55)
        #expect(m.filter { $0.rotaryName != nil }.count == 5)
        #expect(m.filter { $0.exitNumber != nil }.count == 2)
        #expect(m.allSatisfy { $0.trafficSide == .right })
    }

    @Test func towardsKeepsThePlaces() {
        #expect(Route.towards("A 7: Hamburg, Kiel") == "Hamburg, Kiel")
        #expect(Route.towards("A 7") == "A 7")
        #expect(Route.towards("A 7: ") == "A 7")
        #expect(Route.towards("Neuss, Düsseldorf") == "Neuss, Düsseldorf")
        #expect(Route.towards(" ") == nil && Route.towards(nil) == nil)
    }
}
