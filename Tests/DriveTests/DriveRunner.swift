import AudioTestSupport
import DriveSimulation
import Foundation
import ProcessSupport

/// The example drives' outputs, each run once (a second run of the same example is the determinism test's).
actor ExampleCache {
    static let shared = ExampleCache()
    private var outputs: [String: Task<DriveRunner.Output, Error>] = [:]

    func output(_ name: String) async throws -> DriveRunner.Output {
        if let running = outputs[name] { return try await running.value }
        let task = Task { try await DriveRunner.drive(DriveRunner.example(name)) }
        outputs[name] = task
        return try await task.value
    }
}

/// Runs the real `voxnav drive` (the CLI a user runs, with its own voxnavd and private headless
/// PulseAudio server) and reads back the report it wrote.
struct DriveRunner {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = root.appendingPathComponent(".build/debug/voxnav").path

    struct Output {
        let status: Int32
        let text: String
        let directory: URL
        var reportURL: URL { directory.appendingPathComponent("timeline.json") }
        var svgURL: URL { directory.appendingPathComponent("timeline.svg") }

        func report() throws -> TimelineReport {
            try JSONDecoder().decode(TimelineReport.self, from: Data(contentsOf: reportURL))
        }
    }

    static func example(_ name: String) -> String { root.appendingPathComponent("examples/\(name).yaml").path }

    /// Runs `voxnav drive <scenario> --out <fresh dir> <arguments>`. A drive on the real or the
    /// compressed clock (`--clock`, `--record`) plays its prompts in real time and times them: it runs
    /// alone, never beside another audio test, whose timing checks must not share two cores with it.
    /// One on the virtual clock, the default, plays nothing and decides the same whatever the load
    /// (`ExampleDriveTests.theVirtualClockGivesTheSameDriveEveryTime`), on a sound server of its
    /// own: it runs beside others like it.
    static func drive(_ scenario: String, _ arguments: [String] = []) async throws -> Output {
        let inRealTime = arguments.contains { $0 == "--clock" || $0 == "--record" }
        return try await AudioServerLock.shared.withLock(inRealTime ? .alone : .playsOnly) {
            try await onOwnThread { try run(scenario, arguments) }
        }
    }

    /// The same with the progress display on: `terminal` runs it on a pseudo-terminal (util-linux
    /// `script`), as a person at a terminal would; else standard error is a pipe, as in CI.
    static func driveShowingProgress(_ scenario: String, _ arguments: [String] = [], terminal: Bool) async throws -> Output {
        try await AudioServerLock.shared.withLock { try await onOwnThread { try run(scenario, arguments, quiet: false, terminal: terminal) } }
    }

    /// An example on the virtual clock, driven once per test run and shared by the tests that judge it.
    static func example(drive name: String) async throws -> Output {
        try await ExampleCache.shared.output(name)
    }

    private static func run(_ scenario: String, _ arguments: [String] = [], quiet: Bool = true, terminal: Bool = false) throws -> Output {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-drive-test-\(UUID().uuidString.prefix(8))")
        let command = [binary, "drive", scenario, "--out", directory.path] + (quiet ? ["--quiet"] : []) + arguments
        // script gives the command a pseudo-terminal and copies what it writes there.
        let (program, programArguments) =
            terminal
            ? ("/usr/bin/script", ["-qefc", command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " "), "/dev/null"])
            : (binary, Array(command.dropFirst()))
        let (status, text) = try ChildProcess.run(program, programArguments, error: .output, limit: 600)
        return Output(status: status ?? 128 + SIGKILL, text: text + (status == nil ? "\n(still running after 600 s: killed)" : ""), directory: directory)
    }

    /// A report without what differs between runs of the same drive: connections get fresh client ids.
    static func anonymous(_ report: TimelineReport) -> TimelineReport {
        var r = report
        for i in r.prompts.indices { r.prompts[i].client = nil }
        for i in r.activations.indices { r.activations[i].client = "" }
        r.sources = r.sources.filter { !$0.id.hasPrefix("session:") }
        return r
    }

    /// Writes a scenario into a fresh file and returns its path.
    static func scenarioFile(_ yaml: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString.prefix(8)).yaml")
        try yaml.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

extension TimelineReport {
    func track(_ id: String) -> SourceTrack? { sources.first { $0.id == id } }

    /// The played prompts' audio intervals.
    var promptAudio: [(prompt: PromptRecord, start: Double, end: Double)] {
        prompts.filter(\.played).compactMap { p in p.audioInterval.map { (p, $0.start, $0.end) } }
    }
}

extension SourceTrack {
    /// Segments overlapping `start..<end` by more than a millisecond.
    func segments(overlapping start: Double, _ end: Double) -> [Segment] {
        segments.filter { min($0.end, end) - max($0.start, start) > 0.001 }
    }
}
