import CPulse
import FoundationEssentials

/// A playback stream fed by a `SampleSource` from libpulse's write callback.
///
/// For prompts: created corked, `play(_:)` writes the whole source to the server at once, uncorks,
/// drains, corks again (an idle stream is corked rather than fed silence). A prompt is then whole on
/// the server before its first sample plays, so a client held up by a loaded machine cannot leave a
/// gap in it (with 20 ms of `tlength`, a 60 ms stall did). For car sources: `start(_:)` feeds an
/// endless source as the server asks for it.
public final class PlaybackStream: @unchecked Sendable {
    private let connection: PulseConnection
    /// Replaced by `reopen()`; read under the mainloop lock.
    private var stream: OpaquePointer
    public let format: StreamFormat
    private let name: String
    /// Replaced by `reopen(properties:)`.
    private var properties: [String: String]
    private let targetLatency: Double?
    private let startCorked: Bool
    /// The server's index for this stream's sink input; valid once created.
    public private(set) var sinkInputIndex: UInt32 = UInt32.max

    // Mainloop-thread state (guarded by the mainloop lock).
    private var source: SampleSource?
    private var onDrained: ((Date) -> Void)?
    private var draining = false
    /// The drain of the playing source, held so that giving up on it (`abandon`) can cancel its callback.
    private var drainOperation: OpaquePointer?
    /// Set by `pause()`: the write callback feeds nothing, so no new content is queued.
    private var paused = false
    /// Set by `play(_:)`: the next feed writes all of the source (up to `wholeWriteLimit`), not only
    /// what the server asked for.
    private var writeWhole = false
    /// The ramps `play(_:after:)` waits for, until they have sent their last steps: the source is
    /// written (and its drain asked for), but the stream stays corked. Compared by identity, so that
    /// the ramps of a play that has ended never start the next one.
    private var startWaitsFor: RampsSent?
    private var onReady: ((Result<Void, Error>) -> Void)?
    /// Gives the stream's creation up after `pulseRequestTimeout` (a stopped or hung server would
    /// leave it to libpulse's own 30 s), while a connect is under way.
    private var connectTimer: OpaquePointer?
    /// The sink it plays into, by name; nil: the server's choice.
    private let sink: String?
    private var scratch: [Int16] = []
    /// Times the server ran out of this stream's audio before the source was all written
    /// (`underflows`).
    private var underflowCount = 0

    /// - Parameters:
    ///   - properties: stream properties, e.g. `media.role`, `media.name`, `application.name`.
    ///   - targetLatency: the buffer the server keeps (`tlength`); nil leaves the server default (~2 s).
    ///   - openNow: false makes the stream closed, with no sink input, until `reopen()`.
    ///   - sink: the sink to play into, by name; nil: the server's choice (the default sink).
    public init(
        connection: PulseConnection, name: String, properties: [String: String],
        format: StreamFormat, targetLatency: Double?, startCorked: Bool, openNow: Bool = true, sink: String? = nil
    ) async throws {
        self.connection = connection
        self.sink = sink
        self.format = format
        self.name = name
        self.properties = properties
        self.targetLatency = targetLatency
        self.startCorked = startCorked
        stream = try connection.newStream(name: name, format: format, properties: properties)
        if openNow { try await connect() }
    }

