/// How one drive of a run ended: what `--json` prints and the JUnit file records.
public struct DriveOutcome: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
        /// It ran and every expectation held (or it had none).
        case passed
        /// It ran and at least one expectation failed.
        case failed
        /// It could not run: a bad scenario, a daemon or sound server that would not start.
        case error
    }

    /// The scenario file as given.
    public var scenario: String
    /// The scenario's name; nil when it could not be read.
    public var name: String?
    public var status: Status
    public var expectations: Int
    public var failures: [ExpectationFailure]
    /// Why it could not run.
    public var error: String?
    /// Seconds of driving simulated, and of wall time taken.
    public var driveSeconds: Double
    public var wallSeconds: Double
    public var promptsQueued: Int
    /// Where its report went.
    public var reportDirectory: String?
    /// The progress updates of its schedule, and how many went to the daemon (the others fell in
    /// the announcer's quiet windows).
    public var updatesScheduled: Int?
    public var updatesSent: Int?
    /// Peak resident memory (bytes) of the drive's own voxnavd, and of the voxnav process that ran
    /// it (by the end of this drive; one process runs every drive of a suite).
    public var daemonPeakBytes: Int?
    public var driverPeakBytes: Int?

    public init(
        scenario: String, name: String?, expectations: Int, failures: [ExpectationFailure], error: String? = nil, driveSeconds: Double,
        wallSeconds: Double, promptsQueued: Int, reportDirectory: String?
    ) {
        self.scenario = scenario
        self.name = name
        self.status = error != nil ? .error : failures.isEmpty ? .passed : .failed
        self.expectations = expectations
        self.failures = failures
        self.error = error
        self.driveSeconds = driveSeconds
        self.wallSeconds = wallSeconds
        self.promptsQueued = promptsQueued
        self.reportDirectory = reportDirectory
    }

    /// A drive that could not run.
    public static func error(_ message: String, scenario: String, wallSeconds: Double) -> DriveOutcome {
        DriveOutcome(
            scenario: scenario, name: nil, expectations: 0, failures: [], error: message, driveSeconds: 0, wallSeconds: wallSeconds,
            promptsQueued: 0, reportDirectory: nil)
    }

    /// The exit status of a run of these drives: 2 when one could not run, else 1 when an
    /// expectation failed, else 0.
    public static func exitStatus(_ outcomes: [DriveOutcome]) -> Int32 {
        if outcomes.contains(where: { $0.status == .error }) { return 2 }
        return outcomes.contains(where: { $0.status == .failed }) ? 1 : 0
    }
}
