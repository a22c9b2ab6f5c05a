import AsyncSupport
import PulseAudio
import Synchronization

/// An in-memory sound server with what the engine changes on a real one (`StreamVolumeControl`):
/// other programs' streams with their volumes and mutes, and, like a desktop server, what it
/// remembers per group, saved at every change whoever made it. Each change is kept in order, so a
/// test can read back what was set, as the real-server suites read back pactl.
final class FakeSoundServer: StreamVolumeControl, Sendable {
    struct State {
        var inputs: [UInt32: SinkInput] = [:]
        var remembered: [String: RememberedStream] = [:]
        var abandoned = false
        /// Every volume set, in order: (sink input, volume).
        var volumeSets: [(UInt32, ChannelVolumes)] = []
        /// Subscribers to sink-input events (`AudioServer.sinkInputEvents`).
        var subscribers: [AsyncStream<SinkInputEvent>.Continuation] = []
        /// Called when the connection is lost.
        var onDisconnect: (@Sendable () -> Void)?
        /// False from a loss until the test lets the server come back and the engine reconnects.
        var connected = true
        var canReconnect = true
        /// The next index a stream started on it gets.
        var nextIndex: UInt32 = 100
        /// While set, a simulated source's stream is made only once it is (`holdStreams`), as a busy
        /// server answers late; `refusesStreams` refuses them.
        var streamGate: OneShot<Void>?
        var refusesStreams = false
        /// How many times each stream was read.
        var reads: [UInt32: Int] = [:]
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    private let state = Mutex(State())
    /// Whether it remembers stream volumes per group (PulseAudio's module-stream-restore).
    let remembers: Bool

    /// The prompt streams engines opened on it (`AudioServer.promptOutput`), each held until the test drains it.
    private let promptStreams = Mutex<[HeldOutput]>([])

    /// What it calls itself: a name with "PipeWire" in it (as pipewire-pulse's has) makes the engine
    /// read a group's memory from the stream as it is, not from the server's entry.
    let name: String

    init(remembers: Bool = false, name: String = "fake sound server") {
        self.remembers = remembers
        self.name = name
    }

    /// A new prompt stream (an engine opens one).
    func openPromptStream() -> HeldOutput {
        let stream = HeldOutput()
        promptStreams.withLock { $0.append(stream) }
        return stream
    }

    /// The prompt stream opened last.
    var promptStream: HeldOutput? { promptStreams.withLock { $0.last } }

    func subscribe(_ subscriber: AsyncStream<SinkInputEvent>.Continuation) { state.withLock { $0.subscribers.append(subscriber) } }

    func onDisconnect(_ handler: @escaping @Sendable () -> Void) { state.withLock { $0.onDisconnect = handler } }

    func reconnect() async throws {
        defer { Changes.shared.signal() }
        try state.withLock { state in
            guard state.canReconnect else { throw Refusal(description: "connecting failed: Connection refused") }
            state.connected = true
        }
    }

    /// Another program starts a stream, stereo at `volume`.
    func play(_ index: UInt32, volume: UInt32, properties: [String: String]) {
        defer { Changes.shared.signal() }
        let input = SinkInput(
            index: index, name: properties["application.name"] ?? "stream \(index)", sink: 0, volume: ChannelVolumes([volume, volume]),
            muted: false, corked: false, channelMap: [1, 2], properties: properties)
        state.withLock { state in
            state.inputs[index] = input
            if remembers, let remembered = RememberedStream(current: input), state.remembered[remembered.name] == nil {
                state.remembered[remembered.name] = remembered
            }
            Self.tell(state, SinkInputEvent(.new, index: index))
        }
    }

    /// A stream leaves the server (its program stopped it).
    func stop(_ index: UInt32) {
        defer { Changes.shared.signal() }
        state.withLock { state in
            guard state.inputs.removeValue(forKey: index) != nil else { return }
            Self.tell(state, SinkInputEvent(.remove, index: index))
        }
    }

    /// A stream's program corks or uncorks it.
    func cork(_ index: UInt32, _ corked: Bool) {
        defer { Changes.shared.signal() }
        state.withLock { state in
            state.inputs[index]?.corked = corked
            Self.tell(state, SinkInputEvent(.change, index: index))
        }
    }

    /// The server goes away, with every stream on it; the engine is told. Its subscriptions stay,
    /// and tell again once it is back, as `PulseConnection`'s do across a reconnect.
    /// It stays away until `comeBack()`.
    func die() {
        defer { Changes.shared.signal() }
        let handler = state.withLock { state in
            state.connected = false
            state.canReconnect = false
            state.inputs.removeAll()
            return state.onDisconnect
        }
        handler?()
    }

    /// A server that went away is there again: the engine's next attempt reconnects.
    func comeBack() {
        state.withLock { $0.canReconnect = true }
        Changes.shared.signal()
    }

    /// Simulated sources' streams are made only once the returned gate is opened.
    func holdStreams() -> OneShot<Void> {
        let gate = OneShot<Void>()
        state.withLock { $0.streamGate = gate }
        return gate
    }

