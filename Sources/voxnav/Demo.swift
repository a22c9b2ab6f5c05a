import ArgumentParser
import FoundationEssentials
import Glibc
import RPC

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the demo: the four example drives, each with its timeline report.",
        discussion: """
            A city commute with the FM radio (en-US), a motorway with a podcast and a phone call (en-GB),
            roundabouts with music, the voice assistant and the car's own navigation (German), and a real
            GraphHopper route across Berlin with music and a call (French).

            Headless where no sound server answers: a private PulseAudio server with a null sink, on the
            virtual clock (seconds per drive). Where one answers, you hear it: the compressed clock plays
            every prompt over the car's audio and skips only the silence between prompts.

            Each example carries expectations (docs/DRIVES.md): the demo exits 1 when one of them fails,
            after running every drive.
            """)

    @Flag(help: "Always headless and on the virtual clock, even where a sound server answers.")
    var headless = false

    @Option(help: "Where the reports go: <out>/<example>/timeline.json and timeline.svg.")
    var out = "demo-report"

    @Option(help: "Only this example (city-commute, highway-podcast-call, roundabouts-de, berlin-graphhopper-fr) or scenario file.")
    var scenario: String?

    func run() async throws {
        let audible = !headless && HeadlessPulseServer.realServerReachable()
        let clock: ClockMode = audible ? .compressed : .virtual
        let examples = try Self.examplesDirectory()
        let names = scenario.map { [$0] } ?? ["city-commute", "highway-podcast-call", "roundabouts-de", "berlin-graphhopper-fr"]
        let board = ProgressBoard.standardError(quiet: false)
        var failed: [String] = []
        for (index, name) in names.enumerated() {
            let path = FileManager.default.fileExists(atPath: name) ? name : examples.appendingPathComponent("\(name).yaml").path
            let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            if index > 0 { print("\n" + String(repeating: "─", count: 72) + "\n") }
            let job = DriveJob(scenario: path, label: base, out: URL(fileURLWithPath: out).appendingPathComponent(base).path)
            let settings = OneDrive.Settings(clock: clock, audible: audible)
            let result = try await DriveThread.run(name: "voxnav demo \(base)") {
                try OneDrive.run(job.scenario, out: job.out, label: nil, settings: settings, board: board)
            }
            print(result.text)
            if result.outcome.status == .failed { failed.append(base) }
            // The next drive's progress goes to standard error: what is printed must be out first.
            fflush(nil)
        }
        print("\nOpen \(out)/*/timeline.svg in a browser to see each drive at a glance (docs/DRIVES.md explains the report).")
        if !failed.isEmpty {
            print("expectations failed in: \(failed.joined(separator: ", "))")
            throw ExitCode(1)
        }
    }

    /// The example drives: installed (PREFIX/bin/voxnav → PREFIX/share/voxnav/examples), or examples/ of
    /// the source tree the binary was built in (.build/<config>/voxnav → the package root).
    static func examplesDirectory() throws -> URL {
        var directory = DaemonProcess.executableDirectory
        for _ in 0..<5 {
            for candidate in [directory.appendingPathComponent("share/voxnav/examples"), directory.appendingPathComponent("examples")]
            where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("city-commute.yaml").path) {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("examples")
        if FileManager.default.fileExists(atPath: cwd.appendingPathComponent("city-commute.yaml").path) { return cwd }
        throw CLIError("the example scenarios (examples/*.yaml) were not found next to the binary or in the current directory")
    }
}
