import Testing

@testable import Guidance

/// A motorway exit is an exit whatever type a guidance engine gives it: a fork or a turn with the
/// exit's number ("keep right at exit 15", as routes described from OpenStreetMap's motorway
/// junctions are) gets the motorway rule's early final instruction (12 s and 300 m for a car) at
/// any speed, as an off-ramp does; a roundabout's exit does not. Pure tests.
@Suite struct ExitNumberTests {
    @Test func aManeuverWithAMotorwayExitsNumberIsAnExit() {
        #expect(Maneuver(type: .keepRight, exitNumber: "15").isExitOrInterchange)
        #expect(Maneuver(type: .slightRightTurn, exitNumber: "2a").isExitOrInterchange)
        #expect(!Maneuver(type: .keepRight).isExitOrInterchange)
        #expect(Maneuver(type: .highwayOffRampRight).isExitOrInterchange)
        #expect(Maneuver(type: .offRamp).isExitOrInterchange)
        #expect(!Maneuver(type: .roundaboutExit2, exitNumber: "2").isExitOrInterchange)
        #expect(!Maneuver(type: .rightTurn, junctionType: .roundabout, exitNumber: "3").isExitOrInterchange)
    }

    /// Slowed to 60 km/h in traffic before an exit typed as a fork: its final instruction comes
    /// from 300 m on, where a fork without the number gets it at its words and reaction time.
    @Test func aForkWithAnExitNumberGetsItsFinalInstructionFromThreeHundredMeters() {
        func finalDistance(_ maneuver: Maneuver) -> Double? {
            var announcer = Announcer()
            let speed = 60 / 3.6
            var distance = 1500.0
            var time = 0.0
            while distance > 0 {
                let head = RouteProgress.UpcomingManeuver(id: "x", distance: distance, isExitOrInterchange: maneuver.isExitOrInterchange)
                if let said = announcer.update(RouteProgress(time: time, speed: speed, maneuvers: [head]), interval: 1).first(where: {
                    $0.state == .execute
                }) {
                    return said.distance
                }
                distance -= speed
                time += 1
            }
            return nil
        }
        let numbered = finalDistance(Maneuver(type: .keepRight, exitNumber: "15")) ?? 0
        let plain = finalDistance(Maneuver(type: .keepRight)) ?? 0
        #expect(numbered >= 300 && numbered <= 300 + 60 / 3.6, "\(numbered) m")
        #expect(plain < 200, "\(plain) m")
    }
}
