extension PulseConnection {
    /// Asks another client's stream to pause (or to play again).
    ///
    /// What PulseAudio allows: the "request-cork" stream event (`PA_STREAM_EVENT_REQUEST_CORK`) can only be
    /// sent from inside the server (`pa_sink_input_send_event`, which module-role-cork uses); the client API
    /// has no call for it, and `pa_context_send_message_to_object` reaches only registered handlers
    /// (PulseAudio 16 has `/core` and Bluetooth ones, none for sink inputs). Nor can a client cork a stream
    /// it does not own. So, as module-role-cork does alongside its event, the stream is muted: it falls
    /// silent but keeps playing (its position advances); `corked: false` unmutes it.
    public func requestCork(sinkInput index: UInt32, corked: Bool) async throws {
        try await setSinkInputMute(index: index, muted: corked)
    }
}
