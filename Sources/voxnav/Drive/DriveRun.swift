import AudioPolicy
import DriveSimulation
import FoundationEssentials
import Guidance
import ProcessSupport
import RPC
import RPCSocket

/// Walks a drive's schedule against a daemon: car-audio events become `source.*` calls (or another
/// program's stream), progress updates become `guidance.update`, and time is paced by the clock:
/// `clock.advance` on a simulated clock, the wall clock on the real one.
final class DriveRun {
    let scenario: Scenario
    let schedule: DriveSchedule
    let clock: ClockMode
    let pulseServer: String?
    /// On a simulated clock, skip the updates that fall in the announcer's quiet window.
    let skipsQuietUpdates: Bool
    private let rpc: RPCClient
    private let progress: DriveProgress
    private var described: Set<String> = []
    /// False while the car's own navigation guides: the daemon ended the drive's guidance, and the
    /// app (this driver) starts it again when the car's navigation stops.
    private var guiding = false
    private var foreign: [String: ForeignStream] = [:]
    /// What the script asked that the car could not do (a source the policy had already stopped).
    private(set) var notes: [String] = []
    /// The daemon-clock time at which the drive started.
    private(set) var origin = 0.0
    /// Told the origin once it is known, before the first step.
    var onStart: (Double) -> Void = { _ in }
    /// Drive time at which the last prompt had ended.
    private(set) var end = 0.0
    /// The progress updates of the schedule, and how many of them went to the daemon.
    private(set) var updates = (scheduled: 0, sent: 0)
    /// The last reply's quiet window, and the maneuvers the update it answered listed.
    private var quiet: (window: QuietWindow, listed: [String])?
    /// The trip's estimates the daemon kept, at most one a minute unless the arrival changed.
    private(set) var tripEstimates: [TripEstimateRecord] = []

    init(
        scenario: Scenario, schedule: DriveSchedule, clock: ClockMode, socketPath: String, pulseServer: String?,
        progress: DriveProgress, skipsQuietUpdates: Bool = true
    ) throws {
        self.scenario = scenario
        self.schedule = schedule
        self.clock = clock
        self.pulseServer = pulseServer
        self.skipsQuietUpdates = skipsQuietUpdates && clock != .real
        self.progress = progress
        rpc = try RPCClient(socketPath: socketPath)
    }

    /// Runs on the drive's own thread (`DriveThread`): every call blocks.
    func run() throws {
        let state = try rpc.callForCLI(StateGet.self)
        origin = state.time
        onStart(origin)
        let daemonClock = state.clock
        guard daemonClock == clock.rawValue else {
            throw CLIError("the daemon runs on the \(daemonClock) clock, the drive asks for \(clock.rawValue) (voxnavd --clock \(clock.rawValue))")
        }
        try startGuidance()
        let wallStart = Date()
        var steps = schedule.steps.makeIterator()
        var next = steps.next()
        while let step = next {
            next = steps.next()
            if case .progress(let update) = step {
                updates.scheduled += 1
                // The update before an audio event and the last one always go: a repeat or a
                // reroute reads the last update, and the drive's end is the last update's.
                if case .progress = next, isQuiet(update) {
                    progress.update(step.time)
                    continue
                }
            }
            try wait(until: step.time, wallStart: wallStart)
            switch step {
            case .audio(let event):
                quiet = nil
                try perform(event)
            case .progress(let update):
                try send(update)
            }
            progress.update(step.time)
        }
        end = try drainPrompts(after: schedule.endTime, wallStart: wallStart)
        if guiding { _ = try? rpc.callForCLI(GuidanceEnd.self, .init(reason: .finished)) }
        try stopEverything()
    }

    // MARK: pacing

    private func wait(until time: Double, wallStart: Date) throws {
        if clock == .real {
            let delay = wallStart.addingTimeInterval(time).timeIntervalSinceNow
            if delay > 0 { Blocking.sleep(delay) }
        } else {
            _ = try rpc.callForCLI(ClockAdvance.self, .init(to: origin + time))
        }
    }

