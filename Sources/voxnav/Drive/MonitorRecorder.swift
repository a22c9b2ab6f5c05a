import FoundationEssentials
import ProcessSupport
import TextFormat

/// Records what the car hears (the default sink's monitor: the null sink `car` on a headless server)
/// into a WAV file, with PulseAudio's `parec`, for the whole drive.
final class MonitorRecorder {
    private let process: ChildProcess
    let path: String

    init(path: String, pulseServer: String?) throws {
        self.path = path
        var env = ProcessInfo.processInfo.environment
        if let pulseServer { env["PULSE_SERVER"] = pulseServer }
        do {
            process = try ChildProcess(
                "parec", ["--device=@DEFAULT_MONITOR@", "--file-format=wav", "--rate=44100", "--channels=2", path], environment: env,
                output: .discard, error: .pipe)
        } catch {
            throw CLIError("cannot record: \(error) (parec comes with pulseaudio-utils, see scripts/setup)")
        }
        Blocking.sleep(0.3)
        if !process.isRunning {
            throw CLIError("cannot record to \(path): \(process.readErrors().trimmingWhitespace())")
        }
    }

    /// Stops recording; parec completes the WAV header on SIGINT.
    func stop() {
        guard process.isRunning else { return }
        process.interrupt()
        if process.waitUntilExit(within: 5) == nil { process.terminate() }
    }
}
