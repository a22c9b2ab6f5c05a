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

    /// Asks the current context for sink input events, delivered to the hub and mirrored (again
    /// after a reconnect); the streams there already are read into the mirror.
    func subscribeToSinkInputs() async throws {
        try await perform("subscribing to sink input events") { ctx, callback, userdata in
            // Unretained: the connection lets the context's callbacks go before it goes itself.
            let me = Unmanaged.passUnretained(self).toOpaque()
            pa_context_set_subscribe_callback(
                ctx,
                { ctx, type, index, userdata in
                    guard let event = SinkInputEvent(type, index: index) else { return }
                    let connection = Unmanaged<PulseConnection>.fromOpaque(userdata!).takeUnretainedValue()
                    if let ctx { connection.mirror.note(event, context: ctx) }
                    connection.sinkInputEventHub.deliver(event)
                }, me)
            mirror.readAll(ctx)
            return pa_context_subscribe(ctx, PA_SUBSCRIPTION_MASK_SINK_INPUT, callback, userdata)
        }
    }

    /// The sink input as the subscription last told it, without asking the server; nil before
    /// anyone subscribed, or while its first read is under way.
    public func knownSinkInput(index: UInt32) -> SinkInput? {
        withLock { mirror[index] }
    }
}
