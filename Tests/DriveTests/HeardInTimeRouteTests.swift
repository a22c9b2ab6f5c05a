import DriveSimulation
import Foundation
import Guidance
import Testing

/// The routing engines' own routes driven at their own speeds through the real `voxnav drive` (its
/// daemon, its headless server, eSpeak NG's real speech): every final instruction's last word comes
/// at least the car's reaction time (3 s) before its maneuver, and an exit's or a fork's at speed
/// starts at least 300 m and 12 s before it (docs/ANNOUNCER.md, "Turn now is heard in time"). Each
/// drive also decides exactly what its record in Tests/decisions says (`DecisionRecord`).
@Suite struct HeardInTimeRouteTests {
    /// A maneuver reached less than this after the start leaves no room for any words and the
    /// reaction time: "Turn right" alone, with the output's latency, speaks about 1.5 s.
    static let noRoom = 3 + 1.5

    /// One engine's route, driven at its own speeds.
    struct RouteDrive: Sendable, CustomTestStringConvertible {
        let key: String, file: String, language: String
        /// The maneuvers reached too soon after the start for any words: the only ones allowed to end late.
        var tooSoon: Set<String> = []
        var cap = "30:00"
        /// How many exits, interchanges and maneuvers at 80 km/h or more the drive must have checked.
        var atSpeed = 0
        var testDescription: String { file }
    }

    @Test(arguments: [
        RouteDrive(key: "osrm", file: "osrm-city.json", language: "en-US"),
        // Valhalla's documented route turns 25 m from its start, reached 3.5 s after it; its trace
        // route starts at the same place.
        RouteDrive(key: "valhalla", file: "valhalla-berlin-route.json", language: "de", tooSoon: ["m1"]),
        RouteDrive(key: "valhalla", file: "valhalla-berlin-trace-route.json", language: "en-US", tooSoon: ["m1"]),
        RouteDrive(key: "graphhopper", file: "graphhopper-berlin.json", language: "fr"),
        // The via route's first turn is 25 m from its start, reached 5.7 s after it: the departure
        // gives way to it.
        RouteDrive(key: "graphhopper", file: "graphhopper-hoyerswerda-via.json", language: "de"),
        RouteDrive(key: "graphhopper", file: "graphhopper-hoyerswerda-u-turn.json", language: "en-GB"),
        // OSRM's long test route, its first three and a half hours: motorway exits and forks.
        RouteDrive(key: "osrm", file: "osrm-korea-to-portugal.json", language: "en-US", cap: "3:40:00", atSpeed: 14),
    ])
    func anEnginesRouteAtItsOwnSpeeds(_ drive: RouteDrive) async throws {
        let scenario = try DriveRunner.scenarioFile(
            """
            name: \(drive.file)
            language: \(drive.language)
            route: {\(drive.key): \(ImportedRouteDriveTests.routes)/\(drive.file)}
            speed: {route: true}
            audio:
              - {at: "0:00", event: radio.on}
            options: {durationCap: "\(drive.cap)"}
            """)
        let output = try await DriveRunner.drive(scenario)
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        try DecisionRecord.expectSame(report, as: "route-" + drive.file.replacingOccurrences(of: ".json", with: ""))
        let atSpeed = try Self.expectHeardInTime(report, scenario: scenario, tooSoon: drive.tooSoon)
        #expect(atSpeed.checked >= drive.atSpeed, "\(drive.file): \(atSpeed.checked) exits, forks and maneuvers at speed checked")
        #expect(atSpeed.excluded.isEmpty, "\(drive.file): no room for the rule before \(atSpeed.excluded)")
    }

    /// One of the timing fixtures of our own (examples/routes), at its speeds, with what it proves.
    struct OwnFixture: Sendable, CustomTestStringConvertible {
        let file: String, language: String, speed: String
        /// Every exit and interchange's final instruction starts at least 300 m and 12 s before it.
        var exits = false
        /// Every maneuver is first mentioned at least 10 s before it.
        var firstMentions = false
        /// How many exits, interchanges and maneuvers at 80 km/h or more the drive must have checked.
        var atSpeed = 0
        var testDescription: String { file }
    }

