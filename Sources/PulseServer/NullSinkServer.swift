import Foundation

/// A private PulseAudio server with a null sink `car`, in a runtime directory of its own: what
/// `voxnav drive` and `voxnav demo` run on where no sound server answers, and what a test starts when
/// it must kill the server with SIGKILL and start it again on the same socket (the Swift twin of
/// scripts/with-pulse, which starts the shared one).
public final class NullSinkServer: @unchecked Sendable {
    public let runtimeDirectory: URL
    /// What PULSE_SERVER (or `pactl --server`) takes.
    public var address: String { "unix:\(runtimeDirectory.path)/pulse/native" }
    private let environment: [String: String]

    public init(name: String = "voxnav-pulse") throws {
        runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        env["PULSE_RUNTIME_PATH"] = runtimeDirectory.path + "/pulse"
        env["PULSE_STATE_PATH"] = runtimeDirectory.path + "/state"
        env["PULSE_COOKIE"] = runtimeDirectory.path + "/cookie"
        env["PULSE_SERVER"] = nil
        environment = env
        try start()
    }

    /// Starts the server (again) and returns once it answers.
    public func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "pulseaudio", "-n", "--daemonize=yes", "--exit-idle-time=-1", "--disallow-exit=yes", "--use-pid-file=yes",
            "--log-target=file:\(runtimeDirectory.path)/pulse.log",
            "--load=module-null-sink sink_name=car sink_properties=device.description=Car",
            "--load=module-native-protocol-unix",
        ]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ServerError(description: "cannot start pulseaudio (is it installed? run scripts/setup): \(error)")
        }
        process.waitUntilExit()
        for _ in 0..<100 {
            if Self.pactl(["--server=\(address)", "info"]) {
                _ = Self.pactl(["--server=\(address)", "set-default-sink", "car"])
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ServerError(description: "the private PulseAudio server did not start (see \(runtimeDirectory.path)/pulse.log)")
    }

    public struct ServerError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs pactl quietly; true when it succeeds.
    private static func pactl(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pactl"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// The server's process id, from its pid file.
    public var processIdentifier: Int32? {
        (try? String(contentsOfFile: runtimeDirectory.path + "/pulse/pid", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Stops the server (SIGSTOP) without closing anything: requests reach it and go unanswered.
    public func freeze() {
        guard let pid = processIdentifier else { return }
        _ = Foundation.kill(pid, SIGSTOP)
    }

    /// Kills the server with SIGKILL, as a crash would, and returns once it is gone.
    public func kill() {
        guard let pid = processIdentifier else { return }
        _ = Foundation.kill(pid, SIGKILL)
        for _ in 0..<200 where isAlive(pid) { Thread.sleep(forTimeInterval: 0.01) }
        // Until its parent reaps it, the dead server is a zombie that its pid file still names, and a
        // new server would take it for a running one: the pid file goes, as a restart script would do.
        try? FileManager.default.removeItem(atPath: runtimeDirectory.path + "/pulse/pid")
    }

    /// True while the process runs (a zombie does not).
    private func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        // "pid (comm) S ...": the state follows the command name.
        guard let state = stat.split(separator: ")").last?.split(separator: " ").first else { return false }
        return state != "Z" && state != "X"
    }

    /// Kills the server and removes its directory.
    public func stop() {
        kill()
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }
}
