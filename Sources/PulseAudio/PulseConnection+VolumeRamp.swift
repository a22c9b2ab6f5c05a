import AsyncSupport
import CPulse

extension PulseConnection {
    /// Sets a sink input's volume to each of `levels` in turn, the first at once and each next one
    /// `pause` later. The steps are sent by the mainloop's own timers, none waiting for the server's
    /// answer to the one before: a ramp is one request from the caller's side however many steps it
    /// has, and takes the time it is given. Returns once the first step is sent, with what is set
    /// once the server has answered the last (nil, or why the ramp failed); `sent` is told on the
    /// mainloop right after the last step is sent (or the ramp failed).
    public nonisolated(nonsending) func beginRamp(
        index: UInt32, through levels: [ChannelVolumes], every pause: Duration, sent: RampsSent
    ) async -> OneShot<(any Error)?> {
        let answered = OneShot<(any Error)?>()
        guard !levels.isEmpty else {
            sent.stepSent()
            answered.set(nil)
            return answered
        }
        withLock {
            let ramp = MainloopRamp(connection: self, context: context, index: index, levels: levels[...], pause: pause, sent: sent) {
                answered.set($0)
            }
            ramp.step()
        }
        return answered
    }
}

/// A ramp on the mainloop: it sends its next step each time its timer fires, and holds itself
/// (retained by the timer's userdata) between steps. Once its last step is sent it tells `sent`;
/// that step is an ordinary request whose answer ends the ramp.
private final class MainloopRamp {
    private let connection: PulseConnection
    /// The context the ramp began on: after a reconnect a sink input number means another stream.
    private let context: OpaquePointer
    private let index: UInt32
    private var levels: ArraySlice<ChannelVolumes>
    private let pause: Duration
    private let sent: RampsSent
    private let answered: (Error?) -> Void

    init(
        connection: PulseConnection, context: OpaquePointer, index: UInt32, levels: ArraySlice<ChannelVolumes>, pause: Duration,
        sent: RampsSent, answered: @escaping (Error?) -> Void
    ) {
        self.connection = connection
        self.context = context
        self.index = index
        self.levels = levels
        self.pause = pause
        self.sent = sent
        self.answered = answered
    }

    /// Sends the next step (under the mainloop lock, or on its thread) and arms the timer for the one after.
    func step() {
        let what = "ramping the volume of sink input \(index)"
        guard connection.context == context else { return fail(PulseError("\(what) failed: the connection to the server was lost")) }
        let next = levels.removeFirst()
        connection.mirror.changed(index, volume: next)
        var volumes = next.cvolume
        let index = index
        guard !levels.isEmpty else {
            connection.begin(what, done: answered) { ctx, callback, userdata in pa_context_set_sink_input_volume(ctx, index, &volumes, callback, userdata) }
            // Whatever waits for the ramp is sent now, after its last step, on the same connection.
            return sent.stepSent()
        }
        // A step between is not waited for: the last one's answer comes after the server has taken every step before it.
        guard let op = pa_context_set_sink_input_volume(context, index, &volumes, nil, nil) else {
            return fail(PulseError("\(what) failed: \(connection.lastError)"))
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
            fail(PulseError("\(what) failed: no timer"))
        }
    }

    /// The ramp ends here: it sends no more.
    private func fail(_ error: Error) {
        sent.stepSent()
        answered(error)
    }
}