    /// After the last update, lets the prompts still queued play out (at most a minute more).
    private func drainPrompts(after endTime: Double, wallStart: Date) throws -> Double {
        var time = endTime
        while time < endTime + 60 {
            let state = try rpc.callForCLI(StateGet.self)
            if state.promptsWaiting == 0, !state.promptPlaying, !state.sessionActive { return max(endTime, state.time - origin) }
            time += 0.5
            try wait(until: time, wallStart: wallStart)
        }
        notes.append("prompts were still playing a minute after arrival; the report ends there")
        return time
    }

    // MARK: steps

    private func startGuidance() throws {
        _ = try rpc.callForCLI(
            GuidanceStart.self,
            .init(
                language: scenario.language, profile: scenario.vehicle.rawValue, units: scenario.units,
                verbosity: scenario.verbosity, arrivalOnDeparture: scenario.options.arrivalOnDeparture ? true : nil))
        if let setting = scenario.promptsDuringCall {
            _ = try rpc.callForCLI(SessionPromptsDuringCall.self, .init(setting: setting))
        }
        if let gain = scenario.guidanceGain { _ = try rpc.callForCLI(SessionGuidanceGain.self, .init(gain: gain)) }
        // A new guidance session knows no maneuver yet.
        described = []
        quiet = nil
        guiding = true
    }

    private func send(_ update: DriveUpdate) throws {
        // Past the destination nothing is ahead: a guidance always lists one maneuver, so the drive
        // has nothing more to report (its guidance ended once the arrival was said).
        guard guiding, !update.upcoming.isEmpty else { return }
        updates.sent += 1
        let maneuvers = update.upcoming.map { item in
            // Each maneuver is described once; later updates name it by id.
            GuidanceUpdate.Upcoming(
                id: item.id, distance: item.distance, timeRemaining: item.timeRemaining, speedLimit: item.speedLimit,
                maneuver: described.insert(item.id).inserted ? item.maneuver : nil)
        }
        // The trip's estimates, with the arrival on the driver's clock when the scenario sets off at a given time.
        let trip = update.timeToGo.map { timeToGo in
            TripReport(
                distance: update.distanceToGo, time: timeToGo, arrival: scenario.options.departure.map { $0.adding(update.time + timeToGo).iso8601 })
        }
        let result: GuidanceUpdate.Result
        do {
            result = try rpc.call(GuidanceUpdate.self, .init(speed: update.speed, maneuvers: maneuvers, interval: schedule.timeline.tick, trip: trip))
        } catch let error as RPCError where error.data?["guidanceEnded"] == .string(GuidanceEnd.arrived) {
            // The arrival was said and guidance ended by itself (guidance.ended arrived): the drive
            // reports no more, as an app stops once its trip is finished.
            guiding = false
            quiet = nil
            return
        } catch let error as RPCError {
            throw CLIError.refused(GuidanceUpdate.name, error)
        }
        quiet = result.quiet.map { ($0, update.upcoming.map(\.id)) }
        if let kept = result.trip { record(kept, at: update.time) }
    }

    /// Keeps the estimates for the report when a minute has passed since the last kept or the arrival changed.
    private func record(_ trip: TripEstimates, at time: Double) {
        let estimate = TripEstimateRecord(
            time: time, distance: trip.distance, timeToGo: trip.time, arrival: trip.arrival, arrivalDerived: trip.arrivalDerived)
        if let last = tripEstimates.last, time - last.time < 60, last.arrivalClock == estimate.arrivalClock { return }
        tripEstimates.append(estimate)
    }

