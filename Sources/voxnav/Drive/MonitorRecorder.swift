import Foundation

/// Records what the car hears (the default sink's monitor: the null sink `car` on a headless server)
/// into a WAV file, with PulseAudio's `parec`, for the whole drive.
final class MonitorRecorder {
    private let process = Process()
    let path: String

    init(path: String, pulseServer: String?) throws {
        self.path = path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["parec", "--device=@DEFAULT_MONITOR@", "--file-format=wav", "--rate=44100", "--channels=2", path]
        var env = ProcessInfo.processInfo.environment
        if let pulseServer { env["PULSE_SERVER"] = pulseServer }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CLIError("cannot record: parec did not start (\(error); it comes with pulseaudio-utils, see scripts/setup)")
        }
        Thread.sleep(forTimeInterval: 0.3)
        if !process.isRunning {
            let why = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw CLIError("cannot record to \(path): \(why.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    /// Stops recording; parec completes the WAV header on SIGINT.
    func stop() {
        guard process.isRunning else { return }
        process.interrupt()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate() }
    }
}
