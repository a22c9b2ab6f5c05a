import CPulse

/// libpulse cancels the operations still pending when the connection to the server dies, without
/// calling their result callbacks; whoever awaits one would wait forever. `onCancel` hands such an
/// operation a state callback that tells its waiter instead.
private final class CancellationWatch {
    let cancelled: () -> Void
    init(_ cancelled: @escaping () -> Void) { self.cancelled = cancelled }
}

/// Calls `cancelled` (on the mainloop thread) if `operation` ends cancelled rather than done.
/// Call under the mainloop lock, before releasing the operation.
func onCancel(_ operation: OpaquePointer, _ cancelled: @escaping () -> Void) {
    let watch = Unmanaged.passRetained(CancellationWatch(cancelled)).toOpaque()
    pa_operation_set_state_callback(
        operation,
        { operation, userdata in
            let state = pa_operation_get_state(operation)
            guard state != PA_OPERATION_RUNNING else { return }
            // Done or cancelled: the state changes exactly once more, so the watch is released here.
            let watch = Unmanaged<CancellationWatch>.fromOpaque(userdata!).takeRetainedValue()
            if state == PA_OPERATION_CANCELLED { watch.cancelled() }
        }, watch)
}
