import CPulse
import FoundationEssentials

/// A record stream (a source output): something holding a microphone open, such as a voice assistant
/// while it listens, or a level meter on a sink's monitor. What it reads is counted, handed to
/// `reader` if there is one, and dropped.
public final class RecordStream: @unchecked Sendable {
    private let connection: PulseConnection
    private let stream: OpaquePointer
    public let format: StreamFormat
    /// The server's index for this stream's source output; valid once created.
    public private(set) var sourceOutputIndex: UInt32 = UInt32.max

    // Mainloop-thread state (guarded by the mainloop lock).
    private var onReady: ((Result<Void, Error>) -> Void)?
    private var framesRead = 0
    /// Called on the mainloop thread with each fragment's samples (interleaved signed 16-bit).
    private let reader: (@Sendable (UnsafeBufferPointer<Int16>) -> Void)?

    /// - Parameters:
    ///   - device: the source to record from (e.g. `car.monitor`); nil is the server's default source.
    ///   - properties: stream properties, e.g. `media.role`, `application.name`.
    ///   - fragment: seconds of audio the server sends at a time.
    ///   - reader: given each fragment's samples, on the mainloop thread: it must not block.
    public init(
        connection: PulseConnection, name: String, properties: [String: String],
        format: StreamFormat, device: String?, fragment: Double = 0.02,
        reader: (@Sendable (UnsafeBufferPointer<Int16>) -> Void)? = nil
    ) async throws {
        self.connection = connection
        self.format = format
        self.reader = reader
        let s = try connection.newStream(name: name, format: format, properties: properties)
        stream = s
        let me = Unmanaged.passUnretained(self).toOpaque()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            connection.withLock {
                onReady = { continuation.resume(with: $0) }
                pa_stream_set_state_callback(
                    s,
                    { s, userdata in
                        Unmanaged<RecordStream>.fromOpaque(userdata!).takeUnretainedValue().stateChanged(pa_stream_get_state(s))
                    }, me)
                pa_stream_set_read_callback(
                    s,
                    { _, _, userdata in
                        Unmanaged<RecordStream>.fromOpaque(userdata!).takeUnretainedValue().drain()
                    }, me)
                // Small fragments by default: a listening assistant reacts to speech quickly.
                var attr = pa_buffer_attr(
                    maxlength: UInt32.max, tlength: UInt32.max, prebuf: UInt32.max, minreq: UInt32.max,
                    fragsize: format.bytes(forSeconds: fragment))
                if pa_stream_connect_record(s, device, &attr, PA_STREAM_ADJUST_LATENCY) < 0 {
                    onReady = nil
                    continuation.resume(throwing: PulseError("cannot connect record stream \(name): \(connection.lastError)"))
                }
            }
        }
    }

    deinit { close() }

    /// Disconnects; the source output disappears from the server.
    public func close() {
        connection.withLock {
            pa_stream_set_state_callback(stream, nil, nil)
            pa_stream_set_read_callback(stream, nil, nil)
            if pa_stream_get_state(stream) == PA_STREAM_READY { pa_stream_disconnect(stream) }
        }
    }

    /// Seconds of audio read so far.
    public var secondsRead: Double { connection.withLock { Double(framesRead) / Double(format.sampleRate) } }

    // MARK: mainloop thread

    private func stateChanged(_ state: pa_stream_state_t) {
        switch state {
        case PA_STREAM_READY:
            sourceOutputIndex = pa_stream_get_index(stream)
            onReady?(.success(()))
            onReady = nil
        case PA_STREAM_FAILED, PA_STREAM_TERMINATED:
            onReady?(.failure(PulseError("record stream failed: \(connection.lastError)")))
            onReady = nil
        default:
            break
        }
    }

    /// Takes every fragment the server has and drops it.
    private func drain() {
        var data: UnsafeRawPointer? = nil
        var length = 0
        while pa_stream_readable_size(stream) > 0, pa_stream_peek(stream, &data, &length) == 0, length > 0 {
            framesRead += length / 2 / Int(format.channels)
            // A hole (nil data) is silence the server did not send: nothing to measure.
            if let reader, let data {
                reader(UnsafeBufferPointer(start: data.assumingMemoryBound(to: Int16.self), count: length / 2))
            }
            pa_stream_drop(stream)
        }
    }
}
