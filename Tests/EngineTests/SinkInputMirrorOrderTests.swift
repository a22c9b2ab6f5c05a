import Testing

@testable import PulseAudio

/// Which answer the sink-input mirror keeps when reads cross (a pure test of `SinkInputMirror`,
/// no server): the newest read asked wins, whoever asked it, and nothing older than the
/// connection's own change or from before a reconnect comes back.
@Suite struct SinkInputMirrorOrderTests {
    private func input(_ index: UInt32, volume: UInt32) -> SinkInput {
        SinkInput(
            index: index, name: "player", sink: 0, volume: ChannelVolumes([volume, volume]), muted: false, corked: false, channelMap: [1, 2],
            properties: ["media.role": "music"])
    }

    /// pipewire-pulse's new stream: the event's read answers volume 0 (not yet set up), the
    /// engine's own read, asked later, answers the volume WirePlumber gave it. The engine acts on
    /// its read; the mirror must not be older than that.
    @Test func theCallersNewerReadReplacesTheEventsPlaceholder() {
        let mirror = SinkInputMirror()
        let eventRead = mirror.ticket()
        let callersRead = mirror.ticket()
        mirror.answer(input(7, volume: 0), ticket: eventRead)
        mirror.answer(input(7, volume: 22494), ticket: callersRead, mayAdd: false)
        #expect(mirror[7]?.volume == ChannelVolumes([22494, 22494]))
    }

    /// Answers come in the order asked on one connection, but the caller's answer is mirrored after
    /// its await, possibly after a newer event read's: the older one is dropped.
    @Test func anOlderAnswerMirroredLateIsDropped() {
        let mirror = SinkInputMirror()
        let callersRead = mirror.ticket()
        let eventRead = mirror.ticket()
        mirror.answer(input(7, volume: 30000), ticket: eventRead)
        mirror.answer(input(7, volume: 0), ticket: callersRead, mayAdd: false)
        #expect(mirror[7]?.volume == ChannelVolumes([30000, 30000]))
    }

    @Test func aReadAskedBeforeTheConnectionsOwnChangeIsDropped() {
        let mirror = SinkInputMirror()
        mirror.answer(input(7, volume: 40000), ticket: mirror.ticket())
        let before = mirror.ticket()
        mirror.changed(7, volume: ChannelVolumes([22494, 22494]))
        mirror.answer(input(7, volume: 40000), ticket: before, mayAdd: false)
        mirror.answer(input(7, volume: 40000), ticket: before)
        #expect(mirror[7]?.volume == ChannelVolumes([22494, 22494]))
    }

    /// A stream comes into the mirror through its event; a caller's read of one not mirrored (no
    /// subscription, or already gone) is not kept, where no event would ever update it.
    @Test func aCallersReadOfAStreamNotMirroredIsNotKept() {
        let mirror = SinkInputMirror()
        mirror.answer(input(7, volume: 40000), ticket: mirror.ticket(), mayAdd: false)
        #expect(mirror[7] == nil)
        mirror.answer(input(7, volume: 40000), ticket: mirror.ticket())
        let late = mirror.ticket()
        mirror.forget(7)
        mirror.answer(input(7, volume: 40000), ticket: late, mayAdd: false)
        #expect(mirror[7] == nil)
    }

    @Test func aReadFromBeforeAReconnectIsDropped() {
        let mirror = SinkInputMirror()
        let old = mirror.ticket()
        mirror.clear()
        mirror.answer(input(7, volume: 40000), ticket: old)
        #expect(mirror[7] == nil)
        mirror.answer(input(7, volume: 30000), ticket: mirror.ticket())
        #expect(mirror[7]?.volume == ChannelVolumes([30000, 30000]))
    }
}
