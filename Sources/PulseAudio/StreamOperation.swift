import CPulse

/// Awaits one libpulse stream operation whose completion arrives in a `pa_stream_success_cb_t`.
final class StreamOperation {
    private let continuation: CheckedContinuation<Bool, Never>
    private init(_ continuation: CheckedContinuation<Bool, Never>) { self.continuation = continuation }

    /// Runs `start` under the connection's lock and returns whether the server reported success.
    /// `start` is handed the callback and userdata to pass to libpulse; it returns the operation (nil on failure).
    static func run(
        on connection: PulseConnection,
        _ start: (pa_stream_success_cb_t, UnsafeMutableRawPointer) -> OpaquePointer?
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            connection.withLock {
                let userdata = Unmanaged.passRetained(StreamOperation(continuation)).toOpaque()
                guard let op = start(callback, userdata) else {
                    Unmanaged<StreamOperation>.fromOpaque(userdata).release()
                    continuation.resume(returning: false)
                    return
                }
                // No timeout: a drain takes as long as the audio it waits for.
                connection.watch(op, timeout: nil) { _ in
                    Unmanaged<StreamOperation>.fromOpaque(userdata).takeRetainedValue().continuation.resume(returning: false)
                }
                pa_operation_unref(op)
            }
        }
    }

    private static let callback: pa_stream_success_cb_t = { _, success, userdata in
        let me = Unmanaged<StreamOperation>.fromOpaque(userdata!).takeRetainedValue()
        me.continuation.resume(returning: success != 0)
    }
}
