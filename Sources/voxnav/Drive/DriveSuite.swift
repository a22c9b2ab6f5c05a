import DriveSimulation
import FoundationEssentials
import TextFormat

/// Several drives in one run: a pool of `jobs` drives at a time, each on its own thread with its own
/// server and daemon; a line per drive as it ends, then the summary (or the JSON of `--json`); the
/// JUnit file of `--junit`.
struct DriveSuite {
    let jobs: [DriveJob]
    let parallel: Int
    let settings: OneDrive.Settings
    let board: ProgressBoard
    /// Print each drive's line as it ends (not with --json, which prints one document at the end).
    let printLines: Bool

    /// Every drive's outcome, and the summary it printed when it ran, in the order given.
    func run() async -> (outcome: DriveRunOutcome, texts: [String?]) {
        let started = Date()
        var outcomes = [DriveOutcome?](repeating: nil, count: jobs.count)
        var texts = [String?](repeating: nil, count: jobs.count)
        await withTaskGroup(of: (Int, DriveOutcome, String?).self) { group in
            var next = 0
            func startNext() {
                guard next < jobs.count else { return }
                let (index, job, settings, board) = (next, jobs[next], settings, board)
                next += 1
                group.addTask {
                    let began = Date()
                    do {
                        let result = try await DriveThread.run(name: "voxnav drive \(job.label)") {
                            try OneDrive.run(job.scenario, out: job.out, label: job.label, settings: settings, board: board)
                        }
                        // The whole summary beside the report: a suite prints only a line per drive.
                        try? Data((result.text + "\n").utf8).write(to: URL(fileURLWithPath: job.out).appendingPathComponent("summary.txt"))
                        return (index, result.outcome, result.text)
                    } catch {
                        return (index, DriveOutcome.error("\(error)", scenario: job.scenario, wallSeconds: Date().timeIntervalSince(began)), nil)
                    }
                }
            }
            for _ in 0..<max(1, parallel) { startNext() }
            while let (index, outcome, text) = await group.next() {
                outcomes[index] = outcome
                texts[index] = text
                if printLines { board.print(Self.line(outcome, label: jobs[index].label)) }
                startNext()
            }
        }
        return (DriveRunOutcome(drives: outcomes.map { $0! }, wallSeconds: Date().timeIntervalSince(started)), texts)
    }

    /// "PASS  city-commute  City commute with FM radio: 8:23 of driving in 5.6 s, 21 prompts, 12 expectations held",
    /// with each failure below a failed drive, and the reason below one that could not run.
    static func line(_ outcome: DriveOutcome, label: String) -> String {
        switch outcome.status {
        case .passed, .failed:
            let held =
                outcome.expectations == 0
                ? "no expectations"
                : outcome.failures.isEmpty
                    ? "\(outcome.expectations) expectations held" : "\(outcome.failures.count) of \(outcome.expectations) expectations FAILED"
            let head =
                "\(outcome.status == .passed ? "PASS " : "FAIL ") \(label)  \(outcome.name ?? ""): \(ClockTime.format(outcome.driveSeconds)) of driving"
                + " in \(String(cFormat: "%.1f", outcome.wallSeconds)) s, \(outcome.promptsQueued) prompts, \(held)"
            return ([head] + outcome.failures.map { "        ✗ \($0)" }).joined(separator: "\n")
        case .error:
            let why = (outcome.error ?? "").split(separator: "\n").map { "        \($0)" }
            return (["ERROR \(label)  could not run:"] + why).joined(separator: "\n")
        }
    }
}
