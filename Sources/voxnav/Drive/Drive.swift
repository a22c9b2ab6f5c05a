import ArgumentParser
import DriveSimulation
import FoundationEssentials
import ProcessSupport
import RPC
import TextFormat

struct Drive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay drives: guidance prompts against the car's audio, with timeline reports (JSON + SVG) and expectations.",
        discussion: """
            Reads a scenario (docs/DRIVES.md; examples/*.yaml), starts a voxnavd of its own on a private
            headless PulseAudio server (or this session's sound server with --audible), drives it, judges
            the scenario's expectations (expect:), and writes <out>/timeline.json and <out>/timeline.svg.

            Several scenarios, or a directory of them (its *.yaml files), run as a suite: each drive on
            its own server and daemon, --jobs at a time, its report in <out>/<scenario>/; a line per drive,
            then a summary.

            Clocks: virtual runs a 30-minute drive in seconds with the same decisions every time (no prompt
            audio); compressed plays every prompt for real and skips only the silence between them (what
            --record wants); real takes the drive's own time.

            Exit status: 0 every drive ran and its expectations held, 1 an expectation failed, 2 a drive
            could not run.
            """)

    @Argument(help: "Scenario files (YAML), or directories of them.")
    var scenarios: [String]

    @Option(help: "virtual (default), compressed (default with --record) or real.")
    var clock: ClockMode?

    @Option(help: "Directory for the report (one scenario), or for a folder per drive (several).")
    var out: String = "drive-report"

    @Option(help: "How many drives run at once, each on its own server and daemon.")
    var jobs: Int = 1

    @Option(help: "Write the results as JUnit XML to this file: a test case per drive, a failure per failed expectation.")
    var junit: String?

    @Flag(help: "Print the results as one JSON document (DriveRunOutcome) instead of text.")
    var json = false

    @Option(help: "Record the car's audio (the sink monitor) for the whole drive into this WAV file (one scenario only).")
    var record: String?

    @Flag(help: "Play through this session's sound server (you hear it) instead of a private headless one.")
    var audible = false

    @Option(help: "Drive a running voxnavd on this socket instead of starting one (its --clock must match; one scenario only).")
    var socket: String?

    @Flag(help: "No progress display.")
    var quiet = false

    @Flag(
        help: """
            Send every progress update. On the simulated clocks a drive skips the updates in which the \
            announcer said it would decide nothing (its quiet windows); the prompts are the same either way.
            """)
    var everyTick = false

    func validate() throws {
        guard !scenarios.isEmpty else { throw ValidationError("give a scenario file, several, or a directory of them") }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 64 (got \(jobs))") }
        if audible && jobs > 1 {
            throw ValidationError("--audible plays every drive on this session's sound server, where they would duck each other: use --jobs 1")
        }
    }

    func run() async throws {
        let plan: (jobs: [DriveJob], single: Bool)
        do {
            plan = try DriveJob.plan(scenarios, out: out)
        } catch {
            TerminalText.writeError("Error: \(error)\n")
            throw ExitCode(2)
        }
        if !plan.single && (record != nil || socket != nil) {
            throw ValidationError("--record and --socket are for one scenario: each drive of a suite has its own server and daemon")
        }
        let mode = clock ?? (record == nil ? .virtual : .compressed)
        if record != nil && mode == .virtual {
            StandardStream.writeError("note: on the virtual clock prompts make no sound; the recording has the car's sources only\n")
        }
        let settings = OneDrive.Settings(
            clock: mode, audible: audible, socket: socket, record: record, skipsQuietUpdates: !everyTick)
        let board = ProgressBoard.standardError(quiet: quiet)
        let suite = DriveSuite(jobs: plan.jobs, parallel: jobs, settings: settings, board: board, printLines: !plan.single && !json)
        let (outcome, texts) = await suite.run()
        if let junit {
            do {
                try Data(JUnitReport.render(outcome).utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                TerminalText.writeError("Error: cannot write the JUnit file \(junit): \(ErrorText.readable(error))\n")
                throw ExitCode(2)
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(outcome), as: UTF8.self))
        } else if plan.single {
            // One scenario prints as it always has: its whole summary, or why it could not run.
            if let error = outcome.drives[0].error {
                TerminalText.writeError("Error: \(error)\n")
            } else {
                print(texts[0] ?? "")
            }
        } else {
            print("\n" + outcome.summaryLine + (junit.map { " · JUnit: \($0)" } ?? ""))
        }
        if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
    }
}

extension ClockMode: ExpressibleByArgument {}
