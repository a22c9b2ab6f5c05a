import RPC
import Testing

@testable import DriveSimulation

/// `DriveTimeline.daemonLimitProblems`: what voxnavd would refuse of a drive, found from the route
/// and the speeds alone, against the daemon's own constants (issue 50, row 18).
@Suite struct DaemonLimitTests {
    private func problems(_ spacings: [Double], speed: Double, lookahead: Int = DriveTimeline.defaultLookahead) -> [String] {
        let kinematics = DriveKinematics(route: KinematicsTests.route(spacings), speed: .constant(speed))
        return DriveTimeline(kinematics: kinematics, lookahead: lookahead).daemonLimitProblems().map(\.description)
    }

    @Test func anOrdinaryDriveHasNone() {
        #expect(problems([250, 300, 100], speed: 14).isEmpty)
        // At the limits themselves: 100 m/s, and 15 days to arrive.
        #expect(problems([1000], speed: GuidanceUpdate.maximumSpeed).isEmpty)
        #expect(problems([TripReport.maximumTime * 0.005], speed: 0.01).isEmpty)
    }

    @Test func aSlowDriveTakesLongerThanATripMay() {
        #expect(
            problems([1000], speed: 0.001 / 3.6) == [
                "speed: at this speed the route's 1 km take 41.7 days to drive; voxnavd takes a trip of at most 30 days to go (a faster speed, or a shorter route)"
            ])
    }

    @Test func aFastOneIsFasterThanAReportMayBe() {
        #expect(problems([1000], speed: 500 / 3.6) == ["speed: the vehicle reaches 500 km/h at 0:00; voxnavd takes a speed of at most 360 km/h (100 m/s)"])
    }

    @Test func aLongRouteAndFarManeuvers() {
        // 60,000 km in three stretches of 20,000 km: too long a trip, and each next maneuver too far ahead.
        let found = problems([20_000_000, 20_000_000, 20_000_000], speed: 100)
        #expect(found.contains("route: the route is 60000 km long; voxnavd takes a trip of at most 50000 km to go"), "\(found)")
        #expect(found.contains("route: an update would list a maneuver 60000 km ahead; voxnavd takes maneuvers at most 5000 km ahead"), "\(found)")
        // One maneuver ahead at a time: 20,000 km.
        #expect(problems([20_000_000, 20_000_000, 20_000_000], speed: 100, lookahead: 1).contains { $0.contains("20000 km ahead") })
    }

    @Test func aNameLongerThanTheDaemonTakes() {
        var route = KinematicsTests.route([500, 500])
        var maneuvers = route.maneuvers
        maneuvers[1].maneuver.roadName = String(repeating: "Hauptstr. ", count: 40)
        route = Route(maneuvers: maneuvers)
        let kinematics = DriveKinematics(route: route, speed: .constant(14))
        let found = DriveTimeline(kinematics: kinematics).daemonLimitProblems().map(\.description)
        #expect(found.count == 1 && found[0].hasPrefix("route.maneuvers[1]: roadName must be at most 300 characters, not 400"), "\(found)")
    }
}
