import Foundation
import Testing

/// The package's built executables (`.build/debug`), run as a user runs them.
enum Executables {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Runs one to completion with `arguments` (and `environment` added to the test's own); returns its
    /// status and what it printed (both streams).
    static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:], limit: Double = 120) throws -> (
        status: Int32, output: String
    ) {
        try run(path: path(name), arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, limit: limit)
    }

    /// Runs `path` with exactly `environment`, for at most `limit` seconds: one still running then is
    /// killed and recorded as a failure, so that no test waits for good. Its output goes to a file, not
    /// a pipe: a process it leaves behind (a daemon it started) cannot keep the test waiting for the
    /// pipe's end either.
    /// Copies a program to `destination` through `cp`, so that no file descriptor open for writing it
    /// is ever in this process: one copied here could be inherited by a child another test starts at
    /// that moment, and the copy then fails to start with "Text file busy" (ETXTBSY) while that child runs.
    static func copyProgram(_ source: String, to destination: String) throws {
        let copied = try run(path: "/bin/cp", [source, destination], environment: ProcessInfo.processInfo.environment, limit: 60)
        guard copied.status == 0 else { throw CopyFailed(output: copied.output) }
    }

    struct CopyFailed: Error, CustomStringConvertible {
        let output: String
        var description: String { "cp failed: \(output)" }
    }

    static func run(path: String, _ arguments: [String], environment: [String: String], limit: Double = 120) throws -> (
        status: Int32, output: String
    ) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-run-\(UUID().uuidString.prefix(8)).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("\((path as NSString).lastPathComponent) \(arguments) still ran after \(limit) s: killed")
        }
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }
}
