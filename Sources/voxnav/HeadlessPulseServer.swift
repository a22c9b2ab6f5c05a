import Foundation

/// A private PulseAudio server with a null sink named `car`, in a temporary runtime directory:
/// what `voxnav demo` uses when no real sound server is reachable (the Swift twin of scripts/with-pulse).
final class HeadlessPulseServer {
    let runtimeDirectory: URL
    let serverAddress: String
    private let environment: [String: String]

    init() throws {
        runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-pulse-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        env["PULSE_RUNTIME_PATH"] = runtimeDirectory.path + "/pulse"
        env["PULSE_STATE_PATH"] = runtimeDirectory.path + "/state"
        env["PULSE_COOKIE"] = runtimeDirectory.path + "/cookie"
        env["PULSE_SERVER"] = nil
        environment = env
        serverAddress = "unix:\(runtimeDirectory.path)/pulse/native"
        let status = try Self.run("pulseaudio", [
            "-n", "--daemonize=yes", "--exit-idle-time=-1", "--use-pid-file=yes",
            "--log-target=file:\(runtimeDirectory.path)/pulse.log",
            "--load=module-null-sink sink_name=car sink_properties=device.description=Car",
            "--load=module-native-protocol-unix",
        ], environment: env)
        guard status == 0 else {
            try? FileManager.default.removeItem(at: runtimeDirectory)
            throw CLIError("cannot start a headless PulseAudio server (is pulseaudio installed? run scripts/setup)")
        }
        for _ in 0..<50 where (try? Self.run("pactl", ["info"], environment: env.merging(["PULSE_SERVER": serverAddress]) { $1 })) != 0 {
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Stops the server and removes its directory.
    func stop() {
        _ = try? Self.run("pulseaudio", ["--kill"], environment: environment)
        // --kill only signals: wait until it is gone, or it may write into the directory being removed.
        for _ in 0..<40 where (try? Self.run("pulseaudio", ["--check"], environment: environment)) == 0 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// True when the environment's own PulseAudio server answers (a desktop, or scripts/with-pulse).
    static func realServerReachable() -> Bool {
        (try? run("pactl", ["info"], environment: ProcessInfo.processInfo.environment, timeout: 3)) == 0
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String], environment: [String: String], timeout: Double = 10) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate(); return -1 }
        return process.terminationStatus
    }
}