    /// True when the announcer said it would decide nothing on this update (`QuietWindow`): the
    /// same maneuvers ahead, the next one still beyond every bound at the speed the announcer would
    /// open its windows for (this update's, or the one its `timeRemaining` implies, if higher).
    private func isQuiet(_ update: DriveUpdate) -> Bool {
        guard skipsQuietUpdates, guiding, let quiet, update.upcoming.map(\.id) == quiet.listed,
            let head = update.upcoming.first(where: { $0.id == quiet.window.maneuverID })
        else { return false }
        return quiet.window.holds(distance: head.distance, speed: update.speed, timeRemaining: head.timeRemaining)
    }

    private func perform(_ event: CarAudioEvent) throws {
        let at = ClockTime.format(event.time)
        switch event.action {
        case .streamStart:
            let name = event.name ?? CarAudioEvent.defaultStreamName
            let (role, server) = (event.role ?? "music", pulseServer)
            foreign[name] = try DriveThread.wait { try await ForeignStream(name: name, role: role, pulseServer: server) }
            try waitForForeignStreams(count: foreign.count)
        case .streamStop:
            let name = event.name ?? CarAudioEvent.defaultStreamName
            foreign.removeValue(forKey: name)?.stop()
            try waitForForeignStreams(count: foreign.count)
        case .voiceControlShow, .voiceControlHide:
            // The app itself (the drive's guidance client) shows or hides its template.
            _ = try rpc.callForCLI(SessionVoiceControl.self, .init(shown: event.action == .voiceControlShow))
        case .reroute:
            guard guiding else { return }
            _ = try rpc.callForCLI(GuidanceReroute.self, .init())
            // The announcer starts again and forgets every maneuver: the next update describes them anew.
            described = []
        case .repeatManeuver:
            // Refused within the rate limit, or with no maneuver ahead: the drive goes on (the result says why).
            guard guiding else { return }
            _ = try rpc.callForCLI(GuidanceRepeat.self, .init())
        case .guidancePause:
            guard guiding, let reason = event.reason else { return }
            _ = try rpc.callForCLI(GuidancePause.self, .init(reason: reason))
            // A pause for a reroute forgets the route, as guidance.reroute does.
            if reason == .rerouting { described = [] }
        case .guidanceResume:
            guard guiding else { return }
            _ = try rpc.callForCLI(GuidanceResume.self, .init())
        case .estimates:
            // Nothing is said before a report carried the trip, or while paused: the result says why.
            guard guiding else { return }
            _ = try rpc.callForCLI(GuidanceEstimates.self, .init())
        default:
            guard let kind = event.action.kind else { return }
            if event.action.starts {
                let params = SourceStart.Params(
                    kind: kind, activity: event.action.activity == .default ? nil : event.action.activity,
                    duration: kind == .vehicleChime ? event.duration ?? CarAudioEvent.defaultChimeDuration : nil)
                _ = try rpc.callForCLI(SourceStart.self, params)
                // The daemon ends every guidance when the car's navigation starts (guidance.ended).
                if kind == .nativeNavigation { guiding = false }
            } else {
                do {
                    _ = try rpc.call(SourceStop.self, .init(kind: kind))
                } catch let error as RPCError {
                    // The policy may have stopped it already (the radio when phone media started).
                    notes.append("\(at) \(event.action.rawValue): \(error.message)")
                }
                if kind == .nativeNavigation { try startGuidance() }
            }
        }
    }

    /// Another program's stream reaches the daemon through the server's events; the drive goes on
    /// once the daemon manages exactly the streams the script started, so every run sees the same.
    private func waitForForeignStreams(count: Int) throws {
        for _ in 0..<100 {
            let sources = try rpc.callForCLI(SourceList.self).sources
            if sources.filter({ !$0.simulated }).count == count { return }
            Blocking.sleep(0.02)
        }
        notes.append("the daemon did not pick up another program's stream within 2 s")
    }

    private func stopEverything() throws {
        for (_, stream) in foreign { stream.stop() }
        foreign.removeAll()
        for source in try rpc.callForCLI(SourceList.self).sources where source.simulated {
            _ = try? rpc.call(SourceStop.self, .init(kind: source.kind))
        }
    }
}