    /// The motorway fixture's exits and interchanges follow each other 490–1200 m apart at
    /// 80–120 km/h, their signposts long: a prepare prompt's words, longer than the table's, held the
    /// final instruction back to 287 m and 291 m before two of them; it now sheds its detail to end
    /// in time. The dense city's turns follow 180–260 m apart, just past the chaining window: the turn
    /// after one had no room for its own prepare prompt and was first heard in its "turn now", 7.4 s
    /// before it; it is now chained into the final instruction of the turn before it. The on-ramps'
    /// forks come 50–80 m after the car is up to 120 km/h, its mean speed to them under 80 km/h
    /// where their prepare prompts were planned: judged at that speed, drives of the first on-ramp
    /// alone, its fork 75 m and 50 m after the speeding up, started its final instruction 11.6 s
    /// and 10.9 s before it (313 m, 288 m); it is now judged at the speed the car will reach.
    @Test(arguments: [
        OwnFixture(
            file: "motorway-exits.yaml", language: "en-GB",
            speed: """
                {segments: [{from: "0:00", speed: 40 km/h}, {fromDistance: 650, speed: 120 km/h}, {fromDistance: 1600, speed: 80 km/h}, \
                {fromDistance: 7000, speed: 50 km/h}]}
                """, exits: true, atSpeed: 8),
        OwnFixture(
            file: "motorway-on-ramps.yaml", language: "en-US",
            // 50 km/h, from 100 m after each on-ramp up to 120 km/h at 2 m/s² in steps of a second,
            // 50 km/h again after the exit.
            speed: """
                {segments: [{from: "0:00", speed: 50 km/h}, {fromDistance: 700, speed: 57 km/h}, {fromDistance: 716, speed: 64 km/h}, \
                {fromDistance: 734, speed: 72 km/h}, {fromDistance: 754, speed: 79 km/h}, {fromDistance: 776, speed: 86 km/h}, \
                {fromDistance: 799, speed: 93 km/h}, {fromDistance: 825, speed: 100 km/h}, {fromDistance: 853, speed: 108 km/h}, \
                {fromDistance: 883, speed: 115 km/h}, {fromDistance: 915, speed: 120 km/h}, {fromDistance: 2425, speed: 50 km/h}, \
                {fromDistance: 3575, speed: 57 km/h}, {fromDistance: 3591, speed: 64 km/h}, {fromDistance: 3609, speed: 72 km/h}, \
                {fromDistance: 3629, speed: 79 km/h}, {fromDistance: 3651, speed: 86 km/h}, {fromDistance: 3674, speed: 93 km/h}, \
                {fromDistance: 3700, speed: 100 km/h}, {fromDistance: 3728, speed: 108 km/h}, {fromDistance: 3758, speed: 115 km/h}, \
                {fromDistance: 3790, speed: 120 km/h}, {fromDistance: 5425, speed: 50 km/h}]}
                """, exits: true, atSpeed: 4),
        OwnFixture(
            file: "city-dense.yaml", language: "en-US",
            speed: """
                {segments: [{from: "0:00", speed: 40 km/h}, {fromDistance: 1300, speed: 45 km/h}, {fromDistance: 2900, speed: 35 km/h}]}
                """, firstMentions: true),
    ])
    func anOwnFixtureAtItsSpeeds(_ fixture: OwnFixture) async throws {
        let scenario = try DriveRunner.scenarioFile(
            """
            name: \(fixture.file)
            language: \(fixture.language)
            route: {file: \(ImportedRouteDriveTests.routes)/\(fixture.file)}
            speed: \(fixture.speed)
            audio:
              - {at: "0:00", event: radio.on}
            options: {durationCap: "30:00"}
            """)
        let output = try await DriveRunner.drive(scenario)
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        try DecisionRecord.expectSame(report, as: "route-" + fixture.file.replacingOccurrences(of: ".yaml", with: ""))
        let atSpeed = try Self.expectHeardInTime(report, scenario: scenario, tooSoon: [])
        #expect(atSpeed.checked >= fixture.atSpeed, "\(fixture.file): \(atSpeed.checked) exits, forks and maneuvers at speed checked")
        #expect(atSpeed.excluded.isEmpty, "\(fixture.file): no room for the rule before \(atSpeed.excluded)")
        let drive = try Scenario(yaml: try String(contentsOfFile: scenario, encoding: .utf8))
        let route = try drive.route.resolve { try String(contentsOfFile: $0, encoding: .utf8) }
        let kinematics = DriveKinematics(route: route, speed: drive.speed)
        let heard = report.prompts.filter { [.finished, .shortened].contains($0.result) && $0.startedAt != nil }
        var checked = 0
        for maneuver in route.maneuvers where maneuver.maneuver.type.family != .starts {
            let reached = try #require(kinematics.time(atPosition: maneuver.position), "\(maneuver.id) is reached")
            if fixture.exits, maneuver.maneuver.isExitOrInterchange {
                let final = try #require(heard.first { $0.maneuver == maneuver.id && $0.isFinalInstruction }, "\(maneuver.id)'s final instruction")
                let lead = try #require(final.lead)
                #expect(
                    lead.firstSample.meters >= 300 - 1 && (lead.firstSample.seconds ?? 0) >= 12 - 0.05,
                    "\(fixture.file): \"\(final.text)\" starts \(lead.firstSample) before \(maneuver.id)")
                checked += 1
            }
            if fixture.firstMentions {
                // Named in its own prompt, or chained into another's by its road (each road is named once
                // on the route) or as the destination.
                let arrival = maneuver.maneuver.type.family == .arrivals
                let mention = try #require(
                    heard.first { prompt in
                        prompt.maneuver == maneuver.id || maneuver.maneuver.roadName.map { prompt.text.contains($0) } == true
                            || (arrival && prompt.text.contains("destination"))
                    }, "\(maneuver.id) is mentioned")
                let before = reached - mention.startedAt!
                #expect(before >= 10, "\(fixture.file): \(maneuver.id) first mentioned \(before) s before it: \"\(mention.text)\"")
                checked += 1
            }
        }
        #expect(checked + atSpeed.checked >= 6, "\(fixture.file): \(checked) maneuvers checked, \(atSpeed.checked) at speed")
    }

    /// The four examples, each driven once for all the tests that judge them; the motorway one
    /// with its exits.
    @Test(arguments: [("city-commute", 0), ("highway-podcast-call", 3), ("roundabouts-de", 0), ("berlin-graphhopper-fr", 0)])
    func anExampleIsHeardInTime(_ name: String, _ atSpeed: Int) async throws {
        let output = try await DriveRunner.example(drive: name)
        try #require(output.status == 0, "\(output.text)")
        let report = try output.report()
        try DecisionRecord.expectSame(report, as: "example-" + name)
        let checked = try Self.expectHeardInTime(report, scenario: DriveRunner.example(name), tooSoon: [])
        #expect(checked.checked >= atSpeed, "\(name): \(checked.checked) exits, forks and maneuvers at speed checked")
        #expect(checked.excluded.isEmpty, "\(name): no room for the rule before \(checked.excluded)")
    }

    /// Checks `report`, the drive of the scenario file `scenario`: `tooSoon` are the maneuvers
    /// reached too soon after the start for any words, the only ones allowed to end late. Returns
    /// the exits, interchanges and maneuvers at speed it checked, and those with no room for the rule.
    static func expectHeardInTime(
        _ report: TimelineReport, scenario: String, tooSoon: Set<String>, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> AtSpeed {
        let drive = try Scenario(yaml: try String(contentsOfFile: scenario, encoding: .utf8))
        let directory = URL(fileURLWithPath: scenario).deletingLastPathComponent()
        let route = try drive.route.resolve { path in
            try String(contentsOf: URL(fileURLWithPath: path, relativeTo: directory), encoding: .utf8)
        }
        let kinematics = DriveKinematics(route: route, speed: drive.speed)
        let file = drive.name
        let finals = report.prompts.filter { $0.isFinalInstruction && $0.lead != nil && $0.maneuver != nil }
        let departures = Set(route.maneuvers.filter { $0.maneuver.type.family == .starts }.map(\.id))
        let judged = finals.filter { !departures.contains($0.maneuver!) }
        #expect(judged.count >= 2, "\(file): final instructions \(finals.map(\.text))", sourceLocation: sourceLocation)

        var late: Set<String> = []
        for prompt in judged {
            let id = prompt.maneuver!
            let lead = prompt.lead!
            // A maneuver the drive's time cap leaves unreached has no time to it.
            guard let after = lead.lastSample.seconds, after < 3 else { continue }
            late.insert(id)
            let position = try #require(route.maneuvers.first { $0.id == id }?.position)
            let reached = try #require(kinematics.time(atPosition: position))
            #expect(
                reached < noRoom, "\(file): \"\(prompt.text)\" ends \(after) s before \(id), reached \(reached) s after the start",
                sourceLocation: sourceLocation)
            // With no room to start earlier, it shed its detail to end as early as it could.
            #expect(prompt.result == .shortened, "\(file): \"\(prompt.text)\" kept its detail", sourceLocation: sourceLocation)
        }
        #expect(late == tooSoon, "\(file): ending less than 3 s before their maneuver", sourceLocation: sourceLocation)

        // Exits, interchanges, and any maneuver approached at 80 km/h or more: the final instruction
        // starts at least 300 m and 12 s before it, wherever the drive leaves room for that. It can
        // start no sooner than the first update after the previous maneuver is passed (the
        // announcer speaks of the next maneuver only: an update interval and the output latency
        // later) and the gap after the previous maneuver's final instruction; it must start by 300 m
        // and 12 s before the maneuver. Where the first comes after the second, no rule can meet it
        // (at 120 km/h a maneuver 350 m after the previous one is reached 10.5 s after it): those
        // are counted apart (`AtSpeed.excluded`), every other one is checked.
        // A change of road name is not announced (`NameChange`): the announcer never has it as its next maneuver.
        var atSpeed = AtSpeed()
        let announced = Set(NameChange.fold(route.maneuvers.map { (id: $0.id, maneuver: $0.maneuver) }).map(\.id))
        let said = route.maneuvers.filter { announced.contains($0.id) }
        for (previous, maneuver) in zip(said, said.dropFirst()) {
            // A maneuver the drive's time cap leaves unreached is not judged.
            guard let reached = kinematics.time(atPosition: maneuver.position), reached > 0, reached <= report.duration else { continue }
            let fast = kinematics.speed(at: reached - 0.01) >= 80 / 3.6 - 1e-9
            guard maneuver.maneuver.type.isExitOrInterchange || fast else { continue }
            let passed = kinematics.time(atPosition: previous.position) ?? 0
            let previousEnd = report.prompts.filter { $0.maneuver == previous.id && $0.played }.compactMap(\.endedAt).max() ?? 0
            let earliest = max(passed + updateInterval + outputLatency, previousEnd + minimumGap)
            let latest = min(reached - 12, kinematics.time(atPosition: maneuver.position - 300) ?? 0)
            guard earliest <= latest + 0.05 else {
                atSpeed.excluded.append(maneuver.id)
                continue
            }
            let final = try #require(
                judged.first { $0.maneuver == maneuver.id }, "\(file): \(maneuver.id) has room for its final instruction and none is said",
                sourceLocation: sourceLocation)
            let lead = try #require(final.lead, sourceLocation: sourceLocation)
            atSpeed.checked += 1
            #expect(
                lead.firstSample.meters >= 300 - 1 && (lead.firstSample.seconds ?? 0) >= 12 - 0.05,
                "\(file): \"\(final.text)\" starts \(lead.firstSample) before \(maneuver.id)", sourceLocation: sourceLocation)
        }
        return atSpeed
    }

    /// The exits, interchanges and maneuvers at 80 km/h or more a drive checked, and those it could
    /// not: too soon after the previous maneuver for any final instruction to start 300 m and 12 s
    /// before them.
    struct AtSpeed {
        var checked = 0
        var excluded: [String] = []
    }

    /// The drive's update interval, the announcer's output latency and its gap between prompts.
    static let (updateInterval, outputLatency, minimumGap) = (1.0, 0.25, 3.0)
}
