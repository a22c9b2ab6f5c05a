import FoundationEssentials
import Glibc
import RPC

/// The sound server and the daemon a drive runs against: its own voxnavd on the chosen clock, on a
/// private headless PulseAudio server (default) or this session's server (`--audible`); or a
/// running daemon given by its socket. Each drive of a run has its own: a directory of its own for the
/// socket and the daemon's journal, a server of its own, so drives side by side never meet.
final class DriveEnvironment {
    let socketPath: String
    /// PULSE_SERVER for the drive's own clients (recorder, other programs' streams); nil: the default.
    let pulseServer: String?
    let audioDescription: String
    private var server: HeadlessPulseServer?
    private var daemon: DaemonProcess?
    private var directory: URL?

    /// `policy`: a policy file for the drive's own daemon; a running daemon has its own, so not with `socket`.
    init(clock: ClockMode, audible: Bool, socket: String?, policy: String? = nil) throws {
        if let socket {
            if let policy { throw CLIError("the scenario names a policy (\(policy)); a running daemon (--socket) has its own: drive without --socket") }
            socketPath = socket
            pulseServer = ProcessInfo.processInfo.environment["PULSE_SERVER"]
            audioDescription = "the running voxnavd on \(socket)"
            return
        }
        if audible {
            guard HeadlessPulseServer.realServerReachable() else {
                throw CLIError("--audible: no sound server answers here (try without it: a private headless server)")
            }
            audioDescription = "this session's sound server (audible)"
        } else {
            server = try HeadlessPulseServer()
            audioDescription = "a private headless PulseAudio server, null sink `car`"
        }
        pulseServer = server?.serverAddress ?? ProcessInfo.processInfo.environment["PULSE_SERVER"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "voxnav-drive-\(getpid())-\(UUID().uuidString.prefix(8))")
        self.directory = directory
        socketPath = directory.path + "/voxnav.sock"
        do {
            daemon = try DaemonProcess(
                socketPath: socketPath, pulseServer: server?.serverAddress, arguments: ["--clock", clock.rawValue] + (policy.map { ["--policy", $0] } ?? []))
        } catch {
            stop()
            throw error
        }
    }

    /// The drive's own daemon's peak resident memory (bytes); nil for a running daemon given by its socket.
    var daemonPeakResidentBytes: Int? { daemon?.peakResidentBytes }

    /// Stops the daemon (it restores every source) and the private server.
    func stop() {
        daemon?.stop()
        daemon = nil
        server?.stop()
        server = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }
}
