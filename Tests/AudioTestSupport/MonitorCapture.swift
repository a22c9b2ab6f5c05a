import Foundation
import ProcessSupport

/// Records what reaches the null sink `car` from its monitor source with `parec`, into a temporary file.
///
/// The monitor is recorded in stereo, as the sink plays, and mixed down to mono here, by averaging: a
/// mono recording would leave the downmix to the server, and servers differ. PulseAudio averages the
/// channels (a mono stream comes back at its own level); PipeWire adds them at −3 dB each, so the same
/// stream came back √2 (+3 dB) louder.
public final class MonitorCapture: @unchecked Sendable {
    public let sampleRate: Int
    private let process: ChildProcess
    private let file: URL

    public init(sampleRate: Int = 16000, device: String = "car.monitor") throws {
        self.sampleRate = sampleRate
        file = FileManager.default.temporaryDirectory.appendingPathComponent("voxnav-capture-\(UUID().uuidString).raw")
        process = try ChildProcess(
            "parec",
            [
                "--device=\(device)", "--format=s16le", "--rate=\(sampleRate)",
                "--channels=\(Self.channels)", "--channel-map=front-left,front-right",
                "--raw", "--latency-msec=10", file.path,
            ], output: .discard, error: .discard)
    }

    /// Stops recording and returns the samples.
    public func stop() -> [Int16] {
        process.stop(within: 1)
        defer { try? FileManager.default.removeItem(at: file) }
        return samples()
    }

    private static let channels = 2

    /// The samples recorded so far, one per frame: the channels' average.
    public func samples() -> [Int16] {
        guard let data = try? Data(contentsOf: file) else { return [] }
        return data.withUnsafeBytes { raw in
            let interleaved = raw.bindMemory(to: Int16.self)
            // A frame still being written is left for the next call.
            let frames = interleaved.count / 2
            var mono = [Int16](repeating: 0, count: frames)
            for frame in 0..<frames {
                mono[frame] = Int16((Int32(interleaved[2 * frame]) + Int32(interleaved[2 * frame + 1])) / 2)
            }
            return mono
        }
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
        process.stop(within: 1)
        try? FileManager.default.removeItem(at: file)
    }
}
