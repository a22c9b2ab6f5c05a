import CPulse
import Foundation

/// Seconds on CLOCK_MONOTONIC: the one clock every measurement here is taken on.
func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A low-latency record stream on `car.monitor` (or on one sink input's audio, `monitorStream`).
///
/// Clock alignment: in every read callback the chunk's receipt time is taken on CLOCK_MONOTONIC and
/// `pa_stream_get_latency` (interpolated; for a record stream it is the age of the oldest unread
/// sample: source latency plus what waits in the buffer) is subtracted, so the first frame of the
/// chunk was rendered by the sink at `now - latency`; frame i follows at i / rate.
/// A detector armed with a request time reports the first frame after it whose magnitude passes
/// the threshold.
final class Capture: @unchecked Sendable {
    let client: PulseClient
    let rate: Int
    private var stream: OpaquePointer!
    // Mainloop-thread state (mainloop lock).
    private var armedAfter: Double? = nil
    private var threshold: Float = 0
    private(set) var detected: Double? = nil
    private(set) var lastLoud: Double = 0
    private(set) var chunks = 0
    private(set) var latencyFailures = 0
    private(set) var latencySum = 0.0
    private(set) var framesRead = 0
    /// How many chunks of each size (frames) the read callbacks got: the blocks the server delivers
    /// the monitor's audio in (a PipeWire graph cycle gives one quantum).
    private(set) var chunkFrames: [Int: Int] = [:]
    private var ready = false
    /// Every sample captured since `startRecording`, while recording.
    private var recording: [Float]?

    /// How a chunk's time is found.
    enum Timing {
        /// Receipt time minus `pa_stream_get_latency` (interpolated): the sink's render time.
        case serverLatency
        /// Receipt time: the newest block's first frame counts as rendered when the block arrives (late by
        /// the time the block takes from the graph cycle to this callback); blocks queued before it are older
        /// by their length. For a record stream on one sink input on PipeWire: the input pauses between
        /// prompts, and pipewire-pulse's latency for the stream then grows by each pause (−0.3 to +1.1 s
        /// seen), so the server's figure is unusable there.
        case arrival
    }
    let timing: Timing

    init(
        client: PulseClient, device: String, monitorStream: UInt32? = nil, rate: Int = 44100, fragmentMs: Double,
        timing: Timing = .serverLatency
    ) throws {
        self.timing = timing
        self.client = client
        self.rate = rate
        var spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(rate), channels: 1)
        client.lock()
        defer { client.unlock() }
        guard let s = pa_stream_new(client.context, "voxnav-bench capture", &spec, nil) else { throw BenchError("pa_stream_new failed") }
        stream = s
        if let monitorStream { pa_stream_set_monitor_stream(s, monitorStream) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        pa_stream_set_state_callback(
            s,
            { s, ud in
                let me = Unmanaged<Capture>.fromOpaque(ud!).takeUnretainedValue()
                let st = pa_stream_get_state(s)
                if st == PA_STREAM_READY || st == PA_STREAM_FAILED || st == PA_STREAM_TERMINATED {
                    me.ready = st == PA_STREAM_READY
                    pa_threaded_mainloop_signal(me.client.mainloop, 0)
                }
            }, me)
        pa_stream_set_read_callback(
            s,
            { _, _, ud in
                Unmanaged<Capture>.fromOpaque(ud!).takeUnretainedValue().read()
            }, me)
        let frag = UInt32(Double(rate) * fragmentMs / 1000) * 4
        var attr = pa_buffer_attr(maxlength: UInt32.max, tlength: UInt32.max, prebuf: UInt32.max, minreq: UInt32.max, fragsize: frag)
        let flags = pa_stream_flags_t(
            PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_INTERPOLATE_TIMING.rawValue
                | PA_STREAM_AUTO_TIMING_UPDATE.rawValue)
        guard pa_stream_connect_record(s, device, &attr, flags) >= 0 else { throw BenchError("pa_stream_connect_record failed") }
        while true {
            let st = pa_stream_get_state(s)
            if st == PA_STREAM_READY { break }
            if st == PA_STREAM_FAILED || st == PA_STREAM_TERMINATED {
                throw BenchError("record stream failed: \(String(cString: pa_strerror(pa_context_errno(client.context))))")
            }
            pa_threaded_mainloop_wait(client.mainloop)
        }
    }

    /// Disconnects the stream and detaches its callbacks, so the mainloop thread never calls into a
    /// freed Capture (Swift may release an object right after its last use, well before the end of scope).
    func stop() {
        client.lock()
        defer { client.unlock() }
        guard let s = stream else { return }
        pa_stream_set_read_callback(s, nil, nil)
        pa_stream_set_state_callback(s, nil, nil)
        pa_stream_disconnect(s)
        pa_stream_unref(s)
        stream = nil
    }

    deinit { stop() }

    /// The fragment size the server granted, in ms.
    var grantedFragmentMs: Double {
        client.lock()
        defer { client.unlock() }
        guard let a = pa_stream_get_buffer_attr(stream) else { return .nan }
        return Double(a.pointee.fragsize) / 4 / Double(rate) * 1000
    }

    var meanLatencyMs: Double {
        client.lock()
        defer { client.unlock() }
        return chunks > 0 ? latencySum / Double(chunks) * 1000 : .nan
    }

    /// Forgets the latency readings so far (the first ones, right after connecting, are far off).
    func resetLatencyStats() {
        client.lock()
        defer { client.unlock() }
        chunks = 0
        latencySum = 0
        chunkFrames = [:]
    }

    /// The sizes of the blocks received since the last reset, in ms: median, smallest, largest.
    var chunkMs: (p50: Double, min: Double, max: Double, count: Int) {
        client.lock()
        defer { client.unlock() }
        let sizes = chunkFrames.keys.sorted()
        let total = chunkFrames.values.reduce(0, +)
        guard total > 0 else { return (.nan, .nan, .nan, 0) }
        var seen = 0
        var median = sizes[0]
        for s in sizes {
            seen += chunkFrames[s]!
            if seen * 2 >= total {
                median = s
                break
            }
        }
        let ms = { (f: Int) in Double(f) / Double(self.rate) * 1000 }
        return (ms(median), ms(sizes.first!), ms(sizes.last!), total)
    }

    /// Arms the detector: the first frame rendered after `time` with |x| ≥ threshold.
    func arm(after time: Double, threshold: Float) {
        client.lock()
        defer { client.unlock() }
        armedAfter = time
        self.threshold = threshold
        detected = nil
    }

    /// Keeps every sample captured from now on, until `stopRecording`.
    func startRecording() {
        client.lock()
        recording = []
        client.unlock()
    }

    /// The samples captured since `startRecording`, at `rate`.
    func stopRecording() -> [Float] {
        client.lock()
        defer { client.unlock() }
        let samples = recording ?? []
        recording = nil
        return samples
    }

    func disarm() {
        client.lock()
        armedAfter = nil
        client.unlock()
    }

    /// Waits up to `timeout` s for the armed detector; nil when nothing became audible.
    func waitDetected(timeout: Double) -> Double? {
        let end = monotonicNow() + timeout
        while monotonicNow() < end {
            client.lock()
            let d = detected
            client.unlock()
            if let d { return d }
            usleep(1000)
        }
        return nil
    }

    /// Waits until nothing above `threshold` has been captured for `quiet` seconds (at most `timeout`).
    func waitQuiet(quiet: Double, threshold: Float, timeout: Double = 15) {
        client.lock()
        self.threshold = threshold
        client.unlock()
        let end = monotonicNow() + timeout
        while monotonicNow() < end {
            client.lock()
            let last = lastLoud
            client.unlock()
            if monotonicNow() - last >= quiet { return }
            usleep(5000)
        }
    }

    // MARK: mainloop thread

    private func read() {
        let now = monotonicNow()
        let queued = pa_stream_readable_size(stream)
        var latency = Double.nan
        if timing == .serverLatency {
            var usec: pa_usec_t = 0
            var negative: Int32 = 0
            if pa_stream_get_latency(stream, &usec, &negative) == 0 {
                latency = (negative != 0 ? -1 : 1) * Double(usec) / 1e6
            } else {
                latencyFailures += 1
                latency = 0
            }
        }
        var t0 = Double.nan
        var data: UnsafeRawPointer? = nil
        var length = 0
        while pa_stream_readable_size(stream) > 0, pa_stream_peek(stream, &data, &length) == 0, length > 0 {
            if latency.isNaN {
                // Arrival: the newest block's first frame counts as rendered when the block arrives; what was
                // queued before it is older by its own length.
                latency = Double(max(queued - length, 0)) / 4 / Double(rate)
            }
            if t0.isNaN { t0 = now - latency }
            chunks += 1
            latencySum += latency
            if let data {
                let n = length / 4
                chunkFrames[n, default: 0] += 1
                let samples = data.assumingMemoryBound(to: Float.self)
                recording?.append(contentsOf: UnsafeBufferPointer(start: samples, count: n))
                var lastLoudIndex = -1
                for i in 0..<n where abs(samples[i]) >= threshold {
                    lastLoudIndex = i
                    if let after = armedAfter, detected == nil {
                        let t = t0 + Double(i) / Double(rate)
                        if t >= after {
                            detected = t
                            armedAfter = nil
                        }
                    }
                }
                if lastLoudIndex >= 0 { lastLoud = t0 + Double(lastLoudIndex) / Double(rate) }
                framesRead += n
                t0 += Double(n) / Double(rate)
            }
            pa_stream_drop(stream)
        }
    }
}
