import CPulse

/// The sink inputs as the server's events last told them, so that a duck can start without first
/// asking the server for the stream's volume. Kept while the connection is subscribed to sink input
/// events: each new or changed stream is read on the mainloop thread as its event comes, and
/// forgotten when it goes. Used only under the mainloop lock or on its thread.
///
/// What this connection sets itself is mirrored at once. A read asked for before such a change may
/// answer after it with the level from before; it is dropped (the change's own event brings a read
/// that is current), so the mirror never goes back to a level the connection has since replaced.
///
/// Every read of a mirrored stream feeds it, the caller's own (`sinkInput(index:)`) as well as the
/// events': a caller that acts on what it read must not then find the mirror older. pipewire-pulse
/// shows a new stream at volume 0 until WirePlumber has set it up; the engine took such a stream up
/// once its own read showed the real volume, and its duck then lowered the mirror's older 0 (set to
/// 0 for the whole prompt, and "restored" to 0: seen in a CI run of `ServerMemoryTests`).
final class SinkInputMirror {
    private var inputs: [UInt32: SinkInput] = [:]
    /// How many changes this connection has made to each stream: a read asked for before the latest is stale.
    private var changes: [UInt32: UInt64] = [:]
    /// Reads asked so far, and the newest read answered for each stream: an answer older than the one
    /// mirrored is dropped (the caller's read may answer after the event's read asked later).
    private var readsAsked: UInt64 = 0
    private var newestAnswered: [UInt32: UInt64] = [:]
    /// Counts the contexts: a read asked on the one before a reconnect tells of other streams.
    private var generation: UInt64 = 0

    /// Where a read stands among the others, taken as it is asked (under the mainloop lock).
    struct ReadTicket {
        fileprivate let changes: [UInt32: UInt64]
        fileprivate let number: UInt64
        fileprivate let generation: UInt64
    }

    subscript(index: UInt32) -> SinkInput? { inputs[index] }

    /// A subscription event: the stream read anew, or forgotten.
    func note(_ event: SinkInputEvent, context: OpaquePointer) {
        let index = event.index
        guard event.change != .remove else { return forget(index) }
        read(context) { pa_context_get_sink_input_info($0, index, mirrorReadCallback, $1) }
    }

    /// The stream is gone.
    func forget(_ index: UInt32) {
        inputs[index] = nil
        changes[index] = nil
        newestAnswered[index] = nil
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
        newestAnswered = [:]
        generation += 1
    }

    /// A read is asked now: its ticket, for `answer(_:ticket:)`.
    func ticket() -> ReadTicket {
        readsAsked += 1
        return ReadTicket(changes: changes, number: readsAsked, generation: generation)
    }

    /// A read's answer, mirrored unless the connection changed the stream since it was asked, a
    /// newer read's answer is mirrored already, or the stream is not mirrored and the read may not
    /// add it (`mayAdd`: the mirror's own reads, an event's and the subscription's first listing, may;
    /// a caller's may not, as no event would update a stream it read without a subscription).
    func answer(_ input: SinkInput, ticket: ReadTicket, mayAdd: Bool = true) {
        let index = input.index
        guard ticket.generation == generation, changes[index, default: 0] == ticket.changes[index, default: 0],
            ticket.number > newestAnswered[index, default: 0], mayAdd || inputs[index] != nil
        else { return }
        inputs[index] = input
        newestAnswered[index] = ticket.number
    }

    private func read(_ context: OpaquePointer, _ start: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?) {
        let request = Unmanaged.passRetained(MirrorRead(mirror: self, ticket: ticket())).toOpaque()
        guard let op = start(context, request) else {
            Unmanaged<MirrorRead>.fromOpaque(request).release()
            return
        }
        pa_operation_unref(op)
    }
}

/// One read of the mirror's under way, with its ticket.
private final class MirrorRead {
    let mirror: SinkInputMirror
    let ticket: SinkInputMirror.ReadTicket

    init(mirror: SinkInputMirror, ticket: SinkInputMirror.ReadTicket) {
        self.mirror = mirror
        self.ticket = ticket
    }
}

// A read whose connection dies is never answered; its `MirrorRead` is then leaked, a few bytes once per loss.
private let mirrorReadCallback: pa_sink_input_info_cb_t = { _, info, eol, userdata in
    let read = Unmanaged<MirrorRead>.fromOpaque(userdata!)
    if let info {
        read.takeUnretainedValue().mirror.answer(SinkInput(info.pointee), ticket: read.takeUnretainedValue().ticket)
    } else {
        // The end of the list, or the stream was gone before the answer.
        read.release()
    }
}
