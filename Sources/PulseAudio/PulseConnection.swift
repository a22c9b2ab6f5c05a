import CPulse
import Dispatch
import FoundationEssentials
import Synchronization

/// One PulseAudio context on a threaded mainloop.
///
/// libpulse's threaded mainloop runs callbacks on its own thread; every other thread must hold the
/// mainloop lock while it calls into libpulse. `withLock` does that. Operations that complete in a
/// callback are exposed as `async` functions (see `PulseConnection+Introspection.swift`).
public final class PulseConnection: @unchecked Sendable {
    let mainloop: OpaquePointer
    /// Replaced by `reconnect()` after the server went away; read under the mainloop lock.
    private(set) var context: OpaquePointer
    private let applicationName: String
    private let server: String?
    private let stateWaiter = StateWaiter()
    /// Subscribers to sink input events (see `sinkInputEvents()`).
    let sinkInputEventHub = SinkInputEventHub()
    /// The sink inputs as the subscription's events told them (`knownSinkInput(index:)`).
    let mirror = SinkInputMirror()

    /// Connects to `server` (nil: libpulse's default, which honours `PULSE_SERVER`) and waits until ready.
    public init(applicationName: String, server: String? = nil) async throws {
        guard let loop = pa_threaded_mainloop_new() else { throw PulseError("cannot create mainloop") }
        mainloop = loop
        self.applicationName = applicationName
        self.server = server
        pa_threaded_mainloop_set_name(loop, "voxnav-pulse")
        guard let ctx = Self.makeContext(loop, applicationName: applicationName, waiter: stateWaiter) else {
            pa_threaded_mainloop_free(loop)
            throw PulseError("cannot create context")
        }
        context = ctx
        guard pa_threaded_mainloop_start(loop) == 0 else { throw PulseError("cannot start mainloop") }
        try await connectContext()
    }

    private static func makeContext(_ loop: OpaquePointer, applicationName: String, waiter: StateWaiter) -> OpaquePointer? {
        let props = pa_proplist_new()
        defer { pa_proplist_free(props) }
        pa_proplist_sets(props, PA_PROP_APPLICATION_NAME, applicationName)
        pa_proplist_sets(props, PA_PROP_APPLICATION_ID, "org.voxnav")
        guard let ctx = pa_context_new_with_proplist(pa_threaded_mainloop_get_api(loop), applicationName, props) else { return nil }
        pa_context_set_state_callback(
            ctx,
            { ctx, userdata in
                let waiter = Unmanaged<StateWaiter>.fromOpaque(userdata!).takeUnretainedValue()
                waiter.contextStateChanged(pa_context_get_state(ctx))
            }, Unmanaged.passUnretained(waiter).toOpaque())
        return ctx
    }

    /// How long connecting may take: a server that accepts the socket but never answers (stopped,
    /// hung) would otherwise keep the daemon from starting, or from reconnecting, for good.
    public static let connectTimeout: Duration = .seconds(5)

