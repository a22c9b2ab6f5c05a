/// How a run of drives ended (`voxnav drive FILE... --json`): each drive in the order given, the
/// counts, and the exit status.
public struct DriveRunOutcome: Sendable, Equatable, Codable {
    public var drives: [DriveOutcome]
    public var passed: Int
    public var failed: Int
    public var errors: Int
    public var wallSeconds: Double
    public var exitStatus: Int32

    public init(drives: [DriveOutcome], wallSeconds: Double) {
        self.drives = drives
        passed = drives.filter { $0.status == .passed }.count
        failed = drives.filter { $0.status == .failed }.count
        errors = drives.filter { $0.status == .error }.count
        self.wallSeconds = wallSeconds
        exitStatus = DriveOutcome.exitStatus(drives)
    }

    /// "3 drives in 12.3 s: 2 passed, 1 failed, 0 could not run".
    public var summaryLine: String {
        let seconds = (wallSeconds * 10).rounded() / 10
        return "\(drives.count) drive\(drives.count == 1 ? "" : "s") in \(seconds) s: \(passed) passed, \(failed) failed, \(errors) could not run"
    }
}
