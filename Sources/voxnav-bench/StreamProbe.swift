import CPulse
import Foundation

/// What a program pays that connects to the server and opens a new playback stream for every
/// utterance, as the espeak-ng CLI does (libpcaudio's `pa_simple`: default buffer attributes, the
/// whole utterance written, then drained), without a process to start or speech to synthesise:
/// a new context is connected, a 22.05 kHz mono stream (eSpeak NG's format) is connected to the
/// default sink, 200 ms of tone are written at once and drained, and the first sample is detected
/// on the `car.monitor` capture, all timed from the moment the connection starts.
struct StreamProbe {
    /// Connection start → context ready.
    var connected = Stats([])
    /// Connection start → playback stream ready.
    var ready = Stats([])
    /// Connection start → first sample captured from `car.monitor`.
    var heard = Stats([])
    var missed = 0

    static func run(count: Int, capture: Capture, threshold: Float) throws -> StreamProbe {
        var connected: [Double] = []
        var ready: [Double] = []
        var heard: [Double] = []
        var missed = 0
        // A warm-up probe, not counted (library and server caches).
        for i in -1..<count {
            capture.waitQuiet(quiet: 0.15, threshold: threshold)
            let t = monotonicNow()
            capture.arm(after: t, threshold: threshold)
            let client = try PulseClient(name: "voxnav-bench probe")
            let tc = monotonicNow()
            let stream = try ProbeStream(client: client)
            let tr = monotonicNow()
            stream.writeToneAndDrain(seconds: 0.2)
            let h = capture.waitDetected(timeout: 5)
            capture.disarm()
            stream.stop()
            if i < 0 { continue }
            connected.append((tc - t) * 1000)
            ready.append((tr - t) * 1000)
            if let h { heard.append((h - t) * 1000) } else { missed += 1 }
        }
        return StreamProbe(connected: Stats(connected), ready: Stats(ready), heard: Stats(heard), missed: missed)
    }
}

/// A playback stream on the default sink with the server's default buffer attributes.
final class ProbeStream: @unchecked Sendable {
    let client: PulseClient
    private var stream: OpaquePointer?
    static let rate = 22050

    init(client: PulseClient) throws {
        self.client = client
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(Self.rate), channels: 1)
        client.lock()
        defer { client.unlock() }
        guard let s = pa_stream_new(client.context, "voxnav-bench probe", &spec, nil) else { throw BenchError("pa_stream_new failed") }
        stream = s
        pa_stream_set_state_callback(
            s,
            { _, ud in
                pa_threaded_mainloop_signal(OpaquePointer(ud), 0)
            }, UnsafeMutableRawPointer(client.mainloop))
        guard pa_stream_connect_playback(s, nil, nil, pa_stream_flags_t(0), nil, nil) >= 0 else {
            throw BenchError("pa_stream_connect_playback failed")
        }
        while true {
            let st = pa_stream_get_state(s)
            if st == PA_STREAM_READY { break }
            if st == PA_STREAM_FAILED || st == PA_STREAM_TERMINATED {
                throw BenchError("probe stream failed: \(String(cString: pa_strerror(pa_context_errno(client.context))))")
            }
            pa_threaded_mainloop_wait(client.mainloop)
        }
    }

    /// Writes a 440 Hz tone at half scale, then drains (which starts playback whatever the prebuffer).
    func writeToneAndDrain(seconds: Double) {
        let n = Int(Double(Self.rate) * seconds)
        var samples = [Int16](repeating: 0, count: n)
        for i in 0..<n { samples[i] = Int16(16384 * sin(2 * Double.pi * 440 * Double(i) / Double(Self.rate))) }
        client.lock()
        defer { client.unlock() }
        guard let s = stream else { return }
        samples.withUnsafeBytes { _ = pa_stream_write(s, $0.baseAddress, $0.count, nil, 0, PA_SEEK_RELATIVE) }
        if let op = pa_stream_drain(s, nil, nil) { pa_operation_unref(op) }
    }

    func stop() {
        client.lock()
        defer { client.unlock() }
        guard let s = stream else { return }
        pa_stream_set_state_callback(s, nil, nil)
        pa_stream_disconnect(s)
        pa_stream_unref(s)
        stream = nil
    }

    deinit { stop() }
}
