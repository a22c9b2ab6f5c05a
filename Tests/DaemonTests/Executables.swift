import Foundation
import ProcessSupport
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

    /// Runs `path` with exactly `environment`, for at most `limit` seconds: one still running then is
    /// killed and recorded as a failure, so that no test waits for good. Its end is its own exit: a
    /// process it leaves behind (a daemon it started) holding its output is not waited for.
    static func run(path: String, _ arguments: [String], environment: [String: String], limit: Double = 120) throws -> (
        status: Int32, output: String
    ) {
        let (status, output) = try ChildProcess.run(path, arguments, environment: environment, error: .output, limit: limit)
        guard let status else {
            Issue.record("\((path as NSString).lastPathComponent) \(arguments) still ran after \(limit) s: killed")
            return (128 + SIGKILL, output)
        }
        return (status, output)
    }
}