    /// Connects the current context and waits until it is ready, has failed, or `connectTimeout` passed.
    private func connectContext(deadline: Duration? = PulseConnection.connectTimeout) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            withLock {
                stateWaiter.onReadyOrFailure = { result in continuation.resume(with: result) }
                // A refused connection may already have failed the context (and resumed) inside the call.
                if pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0, let pending = stateWaiter.onReadyOrFailure {
                    stateWaiter.onReadyOrFailure = nil
                    pending(.failure(PulseError("cannot connect to PulseAudio: \(lastError)")))
                    return
                }
                if let deadline { stateWaiter.armDeadline(context: context, api: pa_threaded_mainloop_get_api(mainloop), after: deadline) }
            }
        }
    }

    /// After the server went away: a new context on the same mainloop, connected to the same server.
    /// Throws while the server is not back (call again later). Streams of the lost context stay dead
    /// (`PlaybackStream.reopen()` makes them anew); sink input subscriptions carry over.
    public func reconnect() async throws {
        try withLock {
            guard !isAbandoned else { throw PulseError("the sound server was given up (shutdown)") }
            guard pa_context_get_state(context) != PA_CONTEXT_READY else { return }
            guard let fresh = Self.makeContext(mainloop, applicationName: applicationName, waiter: stateWaiter) else {
                throw PulseError("cannot create context")
            }
            let old = context
            pa_context_set_state_callback(old, nil, nil)
            pa_context_set_subscribe_callback(old, nil, nil)
            pa_context_disconnect(old)
            pa_context_unref(old)
            context = fresh
            mirror.clear()
        }
        guard !isReady else { return }
        // No deadline here: a server coming back (PipeWire's whole stack restarting) may take its time
        // to answer, and the supervisor is waiting for exactly this.
        try await connectContext(deadline: nil)
        if !sinkInputEventHub.isEmpty { try await subscribeToSinkInputs() }
    }

    deinit {
        sinkInputEventHub.finishAll()
        let loop = MainloopHandles(mainloop: mainloop, context: context)
        guard pa_threaded_mainloop_in_thread(mainloop) != 0 else {
            pa_threaded_mainloop_lock(mainloop)
            loop.detach()
            pa_threaded_mainloop_unlock(mainloop)
            loop.stop()
            return
        }
        // Released from one of its own callbacks (the last holder let go there): a mainloop can be
        // neither locked nor stopped from its own thread (libpulse aborts). It holds its lock during
        // the callback, so the context is let go here, and the loop stopped from another thread once
        // the callback has returned.
        loop.detach()
        DispatchQueue.global().async { loop.stop() }
    }

    /// The mainloop and context, carried to the thread that stops them.
    private struct MainloopHandles: @unchecked Sendable {
        let mainloop: OpaquePointer
        let context: OpaquePointer

        /// With the lock held: no callback of the context's comes again, and it is gone.
        func detach() {
            pa_context_set_state_callback(context, nil, nil)
            pa_context_set_subscribe_callback(context, nil, nil)
            pa_context_disconnect(context)
            pa_context_unref(context)
        }

        /// From any thread but the mainloop's own.
        func stop() {
            pa_threaded_mainloop_stop(mainloop)
            pa_threaded_mainloop_free(mainloop)
        }
    }

    /// Runs `body` holding the mainloop lock (or directly, when already on the mainloop thread).
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        if pa_threaded_mainloop_in_thread(mainloop) != 0 { return try body() }
        pa_threaded_mainloop_lock(mainloop)
        defer { pa_threaded_mainloop_unlock(mainloop) }
        return try body()
    }

    /// True while the context is connected and ready.
    public var isReady: Bool { withLock { pa_context_get_state(context) == PA_CONTEXT_READY } }

    /// Called on the mainloop thread whenever the connection to the server is lost after being ready
    /// (again after each successful `reconnect()`); never after `abandon()`.
    public func onDisconnect(_ handler: @escaping @Sendable () -> Void) {
        withLock { stateWaiter.onLost = handler }
    }

    /// Gives the server up for good, at once, without telling `onDisconnect`: the context disconnects,
    /// and libpulse cancels every operation still pending, so that whatever awaits one fails now
    /// instead of at its timeout. For a shutdown that ran out of time on a server that does not
    /// answer: what is left undone stays in the journal, for the next daemon.
    public func abandon() {
        withLock {
            abandoned.store(true, ordering: .relaxed)
            stateWaiter.onLost = nil
            pa_context_disconnect(context)
        }
    }

    /// Whether `abandon()` was called. Read without the mainloop lock: the journal asks before
    /// every write.
    public var isAbandoned: Bool { abandoned.load(ordering: .relaxed) }
    private let abandoned = Atomic(false)

    /// A new stream with `properties` (media.role, application.name, ...), not yet connected.
    func newStream(name: String, format: StreamFormat, properties: [String: String]) throws -> OpaquePointer {
        var spec = format.spec
        let props = pa_proplist_new()
        defer { pa_proplist_free(props) }
        for (key, value) in properties { pa_proplist_sets(props, key, value) }
        guard let stream = withLock({ pa_stream_new_with_proplist(context, name, &spec, nil, props) }) else {
            throw PulseError("cannot create stream \(name): \(lastError)")
        }
        return stream
    }

    /// The last libpulse error, as text.
    var lastError: String { String(cString: pa_strerror(pa_context_errno(context))) }
}

/// Receives context state changes on the mainloop thread.
private final class StateWaiter {
    var onReadyOrFailure: ((Result<Void, Error>) -> Void)?
    var onLost: (@Sendable () -> Void)?
    private var wasReady = false
    /// The connect deadline's timer, while a connection is under way.
    private var deadline: (timer: OpaquePointer, api: UnsafeMutablePointer<pa_mainloop_api>)?

    /// Fails the connection under way if it is not ready after `timeout` (on the mainloop thread).
    func armDeadline(context: OpaquePointer, api: UnsafeMutablePointer<pa_mainloop_api>, after timeout: Duration) {
        disarmDeadline()
        guard
            let timer = pa_context_rttime_new(
                context, rtclock(after: timeout),
                { _, _, _, userdata in
                    let waiter = Unmanaged<StateWaiter>.fromOpaque(userdata!).takeUnretainedValue()
                    waiter.disarmDeadline()
                    guard let pending = waiter.onReadyOrFailure else { return }
                    waiter.onReadyOrFailure = nil
                    pending(.failure(PulseError("the sound server did not answer within \(PulseConnection.connectTimeout) (is it stopped or hung?)")))
                }, Unmanaged.passUnretained(self).toOpaque())
        else { return }
        deadline = (timer, api)
    }

    private func disarmDeadline() {
        if let deadline { deadline.api.pointee.time_free(deadline.timer) }
        deadline = nil
    }

    func contextStateChanged(_ state: pa_context_state_t) {
        if state == PA_CONTEXT_READY || state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED { disarmDeadline() }
        switch state {
        case PA_CONTEXT_READY:
            wasReady = true
            onReadyOrFailure?(.success(()))
            onReadyOrFailure = nil
        case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED:
            onReadyOrFailure?(.failure(PulseError("PulseAudio connection failed (is a server running?)")))
            onReadyOrFailure = nil
            if wasReady {
                wasReady = false
                onLost?()
            }
        default:
            break
        }
    }
}
