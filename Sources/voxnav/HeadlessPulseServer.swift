import FoundationEssentials
import ProcessSupport
import PulseServer

/// The sound server of a headless drive or demo: a private PulseAudio server with a null sink `car`,
/// removed afterwards.
final class HeadlessPulseServer {
    private let server: NullSinkServer

    /// What PULSE_SERVER takes.
    var serverAddress: String { server.address }

    init() throws {
        do {
            server = try NullSinkServer()
        } catch {
            throw CLIError("cannot start a headless PulseAudio server: \(error)")
        }
    }

    /// Stops the server and removes its directory.
    func stop() { server.stop() }

    /// True when the environment's own PulseAudio server answers (a desktop, or scripts/with-pulse).
    static func realServerReachable() -> Bool {
        (try? run("pactl", ["info"], environment: ProcessInfo.processInfo.environment, timeout: 3)) == 0
    }

    private static func run(_ tool: String, _ arguments: [String], environment: [String: String], timeout: Double = 10) throws -> Int32 {
        let process = try ChildProcess(tool, arguments, environment: environment, output: .discard, error: .discard)
        guard let status = process.waitUntilExit(within: timeout) else {
            process.terminate()
            return -1
        }
        return status
    }
}
