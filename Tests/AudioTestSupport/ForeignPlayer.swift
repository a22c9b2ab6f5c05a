import Foundation

/// Another program playing into the car: a real `paplay --raw` process playing a generated tone, with
/// the properties given on its command line (e.g. `media.role=music`).
public final class ForeignPlayer: @unchecked Sendable {
    public let applicationName: String
    private let process = Process()
    private let file: URL

    /// - Parameter volume: the stream's own volume (65536 = 100 %), to check a restore lands on it exactly.
    public init(applicationName: String, properties: [String: String], seconds: Double = 20, volume: Int? = nil) throws {
        self.applicationName = applicationName
        file = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-foreign-\(UUID().uuidString).raw")
        // A steady 500 Hz tone at half scale, 16 kHz mono.
        let rate = 16000.0
        let samples = (0..<Int(seconds * rate)).map { Int16(0.5 * 32767 * sin(2 * .pi * 500 * Double($0) / rate)) }
        try samples.withUnsafeBytes { Data($0) }.write(to: file)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["paplay", "--raw", "--format=s16le", "--rate=16000", "--channels=1",
                         "--property=application.name=\(applicationName)"]
        for (key, value) in properties.sorted(by: { $0.key < $1.key }) { arguments.append("--property=\(key)=\(value)") }
        if let volume { arguments.append("--volume=\(volume)") }
        process.arguments = arguments + [file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Waits until pactl shows the stream (at most 5 s) and returns it.
    public func waitForSinkInput() async throws -> PulseProbe.SinkInput {
        for _ in 0..<500 {
            if let input = try PulseProbe.sinkInput(application: applicationName) { return input }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw ForeignPlayerError(description: "paplay \(applicationName) never showed up in pactl")
    }

    public func stop() {
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: file)
    }

    deinit { stop() }
}

public struct ForeignPlayerError: Error, CustomStringConvertible {
    public let description: String
}
