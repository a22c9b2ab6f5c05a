import DriveSimulation
import FoundationEssentials
import Glibc
import RPC

/// One drive end to end, on the calling thread (a drive's own, `DriveThread`): read and check the
/// scenario, start its server and daemon, walk the schedule, collect the report, judge the
/// expectations, write the report.
enum OneDrive {
    struct Settings: Sendable {
        var clock: ClockMode
        var audible = false
        var socket: String?
        var record: String?
        /// False: every update goes to the daemon, also those in the announcer's quiet windows.
        var skipsQuietUpdates = true
    }

    /// What one drive printed and how it ended.
    struct Result: Sendable {
        let text: String
        let outcome: DriveOutcome
    }

    /// Throws a `CLIError` when the drive cannot run; a drive whose expectations fail returns.
    static func run(_ path: String, out: String, label: String?, settings: Settings, board: ProgressBoard) throws -> Result {
        let (loaded, route, schedule, policy) = try DriveInput.load(path)
        let interrupt = InterruptCleanup.shared
        var cleanups: [Int] = []
        let drive = try DriveEnvironment(clock: settings.clock, audible: settings.audible, socket: settings.socket, policy: policy)
        cleanups.append(interrupt.add { drive.stop() })
        let progress = board.add(label: label ?? loaded.name, total: schedule.endTime)
        defer {
            progress.finish()
            interrupt.remove(cleanups)
            drive.stop()
        }
        let events = try EventCollector(socketPath: drive.socketPath) { progress.observe($0) }
        let recorder = try settings.record.map { try MonitorRecorder(path: $0, pulseServer: drive.pulseServer) }
        if let recorder { cleanups.append(interrupt.add { recorder.stop() }) }
        let started = Date()
        let run = try DriveRun(
            scenario: loaded, schedule: schedule, clock: settings.clock, socketPath: drive.socketPath,
            pulseServer: drive.pulseServer, progress: progress, skipsQuietUpdates: settings.skipsQuietUpdates)
        run.onStart = { events.begin(name: loaded.name, origin: $0) }
        do {
            try run.run()
        } catch {
            recorder?.stop()
            throw error
        }
        try events.drain()
        recorder?.stop()
        let daemonPeak = drive.daemonPeakResidentBytes
        let kinematics = DriveKinematics(route: route, speed: loaded.speed)
        var report = events.report(end: run.end).placed(on: kinematics)
        report.tripEstimates = run.tripEstimates
        let failures = loaded.expect.evaluate(report, kinematics: kinematics)
        let files = try DriveOutput.write(report, to: out)
        let wall = Date().timeIntervalSince(started)
        let driverPeak = Self.ownPeakResidentBytes()
        let text = DriveSummaryText.render(
            report, scenario: loaded, clock: settings.clock, wallSeconds: wall, audio: drive.audioDescription,
            updates: run.updates, peaks: (daemonPeak, driverPeak), notes: run.notes, failures: failures,
            files: files + (settings.record.map { [$0] } ?? []))
        var outcome = DriveOutcome(
            scenario: path, name: loaded.name, expectations: loaded.expect.count, failures: failures, driveSeconds: report.duration,
            wallSeconds: wall, promptsQueued: report.summary.promptsQueued, reportDirectory: out)
        outcome.updatesScheduled = run.updates.scheduled
        outcome.updatesSent = run.updates.sent
        outcome.daemonPeakBytes = daemonPeak
        outcome.driverPeakBytes = driverPeak
        return Result(text: text, outcome: outcome)
    }

    /// This process's peak resident memory (bytes): Linux gives `ru_maxrss` in kilobytes.
    static func ownPeakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
