import Testing

@testable import Guidance

/// A client may skip the updates inside the announcer's `quiet` window (issue 14: long drives in
/// seconds); the announcer must then decide exactly what it decides when it sees every update.
@Suite struct QuietWindowTests {
    /// Every update of `log`, fed to one announcer; only those outside the quiet windows (plus the
    /// last) to another, both declaring the drive's tick. Returns both announcement lists and how
    /// many updates the second one saw.
    static func replay(_ log: DriveLog, tick: Double, configuration: AnnouncerConfiguration, times: Bool = false, limits: Bool = false) -> (
        every: [Announcement], skipping: [Announcement], sent: Int
    ) {
        var every = Announcer(configuration: configuration, estimateDuration: simulatedDuration)
        var skipping = Announcer(configuration: configuration, estimateDuration: simulatedDuration)
        var heardEvery: [Announcement] = []
        var heardSkipping: [Announcement] = []
        var listed: [String]?
        var sent = 0
        for (index, logged) in log.updates.enumerated() {
            var update = logged
            if times {
                // The guidance engine's time to each maneuver: at a mean speed from half to twice the
                // vehicle's, or a crawl's when it stands (pulling away at a light).
                for i in update.maneuvers.indices {
                    let factor = 0.5 + 1.5 * Double((index * 7 + i * 3) % 11) / 10
                    update.maneuvers[i].timeRemaining = max(0, update.maneuvers[i].distance) / max(1, update.speed * factor)
                }
            }
            if limits {
                // Each maneuver's road limit, the same on every update: none, town, rural, motorway.
                for i in update.maneuvers.indices {
                    let pick = update.maneuvers[i].id.utf8.reduce(0) { $0 + Int($1) } % 5
                    update.maneuvers[i].speedLimit = [nil, 50 / 3.6, 80 / 3.6, 100 / 3.6, 130 / 3.6][pick]
                }
            }
            heardEvery += every.update(update, interval: tick)
            let ids = update.maneuvers.map(\.id)
            let last = index == log.updates.count - 1
            if !last, ids == listed, let quiet = skipping.quiet,
                let head = update.maneuvers.first(where: { $0.id == quiet.maneuverID }),
                quiet.holds(distance: head.distance, speed: update.speed, timeRemaining: head.timeRemaining)
            {
                continue
            }
            sent += 1
            heardSkipping += skipping.update(update, interval: tick)
            listed = ids
        }
        return (heardEvery, heardSkipping, sent)
    }

    @Test(arguments: [false, true])
    func skippingTheQuietUpdatesChangesNoPrompt(messy: Bool) {
        var sent = 0
        var total = 0
        for seed in UInt64(0)..<150 {
            let scenario = DriveScenario.random(seed: seed, messy: messy)
            let configuration = AnnouncerConfiguration(profile: scenario.profile)
            let log = simulate(scenario, configuration: configuration)
            let result = Self.replay(log, tick: scenario.tick, configuration: configuration)
            #expect(result.every == result.skipping, "seed \(seed), messy \(messy)")
            #expect(!result.every.isEmpty, "seed \(seed): a drive with no prompt proves nothing")
            sent += result.sent
            total += log.updates.count
        }
        // The point of the window: most updates of a drive carry nothing.
        #expect(Double(sent) < 0.5 * Double(total), "\(sent) of \(total) updates sent")
    }

    /// The same with the guidance engine's `timeRemaining` on every update, some sooner and some
    /// later than the speed says: the window is reckoned at the speed the announcer opens windows for.
    @Test func skippingTheQuietUpdatesChangesNoPromptWithTimesToTheManeuvers() {
        for seed in UInt64(300)..<400 {
            let scenario = DriveScenario.random(seed: seed, messy: seed % 2 == 1)
            let configuration = AnnouncerConfiguration(profile: scenario.profile)
            let log = simulate(scenario, configuration: configuration)
            let result = Self.replay(log, tick: scenario.tick, configuration: configuration, times: true)
            #expect(result.every == result.skipping, "seed \(seed)")
        }
    }

