import FoundationEssentials
import Glibc
import Installation
import ProcessSupport
import RPC
import RPCSocket

/// A voxnavd started by the CLI (for `voxnav demo` and `voxnav drive`): the one next to the voxnav
/// executable, else the first on PATH.
final class DaemonProcess {
    let socketPath: String
    private let process: ChildProcess

    /// The directory of the running voxnav, found on PATH or run by a path (not `argv[0]`: from
    /// PATH that is a bare name, which would mean the current directory).
    static var executableDirectory: URL {
        let path = DataDirectories.runningExecutable ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// voxnavd next to voxnav (a checkout's build, an install), else on PATH.
    static func daemonExecutable() throws -> URL {
        let beside = executableDirectory.appendingPathComponent("voxnavd")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        if let found = ExecutableSearch.onPath("voxnavd") { return URL(fileURLWithPath: found) }
        throw CLIError(
            "voxnavd was found neither next to voxnav (\(beside.path)) nor on PATH: install both (scripts/install), or build both with `swift build`")
    }

    init(socketPath: String, pulseServer: String?, arguments: [String] = []) throws {
        self.socketPath = socketPath
        var env = ProcessInfo.processInfo.environment
        if let pulseServer { env["PULSE_SERVER"] = pulseServer }
        process = try ChildProcess(try Self.daemonExecutable().path, ["--socket", socketPath, "--log-level", "error"] + arguments, environment: env)
        // Wait for the socket to answer.
        for _ in 0..<200 {
            if (try? RPCClient(socketPath: socketPath)) != nil { return }
            if let status = process.terminationStatus { throw CLIError("voxnavd exited at start (status \(status))") }
            Blocking.sleep(0.05)
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

    /// SIGTERM, which makes the daemon restore every source, then waits for it: up to 10 s, then
    /// SIGKILL, so that a daemon stuck on its way out cannot hang the drive (or whatever reads the
    /// drive's output, which the daemon shares) for good. The next daemon's journal restores what it left.
    func stop() {
        guard process.stop(within: Self.stopSeconds) else { return }
        StandardStream.writeError(
            "voxnav: voxnavd did not stop within \(Int(Self.stopSeconds)) s of SIGTERM: killed (pid \(process.processIdentifier))\n")
    }

    static let stopSeconds = 10.0
}
