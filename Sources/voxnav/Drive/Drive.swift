import ArgumentParser
import DriveSimulation
import Engine
import Foundation

struct Drive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a drive: guidance prompts against the car's audio, with a timeline report (JSON + SVG).",
        discussion: """
            Reads a scenario (docs/DRIVES.md; examples/*.yaml), starts a voxnavd of its own on a private
            headless PulseAudio server (or this session's sound server with --audible), drives it, and
            writes <out>/timeline.json and <out>/timeline.svg.

            Clocks: virtual runs a 30-minute drive in seconds with the same decisions every time (no prompt
            audio); compressed plays every prompt for real and skips only the silence between them (what
            --record wants); real takes the drive's own time.
            """)

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(help: "virtual (default), compressed (default with --record) or real.")
    var clock: EngineClock.Mode?

    @Option(help: "Directory for timeline.json and timeline.svg.")
    var out: String = "drive-report"

    @Option(help: "Record the car's audio (the sink monitor) for the whole drive into this WAV file.")
    var record: String?

    @Flag(help: "Play through this session's sound server (you hear it) instead of a private headless one.")
    var audible = false

    @Option(help: "Drive a running voxnavd on this socket instead of starting one (its --clock must match).")
    var socket: String?

    @Flag(help: "No progress display.")
    var quiet = false

    func run() async throws {
        let mode = clock ?? (record == nil ? .virtual : .compressed)
        if record != nil && mode == .virtual {
            FileHandle.standardError.write(Data("note: on the virtual clock prompts make no sound; the recording has the car's sources only\n".utf8))
        }
        let result: DriveResult
        do {
            result = try await Self.drive(scenario, clock: mode, audible: audible, socket: socket, out: out, record: record, quiet: quiet)
        } catch let error as CLIError {
            // A drive that could not run exits 2; 1 is for a drive whose expectations failed.
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        print(result.text)
        if result.outcome.status != .passed { throw ExitCode(DriveOutcome.exitStatus([result.outcome])) }
    }

    /// What one drive printed and how it ended.
    struct DriveResult {
        let text: String
        let outcome: DriveOutcome
    }

    /// Runs one drive end to end: its summary as printed, and its outcome against its expectations
    /// (`voxnav demo` runs several).
    static func drive(
        _ path: String, clock mode: EngineClock.Mode, audible: Bool, socket: String?, out: String, record: String?, quiet: Bool
    ) async throws -> DriveResult {
        let (loaded, route, schedule) = try DriveInput.load(path)
        let interrupt = InterruptCleanup.shared
        let drive = try DriveEnvironment(clock: mode, audible: audible, socket: socket)
        interrupt.add { drive.stop() }
        defer {
            interrupt.removeAll()
            drive.stop()
        }
        let progress = DriveProgress(total: schedule.endTime, label: loaded.name, enabled: !quiet)
        let events = try EventCollector(socketPath: drive.socketPath) { progress.observe($0) }
        let recorder = try record.map { try MonitorRecorder(path: $0, pulseServer: drive.pulseServer) }
        if let recorder { interrupt.add { recorder.stop() } }
        let started = Date()
        let run = try DriveRun(
            scenario: loaded, schedule: schedule, clock: mode, socketPath: drive.socketPath,
            pulseServer: drive.pulseServer, progress: progress)
        do {
            try await run.run()
        } catch {
            recorder?.stop()
            throw error
        }
        try events.drain()
        recorder?.stop()
        let report = TimelineBuilder.build(events.received, name: loaded.name, origin: run.origin, end: run.end)
        let failures = loaded.expect.evaluate(report, kinematics: DriveKinematics(route: route, speed: loaded.speed))
        let files = try DriveOutput.write(report, to: out)
        let wall = Date().timeIntervalSince(started)
        let text = DriveSummaryText.render(
            report, scenario: loaded, clock: mode, wallSeconds: wall, audio: drive.audioDescription,
            notes: run.notes, failures: failures, files: files + (record.map { [$0] } ?? []))
        let outcome = DriveOutcome(
            scenario: path, name: loaded.name, expectations: loaded.expect.count, failures: failures, driveSeconds: report.duration,
            wallSeconds: wall, promptsQueued: report.summary.promptsQueued, reportDirectory: out)
        return DriveResult(text: text, outcome: outcome)
    }
}

extension EngineClock.Mode: ExpressibleByArgument {}
