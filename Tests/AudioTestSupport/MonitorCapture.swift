import Foundation

/// Records what reaches the null sink `car` from its monitor source with `parec`, into a temporary file.
public final class MonitorCapture: @unchecked Sendable {
    public let sampleRate: Int
    private let process = Process()
    private let file: URL

    public init(sampleRate: Int = 16000, device: String = "car.monitor") throws {
        self.sampleRate = sampleRate
        file = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-capture-\(UUID().uuidString).raw")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["parec", "--device=\(device)", "--format=s16le", "--rate=\(sampleRate)", "--channels=1",
                             "--raw", "--latency-msec=10", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Stops recording and returns the samples.
    public func stop() -> [Int16] {
        // The test runner may start children with SIGINT ignored, so: SIGTERM, a bounded wait, then SIGKILL.
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        defer { try? FileManager.default.removeItem(at: file) }
        return samples()
    }

    /// The samples recorded so far.
    public func samples() -> [Int16] {
        guard let data = try? Data(contentsOf: file) else { return [] }
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// Waits until at least `seconds` of audio have been captured (at most 10 s).
    public func waitForAudio(seconds: Double) async throws {
        let wanted = Int(seconds * Double(sampleRate))
        for _ in 0..<1000 where samples().count < wanted {
            try await Task.sleep(for: .milliseconds(10))
        }
        if samples().count < wanted { throw PulseProbe.ProbeError(description: "parec captured nothing from the monitor") }
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: file)
    }
}
