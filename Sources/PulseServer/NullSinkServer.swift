import FoundationEssentials
import Glibc
import ProcessSupport
import TextFormat

/// A private PulseAudio server with a null sink `car`, in a runtime directory of its own: what
/// `voxnav drive` and `voxnav demo` run on where no sound server answers, and what a test starts when
/// it must kill the server with SIGKILL and start it again on the same socket (the Swift twin of
/// scripts/with-pulse, which starts the shared one).
public final class NullSinkServer: TestSoundServer, @unchecked Sendable {
    public let runtimeDirectory: URL
    private let environment: [String: String]

    public init(name: String = "voxnav-pulse") throws {
        try ServerTools.requireOnPath([("pulseaudio", "pulseaudio"), ("pactl", "pulseaudio-utils")])
        runtimeDirectory = try ServerTools.makeRuntimeDirectory(name: name)
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        env["PULSE_RUNTIME_PATH"] = runtimeDirectory.path + "/pulse"
        env["PULSE_STATE_PATH"] = runtimeDirectory.path + "/state"
        env["PULSE_COOKIE"] = runtimeDirectory.path + "/cookie"
        env["PULSE_SERVER"] = nil
        // Off the user's session bus: a PulseAudio that reaches one claims org.PulseAudio1 there and
        // refuses to start when another server holds it (the user's own PulseAudio, or a second private
        // one started alongside). A bus address that does not exist (rather than none, which libdbus
        // may autolaunch through X11) leaves it without D-Bus, which it only warns about.
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(runtimeDirectory.path)/no-session-bus"
        environment = env
        do {
            try start()
        } catch {
            // Nothing of a server that never answered is left behind but its log, quoted here.
            let log = (try? String(contentsOfFile: runtimeDirectory.path + "/pulse.log", encoding: .utf8)) ?? ""
            stop()
            let tail = log.split(separator: "\n").suffix(5).joined(separator: "\n")
            throw ServerError(description: "\(error)" + (tail.isEmpty ? "" : "; its log ended with:\n\(tail)"))
        }
    }

    /// Starts the server (again) and returns once it answers.
    public func start() throws {
        let arguments = [
            "-n", "--daemonize=yes", "--exit-idle-time=-1", "--disallow-exit=yes", "--use-pid-file=yes",
            "--log-target=file:\(runtimeDirectory.path)/pulse.log",
            "--load=module-null-sink sink_name=\(ServerTools.sinkName) sink_properties=device.description=Car",
            "--load=module-native-protocol-unix",
        ]
        do {
            try ChildProcess("pulseaudio", arguments, environment: environment, output: .discard, error: .discard).waitUntilExit()
        } catch {
            throw ServerError(description: "cannot start pulseaudio (is it installed? run scripts/setup): \(error)")
        }
        guard ServerTools.wait(seconds: 5, interval: 0.05, until: { ServerTools.pactl(address, ["info"]) != nil }) else {
            throw ServerError(description: "the private PulseAudio server did not start within 5 s")
        }
        ServerTools.pactl(address, ["set-default-sink", ServerTools.sinkName])
    }

    /// The server's process id, from its pid file.
    public var processIdentifier: Int32? {
        (try? String(contentsOfFile: runtimeDirectory.path + "/pulse/pid", encoding: .utf8))
            .flatMap { Int32($0.trimmingWhitespace()) }
    }

    /// Stops the server (SIGSTOP) without closing anything: requests reach it and go unanswered.
    public func freeze() {
        guard let pid = processIdentifier else { return }
        _ = Glibc.kill(pid, SIGSTOP)
    }

    /// Kills the server with SIGKILL, as a crash would, and returns once it is gone.
    public func kill() {
        guard let pid = processIdentifier else { return }
        ServerTools.killAndWait([pid])
        // Until its parent reaps it, the dead server is a zombie that its pid file still names, and a
        // new server would take it for a running one: the pid file goes, as a restart script would do.
        try? FileManager.default.removeItem(atPath: runtimeDirectory.path + "/pulse/pid")
    }

    /// Kills the server and removes its directory.
    public func stop() {
        kill()
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }
}
