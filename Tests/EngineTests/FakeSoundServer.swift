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
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    private let state = Mutex(State())
    /// Whether it remembers stream volumes per group (PulseAudio's module-stream-restore).
    let remembers: Bool

    init(remembers: Bool = false) { self.remembers = remembers }

    /// Another program starts a stream, stereo at `volume`.
    func play(_ index: UInt32, volume: UInt32, properties: [String: String]) {
        let input = SinkInput(
            index: index, name: properties["application.name"] ?? "stream \(index)", sink: 0, volume: ChannelVolumes([volume, volume]),
            muted: false, corked: false, channelMap: [1, 2], properties: properties)
        state.withLock { state in
            state.inputs[index] = input
            if remembers, let remembered = RememberedStream(current: input), state.remembered[remembered.name] == nil {
                state.remembered[remembered.name] = remembered
            }
        }
    }

    /// The user sets a stream's volume (a desktop server saves it).
    func userSets(_ index: UInt32, to volume: UInt32) {
        state.withLock { state in Self.set(&state, index, ChannelVolumes([volume, volume]), remembers: remembers) }
    }

    func volume(of index: UInt32) -> [UInt32]? { state.withLock { $0.inputs[index]?.volume.values } }
    func muted(_ index: UInt32) -> Bool? { state.withLock { $0.inputs[index]?.muted } }
    func memory(of group: String) -> RememberedStream? { state.withLock { $0.remembered[group] } }
    var volumeSets: [(UInt32, ChannelVolumes)] { state.withLock { $0.volumeSets } }

    private static func set(_ state: inout State, _ index: UInt32, _ volume: ChannelVolumes, remembers: Bool) {
        state.inputs[index]?.volume = volume
        state.volumeSets.append((index, volume))
        if remembers, let input = state.inputs[index], let remembered = RememberedStream(current: input) {
            state.remembered[remembered.name] = remembered
        }
    }

    // MARK: StreamVolumeControl

    func sinkInput(index: UInt32) async throws -> SinkInput? {
        try state.withLock { state in
            guard !state.abandoned else { throw Refusal(description: "reading sink input \(index) failed: the connection was given up") }
            return state.inputs[index]
        }
    }

    func setSinkInputVolume(index: UInt32, to volumes: ChannelVolumes) async throws {
        try state.withLock { state in
            guard !state.abandoned, state.inputs[index] != nil else {
                throw Refusal(description: "setting the volume of sink input \(index) failed: No such entity")
            }
            Self.set(&state, index, volumes, remembers: remembers)
        }
    }

    func setSinkInputMute(index: UInt32, muted: Bool) async throws {
        try state.withLock { state in
            guard !state.abandoned, state.inputs[index] != nil else { throw Refusal(description: "muting sink input \(index) failed: No such entity") }
            state.inputs[index]?.muted = muted
        }
    }

    func remembersStreams() async -> Bool { remembers }
    func serverName() async throws -> String { "fake sound server" }
    func rememberedStreams() async throws -> [RememberedStream] { state.withLock { Array($0.remembered.values) } }

    func remember(_ entries: [RememberedStream]) async throws {
        state.withLock { state in
            for entry in entries { state.remembered[entry.name] = entry }
        }
    }

    var isAbandoned: Bool { state.withLock { $0.abandoned } }
    func abandon() { state.withLock { $0.abandoned = true } }
}