    /// Refuses every simulated source's stream from now on (a server that cannot make one).
    func refuseStreams() { state.withLock { $0.refusesStreams = true } }

    /// Waits for the gate of `holdStreams`, if any; then throws when streams are refused.
    func streamMayOpen() async throws {
        if let gate = state.withLock({ $0.streamGate }) { await gate.value }
        if state.withLock({ $0.refusesStreams }) { throw Refusal(description: "creating a stream failed: Too large") }
    }

    var isConnected: Bool { state.withLock { $0.connected } }
    var inputs: [SinkInput] { state.withLock { Array($0.inputs.values) } }

    /// Starts a stream of the engine's (a simulated source), stereo at `volume`; returns its index.
    func open(name: String, volume: UInt32, properties: [String: String], corked: Bool) throws -> UInt32 {
        defer { Changes.shared.signal() }
        return try state.withLock { state in
            guard state.connected else { throw Refusal(description: "creating a stream failed: Connection terminated") }
            let index = state.nextIndex
            state.nextIndex += 1
            state.inputs[index] = SinkInput(
                index: index, name: name, sink: 0, volume: ChannelVolumes([volume, volume]), muted: false, corked: corked, channelMap: [1, 2],
                properties: properties)
            Self.tell(state, SinkInputEvent(.new, index: index))
            return index
        }
    }

    private static func tell(_ state: State, _ event: SinkInputEvent) {
        for subscriber in state.subscribers { subscriber.yield(event) }
    }

    /// The user sets a stream's volume (a desktop server saves it).
    func userSets(_ index: UInt32, to volume: UInt32) {
        defer { Changes.shared.signal() }
        state.withLock { state in Self.set(&state, index, ChannelVolumes([volume, volume]), remembers: remembers) }
    }

    /// Whether the stream at `index` is corked (a simulated source paused).
    func corked(_ index: UInt32) -> Bool? { state.withLock { $0.inputs[index]?.corked } }

    func volume(of index: UInt32) -> [UInt32]? { state.withLock { $0.inputs[index]?.volume.values } }
    func muted(_ index: UInt32) -> Bool? { state.withLock { $0.inputs[index]?.muted } }
    func memory(of group: String) -> RememberedStream? { state.withLock { $0.remembered[group] } }
    var volumeSets: [(UInt32, ChannelVolumes)] { state.withLock { $0.volumeSets } }

    private static func set(_ state: inout State, _ index: UInt32, _ volume: ChannelVolumes, remembers: Bool) {
        state.inputs[index]?.volume = volume
        state.volumeSets.append((index, volume))
        tell(state, SinkInputEvent(.change, index: index))
        if remembers, let input = state.inputs[index], let remembered = RememberedStream(current: input) {
            state.remembered[remembered.name] = remembered
        }
    }

    // MARK: StreamVolumeControl

    func sinkInput(index: UInt32) async throws -> SinkInput? {
        defer { Changes.shared.signal() }
        return try state.withLock { state in
            guard !state.abandoned, state.connected else { throw Refusal(description: "reading sink input \(index) failed: the connection was given up") }
            state.reads[index, default: 0] += 1
            return state.inputs[index]
        }
    }

    /// How many times a stream was read (`sinkInput(index:)`).
    func reads(of index: UInt32) -> Int { state.withLock { $0.reads[index] ?? 0 } }

    /// As a real connection mirrors it from the server's events, which the fake tells at once.
    func knownSinkInput(index: UInt32) -> SinkInput? {
        state.withLock { state in state.abandoned || !state.connected ? nil : state.inputs[index] }
    }

    func setSinkInputVolume(index: UInt32, to volumes: ChannelVolumes) async throws {
        defer { Changes.shared.signal() }
        try state.withLock { state in
            guard !state.abandoned, state.inputs[index] != nil else {
                throw Refusal(description: "setting the volume of sink input \(index) failed: No such entity")
            }
            Self.set(&state, index, volumes, remembers: remembers)
        }
    }

    func setSinkInputMute(index: UInt32, muted: Bool) async throws {
        defer { Changes.shared.signal() }
        try state.withLock { state in
            guard !state.abandoned, state.inputs[index] != nil else { throw Refusal(description: "muting sink input \(index) failed: No such entity") }
            state.inputs[index]?.muted = muted
            Self.tell(state, SinkInputEvent(.change, index: index))
        }
    }

    func remembersStreams() async -> Bool { remembers }
    func serverName() async throws -> String { name }
    func rememberedStreams() async throws -> [RememberedStream] { state.withLock { Array($0.remembered.values) } }

    func remember(_ entries: [RememberedStream]) async throws {
        defer { Changes.shared.signal() }
        state.withLock { state in
            for entry in entries { state.remembered[entry.name] = entry }
        }
    }

    var isAbandoned: Bool { state.withLock { $0.abandoned } }
    func abandon() {
        state.withLock { $0.abandoned = true }
        Changes.shared.signal()
    }
}
