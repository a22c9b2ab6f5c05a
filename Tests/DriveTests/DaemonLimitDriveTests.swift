import AudioTestSupport
import Foundation
import Testing

/// Scenarios the daemon would refuse mid-drive (issue 50, row 18): runs the real `voxnav drive`
/// (its own voxnavd and headless PulseAudio server, none of which starts here). Each is refused
/// before anything starts, against the daemon's own limits, exit status 2 and no report. Before the
/// fix a scenario at 0.001 km/h passed its own checks, started its daemon and server, and had its
/// trip refused at the first update; a `durationCap` of a million hours was taken.
@Suite struct DaemonLimitDriveTests {
    static func scenario(speed: String, distance: Int = 1000, options: String = "") -> String {
        "name: x\nlanguage: en-US\nroute: {maneuvers: [{type: startRoute}, {distance: \(distance), type: arriveAtDestination}]}\nspeed: \(speed)\n\(options)"
    }

    @Test func aScenarioTheDaemonWouldRefuseIsRefusedBeforeTheDrive() async throws {
        let cases: [(yaml: String, message: String)] = [
            (Self.scenario(speed: "0.001"), "speed: at this speed the route's 1 km take 41.7 days to drive; voxnavd takes a trip of at most 30 days"),
            (Self.scenario(speed: "500 km/h"), "speed: the vehicle reaches 500 km/h at 0:00; voxnavd takes a speed of at most 360 km/h (100 m/s)"),
            (
                Self.scenario(speed: "50", options: "options: {durationCap: \"1000000:00:00\"}\n"),
                "options.durationCap (line 5): the duration cap must be > 0 and at most 720:00:00"
            ),
        ]
        for (yaml, message) in cases {
            let start = ContinuousClock.now
            let output = try await DriveRunner.drive(try DriveRunner.scenarioFile(yaml))
            let seconds = (ContinuousClock.now - start).inSeconds
            #expect(output.status == 2, "\(output.text)")
            #expect(output.text.contains(message), "\(output.text)")
            #expect(!FileManager.default.fileExists(atPath: output.reportURL.path))
            print("measured: refused in \(seconds) s: \(message)")
        }
    }
}
