import CPulse

extension PulseConnection {
    /// New, changed and removed sink inputs, from now on, as they happen (PulseAudio's subscription).
    /// Returns once the server has confirmed the subscription, so nothing after the call is missed.
    /// The stream ends when the caller stops iterating or the connection is released. It keeps the
    /// newest `sinkInputEventBuffer` events a slow reader has not taken yet.
    public func sinkInputEvents() async throws -> AsyncStream<SinkInputEvent> {
        let (stream, continuation) = AsyncStream<SinkInputEvent>.makeStream(bufferingPolicy: .bufferingNewest(Self.sinkInputEventBuffer))
        let hub = sinkInputEventHub
        let id = hub.add(continuation)
        // Not under the mainloop lock: the stream may end inside its task's cancellation (SinkInputEventHub).
        continuation.onTermination = { _ in hub.remove(id) }
        // Setting the mask again for a second subscriber is harmless, and waiting for it keeps the promise above.
        try await subscribeToSinkInputs()
        return stream
    }

    /// How many sink input events a subscriber's stream keeps before dropping the oldest.
    public static let sinkInputEventBuffer = 256

    /// Asks the current context for sink input events, delivered to the hub (again after a reconnect).
    func subscribeToSinkInputs() async throws {
        let hub = sinkInputEventHub
        try await perform("subscribing to sink input events") { ctx, callback, userdata in
            let me = Unmanaged.passUnretained(hub).toOpaque()
            pa_context_set_subscribe_callback(
                ctx,
                { _, type, index, userdata in
                    Unmanaged<SinkInputEventHub>.fromOpaque(userdata!).takeUnretainedValue().deliver(type, index: index)
                }, me)
            return pa_context_subscribe(ctx, PA_SUBSCRIPTION_MASK_SINK_INPUT, callback, userdata)
        }
    }
}
