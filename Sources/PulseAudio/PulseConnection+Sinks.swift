import CPulse

/// A sink as the server reports it: its name, and whether it sleeps.
public struct SinkState: Sendable, Equatable {
    public var index: UInt32
    public var name: String
    /// Suspended (idle too long, or by a user): its first samples may be lost while it wakes.
    public var suspended: Bool
}

private let sinkStateCallback: pa_sink_info_cb_t = { _, info, eol, userdata in
    let request = Unmanaged<ListRequest<SinkState>>.fromOpaque(userdata!).takeUnretainedValue()
    if let info {
        let sink = info.pointee
        request.items.append(SinkState(index: sink.index, name: String(cString: sink.name), suspended: sink.state == PA_SINK_SUSPENDED))
    } else if eol != 0 {
        Unmanaged<ListRequest<SinkState>>.fromOpaque(userdata!).release()
        request.continuation.resume(returning: request.items)
    }
}

extension PulseConnection {
    /// Every sink, with its state.
    public func sinkStates() async throws -> [SinkState] {
        try await list("listing sinks") { pa_context_get_sink_info_list($0, sinkStateCallback, $1) }
    }

    /// The name of the server's default sink, where a stream connected without a device plays.
    public func defaultSinkName() async throws -> String? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String?, Error>) in
            withLock {
                let request = ValueRequest<String?>(continuation)
                let userdata = Unmanaged.passRetained(request).toOpaque()
                guard
                    let op = pa_context_get_server_info(
                        context,
                        { _, info, userdata in
                            let name = info?.pointee.default_sink_name.map { String(cString: $0) }
                            Unmanaged<ValueRequest<String?>>.fromOpaque(userdata!).takeRetainedValue().continuation.resume(returning: name)
                        }, userdata)
                else {
                    Unmanaged<ValueRequest<String?>>.fromOpaque(userdata).release()
                    continuation.resume(throwing: PulseError("reading the default sink failed: \(lastError)"))
                    return
                }
                watch(op) { Self.cancelled(userdata, ValueRequest<String?>.self, "reading the default sink", timedOut: $0) }
                pa_operation_unref(op)
            }
        }
    }

    /// Wakes a suspended sink (`pa_context_suspend_sink_by_name`, suspend 0): it starts running before
    /// the first samples reach it.
    public func resumeSink(named name: String) async throws {
        try await perform("resuming sink \(name)") { ctx, callback, userdata in
            pa_context_suspend_sink_by_name(ctx, name, 0, callback, userdata)
        }
    }
}
