import CPulse

extension PulseConnection {
    /// Sets a sink input's volume to each of `levels` in turn, the first at once and each next one
    /// `pause` later, and returns once the server has answered the last. The steps are sent by the
    /// mainloop's own timers, none waiting for the server's answer to the one before: a ramp is one
    /// request from the caller's side however many steps it has, and takes the time it is given.
    public nonisolated(nonsending) func rampSinkInputVolume(index: UInt32, through levels: [ChannelVolumes], every pause: Duration) async throws {
        guard let last = levels.last else { return }
        guard levels.count > 1 else { return try await setSinkInputVolume(index: index, to: last) }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            withLock {
                let ramp = MainloopRamp(connection: self, context: context, index: index, levels: levels[...], pause: pause, waiter: continuation)
                ramp.step()
            }
        }
    }
}

/// A ramp on the mainloop: it sends its next step each time its timer fires, and holds itself
/// (retained by the timer's userdata) between steps. Its last step is an ordinary request whose
/// answer resumes the waiter.
private final class MainloopRamp {
    private let connection: PulseConnection
    /// The context the ramp began on: after a reconnect a sink input number means another stream.
    private let context: OpaquePointer
    private let index: UInt32
    private var levels: ArraySlice<ChannelVolumes>
    private let pause: Duration
    private let waiter: CheckedContinuation<Void, Error>

    init(
        connection: PulseConnection, context: OpaquePointer, index: UInt32, levels: ArraySlice<ChannelVolumes>, pause: Duration,
        waiter: CheckedContinuation<Void, Error>
    ) {
        self.connection = connection
        self.context = context
        self.index = index
        self.levels = levels
        self.pause = pause
        self.waiter = waiter
    }

    /// Sends the next step (under the mainloop lock, or on its thread) and arms the timer for the one after.
    func step() {
        let what = "ramping the volume of sink input \(index)"
        guard connection.context == context else {
            return waiter.resume(throwing: PulseError("\(what) failed: the connection to the server was lost"))
        }
        let next = levels.removeFirst()
        connection.mirror.changed(index, volume: next)
        var volumes = next.cvolume
        let index = index
        guard !levels.isEmpty else {
            return connection.begin(what, waiter) { ctx, callback, userdata in pa_context_set_sink_input_volume(ctx, index, &volumes, callback, userdata) }
        }
        // A step between is not waited for: the last one's answer comes after the server has taken every step before it.
        guard let op = pa_context_set_sink_input_volume(context, index, &volumes, nil, nil) else {
            return waiter.resume(throwing: PulseError("\(what) failed: \(connection.lastError)"))
        }
        pa_operation_unref(op)
        let userdata = Unmanaged.passRetained(self).toOpaque()
        let timer = pa_context_rttime_new(
            context, rtclock(after: pause),
            { api, event, _, userdata in
                api?.pointee.time_free(event)
                Unmanaged<MainloopRamp>.fromOpaque(userdata!).takeRetainedValue().step()
            }, userdata)
        if timer == nil {
            Unmanaged<MainloopRamp>.fromOpaque(userdata).release()
            waiter.resume(throwing: PulseError("\(what) failed: no timer"))
        }
    }
}
