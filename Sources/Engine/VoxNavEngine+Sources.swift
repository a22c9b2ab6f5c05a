import AudioPolicy
import CarAudio
import PulseAudio
import RPC
import SourceFocus

/// The car's sources, started, followed and ended by the engine's `SourceDesk` in the engine's turn.
extension VoxNavEngine {
    /// Starts a simulated source, or changes its activity (the assistant going from listening to
    /// speaking). Starting one that already runs with the same activity changes nothing.
    /// - Parameters:
    ///   - position: seconds into the programme to begin at (a podcast started again).
    ///   - duration: a chime's length in seconds on the engine's clock (default: its sound's
    ///     length); it then ends by itself.
    public func startSource(
        _ kind: SourceKind, activity: SourceActivity = .default, at position: Double? = nil, duration: Double? = nil
    ) async throws -> EngineState.Source {
        try await sources.start(kind, activity: activity, at: position, duration: duration, on: self)
    }

    /// Stops a simulated source; what it held back (a podcast paused by a call) resumes.
    public func stopSource(_ kind: SourceKind) async throws {
        try await sources.stop(kind, on: self)
    }

    /// A chime's time is up (a child of `run()`): it ends, unless it was replaced meanwhile.
    func simulatedSourceEnded(_ id: SourceID, _ source: any SimulatedSource) async {
        await sources.ended(id, source, on: self)
    }

    /// Another program's stream appeared, changed or went (the subscription's watcher, a child of `run()`).
    func foreignStreamChanged(_ event: SinkInputEvent) async {
        await sources.foreignStreamChanged(event, on: self)
    }

    /// Whether the engine acts on the source `id` now.
    func manages(_ id: SourceID) -> Bool { sources.registry[id] != nil }

    /// The simulated sources noted in the journal now (the journal's timer, a child of `run()`).
    func journalSources() async {
        await sources.journal(on: self)
    }
}

/// The sound server's loss and return (`SoundServerSupervisor`), and the bed's meter (`BedWatch`),
/// reached from the children of `run()` that wait for them.
extension VoxNavEngine {
    /// False from the moment the sound server is lost until it is back and the sources are restored.
    var serverAvailable: Bool { supervisor.available }

    /// The connection is gone (its watcher, a child of `run()`).
    func soundServerLost() async {
        await supervisor.lost(on: self)
    }

    /// One attempt to bring the server back (the retries, a child of `run()`); true once it is back.
    func tryToRestoreServer(_ lost: DuckJournal) async -> Bool {
        await supervisor.restore(lost, on: self)
    }

    /// A bed meter opened (or not) in a child of `run()`.
    func bedMeterOpened(_ meter: (any BedLevelMeter)?, for source: String) {
        bed.opened(meter, for: source)
    }
}