    /// Connects `stream` for playback and waits until the server has created its sink input.
    private func connect() async throws {
        let s = connection.withLock { stream }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let (format, name, targetLatency, startCorked, connection, sink) = (format, name, targetLatency, startCorked, connection, sink)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            connection.withLock {
                onReady = { continuation.resume(with: $0) }
                pa_stream_set_state_callback(
                    s,
                    { s, userdata in
                        let me = Unmanaged<PlaybackStream>.fromOpaque(userdata!).takeUnretainedValue()
                        me.stateChanged(pa_stream_get_state(s))
                    }, me)
                pa_stream_set_write_callback(
                    s,
                    { _, _, userdata in
                        Unmanaged<PlaybackStream>.fromOpaque(userdata!).takeUnretainedValue().feed()
                    }, me)
                pa_stream_set_underflow_callback(
                    s,
                    { _, userdata in
                        Unmanaged<PlaybackStream>.fromOpaque(userdata!).takeUnretainedValue().underflowed()
                    }, me)
                var attr = pa_buffer_attr(maxlength: UInt32.max, tlength: UInt32.max, prebuf: UInt32.max, minreq: UInt32.max, fragsize: UInt32.max)
                var flags = PA_STREAM_INTERPOLATE_TIMING.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
                if let targetLatency {
                    attr.tlength = format.bytes(forSeconds: targetLatency)
                    flags |= PA_STREAM_ADJUST_LATENCY.rawValue
                } else {
                    attr.minreq = format.bytes(forSeconds: Self.defaultBufferRequest)
                }
                if startCorked { flags |= PA_STREAM_START_CORKED.rawValue }
                if pa_stream_connect_playback(s, sink, &attr, pa_stream_flags_t(flags), nil, nil) < 0 {
                    onReady = nil
                    continuation.resume(throwing: PulseError("cannot connect stream \(name): \(connection.lastError)"))
                    return
                }
                connectTimer = pa_context_rttime_new(
                    connection.context, rtclock(after: pulseRequestTimeout),
                    { _, _, _, userdata in
                        Unmanaged<PlaybackStream>.fromOpaque(userdata!).takeUnretainedValue().connectTimedOut()
                    }, me)
            }
        }
    }

    /// The same stream anew, idle, with a new sink input: after `close()`, or after the server went
    /// away (the stream failed with its connection) and the connection is back. `properties`
    /// replace the stream's properties from now on.
    public func reopen(properties newProperties: [String: String]? = nil) async throws {
        if let newProperties { connection.withLock { properties = newProperties } }
        let fresh = try connection.newStream(name: name, format: format, properties: connection.withLock { properties })
        connection.withLock {
            // A play still waiting for its drain ends now: its audio went with the old server.
            finishDrain()
            freeConnectTimer()
            let old = stream
            pa_stream_set_state_callback(old, nil, nil)
            pa_stream_set_write_callback(old, nil, nil)
            pa_stream_set_underflow_callback(old, nil, nil)
            if pa_stream_get_state(old) == PA_STREAM_READY { pa_stream_disconnect(old) }
            stream = fresh
            pa_stream_unref(old)
            paused = false
        }
        try await connect()
    }

    /// Times the server ran out of this stream's audio while some of it was still to be written: a
    /// gap heard inside a prompt or a source (a prompt's end, all of it written, is none). Counted
    /// over the stream's life, reopened or not.
    public var underflows: Int { connection.withLock { underflowCount } }

    /// The server's underflow: counted when the source still had audio to give.
    private func underflowed() {
        guard let source, !source.isFinished, !paused else { return }
        underflowCount += 1
    }

    /// False once the stream has failed (its server went away) or was closed.
    public var isConnected: Bool { connection.withLock { pa_stream_get_state(stream) == PA_STREAM_READY } }

    /// Whether the sink the stream is connected to is suspended, as the server last told the stream
    /// (`pa_stream_is_suspended`: no round trip); nil when the stream is not connected.
    public var sinkIsSuspended: Bool? {
        connection.withLock {
            guard pa_stream_get_state(stream) == PA_STREAM_READY else { return nil }
            return pa_stream_is_suspended(stream) == 1
        }
    }

    deinit { close() }

    /// Disconnects the stream; its sink input disappears from the server.
    public func close() {
        connection.withLock {
            freeConnectTimer()
            pa_stream_set_state_callback(stream, nil, nil)
            pa_stream_set_write_callback(stream, nil, nil)
            pa_stream_set_underflow_callback(stream, nil, nil)
            // Still being created (a connect given up): disconnected too, so the server drops it when it answers.
            let state = pa_stream_get_state(stream)
            if state == PA_STREAM_READY || state == PA_STREAM_CREATING { pa_stream_disconnect(stream) }
            source = nil
        }
    }

    /// Plays a finite source to its end and returns once its last sample has been played
    /// (the server's drain acknowledgement), with the stream corked again. The source is written
    /// at once; the stream is uncorked once `ramps` have sent their last steps (a prompt over
    /// sources being ducked: the server takes the uncork after the duck, in order).
    @discardableResult
    public func play(_ newSource: SampleSource, after ramps: RampsSent = .already) async -> Date {
        await withCheckedContinuation { (continuation: CheckedContinuation<Date, Never>) in
            connection.withLock {
                // A stream whose server has gone would never drain: nothing to play, at once.
                guard pa_stream_get_state(stream) == PA_STREAM_READY else { return continuation.resume(returning: Date()) }
                source = newSource
                draining = false
                paused = false
                writeWhole = true
                onDrained = { continuation.resume(returning: $0) }
                startWaitsFor = ramps
                feed()
                // Under the mainloop lock either way: here, or on its thread after the last step.
                ramps.then { [self] in
                    guard startWaitsFor === ramps else { return }
                    startWaitsFor = nil
                    setCorkedLocked(false)
                }
            }
        }
    }

    /// Feeds an endless source (a radio) and uncorks; or, `paused`, only loads it: nothing plays
    /// until `resume()` (a stream created corked stays corked).
    public func start(_ newSource: SampleSource, paused startPaused: Bool = false) {
        connection.withLock {
            source = newSource
            draining = false
            paused = startPaused
            guard !startPaused else { return }
            feed()
            setCorkedLocked(false)
        }
    }

    /// Pauses for real: corks, then drops what the server holds buffered but has not played and moves a
    /// `SeekableSource` back by that much, so nothing queued leaks out later and no content is skipped.
    /// Returns once the server has corked and flushed. (`setCorked` instead keeps the buffer.)
    public func pause() async {
        _ = await StreamOperation.run(on: connection) { callback, userdata in
            paused = true
            return pa_stream_cork(stream, 1, callback, userdata)
        }
        // A fresh timing report from the corked server: its read index is then what has been played.
        _ = await StreamOperation.run(on: connection) { pa_stream_update_timing_info(stream, $0, $1) }
        _ = await StreamOperation.run(on: connection) { callback, userdata in
            if let seekable = source as? SeekableSource, let unplayed = unplayedFramesLocked() {
                seekable.frame = max(0, seekable.frame - unplayed)
            }
            return pa_stream_flush(stream, callback, userdata)
        }
        // The flush leaves the client's write index unknown until the next report; get one now.
        _ = await StreamOperation.run(on: connection) { pa_stream_update_timing_info(stream, $0, $1) }
    }

    /// Undoes `pause()`: feeds the source from where it stopped and uncorks.
    public func resume() {
        connection.withLock {
            paused = false
            feed()
            setCorkedLocked(false)
        }
    }

    /// True between `pause()` and `resume()`.
    public var isPaused: Bool { connection.withLock { paused } }

    /// Frames of a `SeekableSource` actually played so far (rendered minus still buffered); nil for other
    /// sources or before the server's first timing report.
    public var playedSourceFrames: Int? {
        connection.withLock {
            guard let seekable = source as? SeekableSource else { return nil }
            if paused { return seekable.frame }
            guard let unplayed = unplayedFramesLocked() else { return nil }
            return max(0, seekable.frame - unplayed)
        }
    }

    /// Corks (pauses) or uncorks the stream. A corked stream keeps its buffer and position.
    public func setCorked(_ corked: Bool) {
        connection.withLock { setCorkedLocked(corked) }
    }

    /// Ends `source` early, whether it is playing now or about to be played: a `play` of it
    /// returns promptly, having played nothing more of it.
    public func cancel(_ source: BufferSource) {
        connection.withLock {
            source.stop()
            if self.source === source {
                if let op = pa_stream_flush(stream, nil, nil) { pa_operation_unref(op) }
                feed()
                // Not waiting for a duck any more: nothing of it is left to hear.
                if startWaitsFor != nil {
                    startWaitsFor = nil
                    setCorkedLocked(false)
                }
            }
        }
    }

    /// Ends `source` early without a click: `seconds` of it fading to silence, from just past what
    /// the server has handed its sink (`fadeMarginLocked`), and `play` returns once that has drained. A source not
    /// playing yet is simply stopped.
    ///
    /// The fade replaces what the server holds from there on: written with a seek back from the
    /// write index by exactly the samples it replaces, so it joins the audio before it without a
    /// step. The server plays up to the new write index only.
    public func fadeOut(_ source: BufferSource, seconds: Double) {
        connection.withLock {
            guard self.source === source else {
                source.stop()
                return
            }
            let channels = Int(format.channels)
            let fade = Int(seconds * Double(format.sampleRate)) * channels
            let written = source.rendered
            guard let unplayed = unplayedFramesLocked() else {
                // No timing from the server yet (a stream just opened): nothing is known of what
                // it holds, so the fade follows it.
                source.fadeOut(samples: fade)
                return feed()
            }
            let margin = Int(fadeMarginLocked() * Double(format.sampleRate)) * channels
            let start = max(0, written - unplayed * channels + margin) / channels * channels
            guard start < written else {
                // The server holds less than the margin: the fade follows what it holds.
                source.fadeOut(samples: fade)
                return feed()
            }
            source.fadeOut(samples: fade, from: start)
            write(source, samples: source.remaining, seekingBack: written - start)
            feed()
        }
    }

    /// How far past what is being heard a fade starts: past what the server has already handed to
    /// its sink (the sink's latency, as the last timing report gave it), and `fadeTransit` more for
    /// the fade to reach the server. Without a report, `fadeMargin`.
    private func fadeMarginLocked() -> Double {
        guard let info = pa_stream_get_timing_info(stream) else { return Self.fadeMargin }
        return Double(info.pointee.sink_usec) / 1_000_000 + Self.fadeTransit
    }

    static let fadeMargin = 0.05
    static let fadeTransit = 0.01

    /// How much a stream on the server's default buffer (about 2 s: a car source, as a media player
    /// plays) is asked for at a time (`minreq`). Each write is a block of libpulse's shared memory pool
    /// held until the server has played it, and a block's first page is touched however little it
    /// holds: with the server's own small requests, the simulated radio and ten prompts left 700 kB of
    /// the pool resident in voxnavd; with a quarter of a second a request, 368 kB (docs/MEMORY.md).
    static let defaultBufferRequest = 0.25

    /// The most `play(_:)` writes at once: half the server's default `maxlength` (4 MiB), over a
    /// minute of mono prompt audio; the rest follows as the server asks for it.
    static let wholeWriteLimit = 2 * 1024 * 1024

    /// Gives up on `source`: its `play` returns at once, whatever the server does with what it holds
    /// (a sink that does not run never drains it). What is buffered is dropped and the stream corked;
    /// the drain's callback, should the server answer later, is cancelled, so it cannot end the next
    /// source's `play`. False when `source` is not the one playing.
    @discardableResult
    public func abandon(_ source: BufferSource) -> Bool {
        connection.withLock {
            source.stop()
            guard self.source === source, onDrained != nil else { return false }
            if let op = drainOperation { pa_operation_cancel(op) }
            if pa_stream_get_state(stream) == PA_STREAM_READY, let op = pa_stream_flush(stream, nil, nil) { pa_operation_unref(op) }
            finishDrain()
            return true
        }
    }

    /// Drops what is buffered and stops the current source early; `play` returns promptly.
    public func stopPlayback() {
        connection.withLock {
            (source as? BufferSource)?.stop()
            if let op = pa_stream_flush(stream, nil, nil) { pa_operation_unref(op) }
            feed()
        }
    }

    // MARK: mainloop thread

    private func setCorkedLocked(_ corked: Bool) {
        if let op = pa_stream_cork(stream, corked ? 1 : 0, nil, nil) { pa_operation_unref(op) }
    }

    /// The stream was not created in time (on the mainloop thread, under its lock).
    private func connectTimedOut() {
        freeConnectTimer()
        guard let pending = onReady else { return }
        onReady = nil
        pending(.failure(PulseError("the sound server did not create the stream \(name) within \(pulseRequestTimeout) (is it stopped or hung?)")))
    }

    /// Under the mainloop lock.
    private func freeConnectTimer() {
        guard let timer = connectTimer else { return }
        pa_threaded_mainloop_get_api(connection.mainloop).pointee.time_free(timer)
        connectTimer = nil
    }

    private func stateChanged(_ state: pa_stream_state_t) {
        if state == PA_STREAM_READY || state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED { freeConnectTimer() }
        switch state {
        case PA_STREAM_READY:
            sinkInputIndex = pa_stream_get_index(stream)
            onReady?(.success(()))
            onReady = nil
        case PA_STREAM_FAILED, PA_STREAM_TERMINATED:
            onReady?(.failure(PulseError("stream failed: \(connection.lastError)")))
            onReady = nil
            // A prompt waiting for its drain must not hang when the server goes away.
            finishDrain()
        default:
            break
        }
    }

    /// Renders up to `count` samples of `source` and writes them, `back` samples before the write
    /// index (over what the server holds there) or at it.
    private func write(_ source: SampleSource, samples count: Int, seekingBack back: Int = 0) {
        if scratch.count < count { scratch = [Int16](repeating: 0, count: count) }
        let produced = scratch.withUnsafeMutableBufferPointer { buffer in
            source.render(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
        }
        guard produced > 0 else { return }
        scratch.withUnsafeBytes { raw in
            _ = pa_stream_write(stream, raw.baseAddress, produced * 2, nil, -Int64(back) * 2, PA_SEEK_RELATIVE)
        }
    }

    /// Writes as much as the server asks for; starts the drain once a finite source has ended.
    private func feed() {
        guard pa_stream_get_state(stream) == PA_STREAM_READY, !paused, let source else { return }
        let writable = pa_stream_writable_size(stream)
        guard writable != Int.max, writable > 0 || source.isFinished || writeWhole else { return }
        var wanted = writable / 2 / Int(format.channels) * Int(format.channels)
        if writeWhole, let whole = source as? BufferSource {
            writeWhole = false
            wanted = max(wanted, min(whole.remaining, Self.wholeWriteLimit / 2) / Int(format.channels) * Int(format.channels))
        }
        if wanted > 0 { write(source, samples: wanted) }
        if source.isFinished && !draining && onDrained != nil {
            draining = true
            // An underrun before the drain would stall on prebuf: trigger starts playback anyway.
            if let op = pa_stream_trigger(stream, nil, nil) { pa_operation_unref(op) }
            let me = Unmanaged.passUnretained(self).toOpaque()
            if let op = pa_stream_drain(
                stream,
                { _, _, userdata in
                    Unmanaged<PlaybackStream>.fromOpaque(userdata!).takeUnretainedValue().finishDrain()
                }, me)
            {
                drainOperation = op
            } else {
                finishDrain()
            }
        }
    }

    private func finishDrain() {
        if let op = drainOperation {
            pa_operation_unref(op)
            drainOperation = nil
        }
        let done = onDrained
        onDrained = nil
        draining = false
        startWaitsFor = nil
        source = nil
        if pa_stream_get_state(stream) == PA_STREAM_READY { setCorkedLocked(true) }
        done?(Date())
    }

    /// Frames written but not yet played (the stream's latency), from the last timing report.
    private func unplayedFramesLocked() -> Int? {
        var usec: pa_usec_t = 0
        var negative: Int32 = 0
        guard pa_stream_get_latency(stream, &usec, &negative) == 0 else { return nil }
        if negative != 0 { return 0 }
        return Int((Double(usec) * Double(format.sampleRate) / 1_000_000).rounded())
    }

    /// Seconds of audio written to the server and not played yet, as its last timing report said
    /// (no round trip; reports come on their own while the stream plays): what an output that
    /// stopped playing still held. Nil before the first report.
    public var heldByServer: Double? {
        connection.withLock {
            guard let info = pa_stream_get_timing_info(stream), info.pointee.read_index_corrupt == 0, info.pointee.write_index_corrupt == 0
            else { return nil }
            return format.seconds(forBytes: max(0, info.pointee.write_index - info.pointee.read_index))
        }
    }

    /// The stream's current latency (buffered audio not yet played), in seconds, if known.
    public var latency: Double? {
        connection.withLock {
            var usec: pa_usec_t = 0
            var negative: Int32 = 0
            guard pa_stream_get_latency(stream, &usec, &negative) == 0 else { return nil }
            return negative != 0 ? 0 : Double(usec) / 1_000_000
        }
    }
}
