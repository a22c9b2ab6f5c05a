import CPulse

/// Accumulates the results of a list callback, then resumes its continuation once.
/// A request whose waiter can be told that the connection died before the server answered.
protocol CancellableRequest: AnyObject {
    func fail(_ error: Error)
}

final class ListRequest<Element>: CancellableRequest {
    var items: [Element] = []
    let continuation: CheckedContinuation<[Element], Error>
    init(_ continuation: CheckedContinuation<[Element], Error>) { self.continuation = continuation }
    func fail(_ error: Error) { continuation.resume(throwing: error) }
}

/// A request answered with success or failure: `done` is given nil, or why it failed.
final class SuccessRequest: CancellableRequest {
    let done: (Error?) -> Void
    let what: String
    init(what: String, done: @escaping (Error?) -> Void) {
        self.done = done
        self.what = what
    }
    func fail(_ error: Error) { done(error) }
}

let successCallback: pa_context_success_cb_t = { ctx, success, userdata in
    let request = Unmanaged<SuccessRequest>.fromOpaque(userdata!).takeRetainedValue()
    if success != 0 {
        request.done(nil)
    } else {
        let reason = String(cString: pa_strerror(pa_context_errno(ctx)))
        request.done(PulseError("\(request.what) failed: \(reason)"))
    }
}

private let sinkInputCallback: pa_sink_input_info_cb_t = { _, info, eol, userdata in
    let request = Unmanaged<ListRequest<SinkInput>>.fromOpaque(userdata!).takeUnretainedValue()
    if let info {
        request.items.append(SinkInput(info.pointee))
    } else if eol != 0 {
        Unmanaged<ListRequest<SinkInput>>.fromOpaque(userdata!).release()
        request.continuation.resume(returning: request.items)
    }
}

private let sinkNameCallback: pa_sink_info_cb_t = { _, info, eol, userdata in
    let request = Unmanaged<ListRequest<String>>.fromOpaque(userdata!).takeUnretainedValue()
    if let info {
        request.items.append(String(cString: info.pointee.name))
    } else if eol != 0 {
        Unmanaged<ListRequest<String>>.fromOpaque(userdata!).release()
        request.continuation.resume(returning: request.items)
    }
}

extension PulseConnection {
    /// The connection died with the request pending, or the server did not answer in time: its
    /// callback will never come; release and fail it.
    static func cancelled<R: CancellableRequest>(_ userdata: UnsafeMutableRawPointer, _: R.Type, _ what: String, timedOut: Bool) {
        let why = timedOut ? "the sound server did not answer in time" : "the connection to the server was lost"
        Unmanaged<R>.fromOpaque(userdata).takeRetainedValue().fail(PulseError("\(what) failed: \(why)"))
    }

    /// `onCancel` for an operation of this connection (call under the mainloop lock).
    func watch(_ operation: OpaquePointer, timeout: Duration? = pulseRequestTimeout, _ cancelled: @escaping (_ timedOut: Bool) -> Void) {
        onCancel(operation, context: context, mainloop: mainloop, timeout: timeout, cancelled)
    }

    /// Every sink input on the server; a server that does not answer within `timeout` fails it.
    public func sinkInputs(timeout: Duration = pulseRequestTimeout) async throws -> [SinkInput] {
        try await list("listing sink inputs", timeout: timeout) { pa_context_get_sink_input_info_list($0, sinkInputCallback, $1) }
    }

    /// The names of the server's sinks.
    public func sinkNames() async throws -> [String] {
        try await list("listing sinks") { pa_context_get_sink_info_list($0, sinkNameCallback, $1) }
    }

    /// One sink input, or nil when it no longer exists; what it reads is mirrored (`SinkInputMirror`).
    public func sinkInput(index: UInt32) async throws -> SinkInput? {
        var ticket: SinkInputMirror.ReadTicket?
        let found: [SinkInput] = try await list("reading sink input \(index)") {
            ticket = mirror.ticket()
            return pa_context_get_sink_input_info($0, index, sinkInputCallback, $1)
        }
        if let input = found.first, let ticket { withLock { mirror.answer(input, ticket: ticket, mayAdd: false) } }
        return found.first
    }

    /// Runs one libpulse operation that lists `Element`s through a callback fed a `ListRequest`.
    func list<Element>(
        _ what: String, timeout: Duration = pulseRequestTimeout, _ start: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?
    ) async throws -> [Element] {
        try await withCheckedThrowingContinuation { continuation in
            withLock {
                let request = ListRequest<Element>(continuation)
                let userdata = Unmanaged.passRetained(request).toOpaque()
                guard let op = start(context, userdata) else {
                    Unmanaged<ListRequest<Element>>.fromOpaque(userdata).release()
                    continuation.resume(throwing: PulseError("\(what) failed: \(lastError)"))
                    return
                }
                watch(op, timeout: timeout) { Self.cancelled(userdata, ListRequest<Element>.self, what, timedOut: $0) }
                pa_operation_unref(op)
            }
        }
    }

    /// Sets a sink input's volume at once (PulseAudio has no ramp; see `VolumeRamp`).
    public func setSinkInputVolume(index: UInt32, to volumes: ChannelVolumes) async throws {
        try await perform("setting the volume of sink input \(index)") { ctx, callback, userdata in
            mirror.changed(index, volume: volumes)
            var cv = volumes.cvolume
            return pa_context_set_sink_input_volume(ctx, index, &cv, callback, userdata)
        }
    }

    /// Mutes or unmutes a sink input.
    public func setSinkInputMute(index: UInt32, muted: Bool) async throws {
        try await perform("muting sink input \(index)") { ctx, callback, userdata in
            mirror.changed(index, muted: muted)
            return pa_context_set_sink_input_mute(ctx, index, muted ? 1 : 0, callback, userdata)
        }
    }

    /// Runs one libpulse operation that reports success or failure.
    func perform(
        _ what: String,
        _ start: (OpaquePointer, pa_context_success_cb_t, UnsafeMutableRawPointer) -> OpaquePointer?
    ) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            withLock { begin(what, continuation, start) }
        }
    }

    /// Starts one libpulse operation that reports success or failure to `continuation` (under the
    /// mainloop lock, or on its thread).
    func begin(
        _ what: String, _ continuation: CheckedContinuation<Void, Error>,
        _ start: (OpaquePointer, pa_context_success_cb_t, UnsafeMutableRawPointer) -> OpaquePointer?
    ) {
        begin(what, done: { error in error.map { continuation.resume(throwing: $0) } ?? continuation.resume() }, start)
    }

    /// Starts one libpulse operation that reports success (nil) or why it failed to `done`, on the
    /// mainloop (under its lock, or on its thread).
    func begin(
        _ what: String, done: @escaping (Error?) -> Void, _ start: (OpaquePointer, pa_context_success_cb_t, UnsafeMutableRawPointer) -> OpaquePointer?
    ) {
        let request = SuccessRequest(what: what, done: done)
        let userdata = Unmanaged.passRetained(request).toOpaque()
        guard let op = start(context, successCallback, userdata) else {
            Unmanaged<SuccessRequest>.fromOpaque(userdata).release()
            done(PulseError("\(what) failed: \(lastError)"))
            return
        }
        watch(op) { Self.cancelled(userdata, SuccessRequest.self, what, timedOut: $0) }
        pa_operation_unref(op)
    }
}
