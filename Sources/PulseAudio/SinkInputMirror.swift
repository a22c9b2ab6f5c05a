import CPulse

/// The sink inputs as the server's events last told them, so that a duck can start without first
/// asking the server for the stream's volume. Kept while the connection is subscribed to sink input
/// events: each new or changed stream is read on the mainloop thread as its event comes, and
/// forgotten when it goes. Used only under the mainloop lock or on its thread.
///
/// What this connection sets itself is mirrored at once. A read asked for before such a change may
/// answer after it with the level from before; it is dropped (the change's own event brings a read
/// that is current), so the mirror never goes back to a level the connection has since replaced.
final class SinkInputMirror {
    private var inputs: [UInt32: SinkInput] = [:]
    /// How many changes this connection has made to each stream: a read asked for before the latest is stale.
    private var changes: [UInt32: UInt64] = [:]

    subscript(index: UInt32) -> SinkInput? { inputs[index] }

    /// A subscription event: the stream read anew, or forgotten.
    func note(_ event: SinkInputEvent, context: OpaquePointer) {
        let index = event.index
        guard event.change != .remove else {
            inputs[index] = nil
            changes[index] = nil
            return
        }
        read(context) { pa_context_get_sink_input_info($0, index, mirrorReadCallback, $1) }
    }

    /// Reads every stream (as the subscription begins).
    func readAll(_ context: OpaquePointer) {
        read(context) { pa_context_get_sink_input_info_list($0, mirrorReadCallback, $1) }
    }

    /// This connection set a stream's volume or mute: mirrored now, and reads asked for before it are stale.
    func changed(_ index: UInt32, volume: ChannelVolumes? = nil, muted: Bool? = nil) {
        changes[index, default: 0] += 1
        if let volume { inputs[index]?.volume = volume }
        if let muted { inputs[index]?.muted = muted }
    }

    /// A new context (after a reconnect): its numbers mean other streams.
    func clear() {
        inputs = [:]
        changes = [:]
    }

    fileprivate func answer(_ input: SinkInput, askedAfter changesThen: [UInt32: UInt64]) {
        guard changes[input.index, default: 0] == changesThen[input.index, default: 0] else { return }
        inputs[input.index] = input
    }

    private func read(_ context: OpaquePointer, _ start: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?) {
        let request = Unmanaged.passRetained(MirrorRead(mirror: self, changesThen: changes)).toOpaque()
        guard let op = start(context, request) else {
            Unmanaged<MirrorRead>.fromOpaque(request).release()
            return
        }
        pa_operation_unref(op)
    }
}

/// One read of the mirror's under way, with the changes made before it was asked.
private final class MirrorRead {
    let mirror: SinkInputMirror
    let changesThen: [UInt32: UInt64]

    init(mirror: SinkInputMirror, changesThen: [UInt32: UInt64]) {
        self.mirror = mirror
        self.changesThen = changesThen
    }
}

// A read whose connection dies is never answered; its `MirrorRead` is then leaked, a few bytes once per loss.
private let mirrorReadCallback: pa_sink_input_info_cb_t = { _, info, eol, userdata in
    let read = Unmanaged<MirrorRead>.fromOpaque(userdata!)
    if let info {
        read.takeUnretainedValue().mirror.answer(SinkInput(info.pointee), askedAfter: read.takeUnretainedValue().changesThen)
    } else {
        // The end of the list, or the stream was gone before the answer.
        read.release()
    }
}
