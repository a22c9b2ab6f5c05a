import Foundation
import RPC

/// A voxnavd started by the CLI (for `voxnav demo` and `voxnav drive`), found next to the voxnav executable.
final class DaemonProcess {
    let socketPath: String
    private let process = Process()

    init(socketPath: String, pulseServer: String?, arguments: [String] = []) throws {
        self.socketPath = socketPath
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let binary = here.appendingPathComponent("voxnavd")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw CLIError("voxnavd was not found next to voxnav (\(binary.path)); build both with `swift build`")
        }
        process.executableURL = binary
        process.arguments = ["--socket", socketPath, "--log-level", "error"] + arguments
        var env = ProcessInfo.processInfo.environment
        if let pulseServer { env["PULSE_SERVER"] = pulseServer }
        process.environment = env
        try process.run()
        // Wait for the socket to answer.
        for _ in 0..<200 {
            if (try? RPCClient(socketPath: socketPath)) != nil { return }
            if !process.isRunning { throw CLIError("voxnavd exited at start (status \(process.terminationStatus))") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        throw CLIError("voxnavd did not open its socket within 10 s")
    }

    /// The daemon's peak resident memory so far (bytes; `VmHWM` in /proc), nil once it has exited.
    var peakResidentBytes: Int? {
        guard process.isRunning,
            let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kB = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kB * 1024
    }

    /// SIGTERM, which makes the daemon restore every source, then waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
