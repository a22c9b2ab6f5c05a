import CPulse

/// libpulse cancels the operations still pending when the connection to the server dies, without
/// calling their result callbacks; whoever awaits one would wait forever. And a server that is alive
/// but does not answer (stopped, hung) leaves them pending for libpulse's own 30 s. `onCancel` hands
/// an operation a state callback that tells its waiter when it ends cancelled, and, with a timeout,
/// a timer on the mainloop that cancels it first.
private final class OperationWatch {
    let cancelled: (_ timedOut: Bool) -> Void
    let operation: OpaquePointer
    let api: UnsafeMutablePointer<pa_mainloop_api>
    var timer: OpaquePointer?
    var timedOut = false

    init(_ operation: OpaquePointer, api: UnsafeMutablePointer<pa_mainloop_api>, cancelled: @escaping (_ timedOut: Bool) -> Void) {
        self.operation = pa_operation_ref(operation)
        self.api = api
        self.cancelled = cancelled
    }

    /// The operation ended (done or cancelled): the timer goes, and the watch with it.
    func ended(cancelled wasCancelled: Bool) {
        if let timer { api.pointee.time_free(timer) }
        timer = nil
        pa_operation_unref(operation)
        if wasCancelled { cancelled(timedOut) }
    }
}

/// The mainloop's clock `duration` from now, as the timers of `pa_context_rttime_new` take it.
func rtclock(after duration: Duration) -> pa_usec_t {
    let (seconds, attoseconds) = duration.components
    return pa_rtclock_now() + UInt64(seconds) * 1_000_000 + UInt64(attoseconds / 1_000_000_000_000)
}

/// How long a request to the server may take before it is given up (a server that answers at all
/// answers in milliseconds).
public let pulseRequestTimeout: Duration = .seconds(3)

/// Calls `cancelled` (on the mainloop thread) if `operation` ends cancelled rather than done: the
/// connection died (`timedOut` false), or `timeout` passed first and it was cancelled for that.
/// Call under the mainloop lock, before releasing the operation.
func onCancel(
    _ operation: OpaquePointer, context: OpaquePointer, mainloop: OpaquePointer, timeout: Duration? = pulseRequestTimeout,
    _ cancelled: @escaping (_ timedOut: Bool) -> Void
) {
    let watch = OperationWatch(operation, api: pa_threaded_mainloop_get_api(mainloop), cancelled: cancelled)
    let userdata = Unmanaged.passRetained(watch).toOpaque()
    pa_operation_set_state_callback(
        operation,
        { operation, userdata in
            let state = pa_operation_get_state(operation)
            guard state != PA_OPERATION_RUNNING else { return }
            // Done or cancelled: the state changes exactly once more, so the watch is released here.
            Unmanaged<OperationWatch>.fromOpaque(userdata!).takeRetainedValue().ended(cancelled: state == PA_OPERATION_CANCELLED)
        }, userdata)
    guard let timeout else { return }
    watch.timer = pa_context_rttime_new(
        context, rtclock(after: timeout),
        { api, event, _, userdata in
            // The watch is alive: the operation has not ended (ending frees this timer first).
            let watch = Unmanaged<OperationWatch>.fromOpaque(userdata!).takeUnretainedValue()
            watch.timer = nil
            api?.pointee.time_free(event)
            watch.timedOut = true
            pa_operation_cancel(watch.operation)
        }, userdata)
}