    /// The same with the roads' speed limits (`speedLimit`) and times: a maneuver on a road whose
    /// limit the vehicle may reach it at, from the motorway rule's speed on, has its window reckoned
    /// as an exit's.
    @Test func skippingTheQuietUpdatesChangesNoPromptWithSpeedLimits() {
        for seed in UInt64(400)..<500 {
            let scenario = DriveScenario.random(seed: seed, messy: seed % 2 == 1)
            let configuration = AnnouncerConfiguration(profile: scenario.profile)
            let log = simulate(scenario, configuration: configuration)
            let result = Self.replay(log, tick: scenario.tick, configuration: configuration, times: seed % 4 < 2, limits: true)
            #expect(result.every == result.skipping, "seed \(seed)")
        }
    }

    @Test(arguments: [Verbosity.brief, .normal, .detailed])
    func everyVerbosityKeepsItsPrompts(verbosity: Verbosity) {
        for seed in UInt64(200)..<260 {
            let scenario = DriveScenario.random(seed: seed)
            let configuration = AnnouncerConfiguration(profile: scenario.profile, verbosity: verbosity)
            let log = simulate(scenario, configuration: configuration)
            let result = Self.replay(log, tick: scenario.tick, configuration: configuration)
            #expect(result.every == result.skipping, "seed \(seed), \(verbosity)")
        }
    }

    @Test func noWindowWithoutADeclaredInterval() {
        var announcer = Announcer()
        _ = announcer.update(RouteProgress(time: 0, speed: 10, maneuvers: [.init(id: "a", distance: 5000)]))
        _ = announcer.update(RouteProgress(time: 1, speed: 10, maneuvers: [.init(id: "a", distance: 4990)]))
        #expect(announcer.quiet == nil)
        _ = announcer.update(RouteProgress(time: 2, speed: 10, maneuvers: [.init(id: "a", distance: 4980)]), interval: 1)
        #expect(announcer.quiet?.maneuverID == "a")
    }

    @Test func aManeuverNotYetDecidedHasNoWindow() {
        var announcer = Announcer()
        // Busy: a prompt is still sounding, so the new maneuver's first decision waits.
        announcer.restart(at: 0, busyFor: 30)
        _ = announcer.update(RouteProgress(time: 1, speed: 10, maneuvers: [.init(id: "a", distance: 5000)]), interval: 1)
        #expect(announcer.quiet == nil)
    }

    /// The bounds are the windows' starts: just beyond them is quiet, at them is not.
    @Test func theBoundsAreTheWindowStarts() throws {
        let configuration = AnnouncerConfiguration()
        var announcer = Announcer(configuration: configuration)
        _ = announcer.update(RouteProgress(time: 0, speed: 20, maneuvers: [.init(id: "a", distance: 20_000)]), interval: 1)
        let quiet = try #require(announcer.quiet)
        for speed in stride(from: 0.0, through: 60, by: 2.5) {
            let thresholds = AnnouncerThresholds(
                profile: configuration.profile, speed: speed, updateInterval: 1, outputLatency: configuration.outputLatency)
            let start = [ManeuverState.initial, .prepare, .execute].map { thresholds.start(of: $0) }.max()!
            let at = start + speed * configuration.outputLatency
            #expect(quiet.holds(distance: at + 0.02, speed: speed), "speed \(speed)")
            #expect(!quiet.holds(distance: at, speed: speed), "speed \(speed)")
        }
    }

    @Test func nothingLeftToSayIsQuietUntilPassed() throws {
        let window = QuietWindow(maneuverID: "a", beyond: [])
        #expect(window.holds(distance: 1, speed: 30))
        #expect(!window.holds(distance: 0, speed: 30))
        #expect(!window.holds(distance: .nan, speed: 30))
    }
}
