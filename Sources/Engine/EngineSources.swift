import AudioPolicy
import CarAudio
import RPC

/// The car's simulated sources (`engine.sources`): each request one turn of the engine's loop,
/// taken by the `SourceDesk`, the keeper of the sources the engine acts on.
public struct EngineSources: Sendable {
    let engine: VoxNavEngine

    /// Starts a simulated source, or changes its activity (the assistant going from listening to
    /// speaking). Starting one that already runs with the same activity changes nothing.
    /// - Parameters:
    ///   - position: seconds into the programme to begin at (a podcast started again).
    ///   - duration: a chime's length in seconds on the engine's clock (default: its sound's
    ///     length); it then ends by itself.
    public func start(
        _ kind: SourceKind, activity: SourceActivity = .default, at position: Double? = nil, duration: Double? = nil
    ) async throws -> EngineState.Source {
        try await engine.turn { engine in try await engine.sourceDesk.start(kind, activity: activity, at: position, duration: duration, on: engine) }
    }

    /// Stops a simulated source; what it held back (a podcast paused by a call) resumes.
    public func stop(_ kind: SourceKind) async throws {
        try await engine.turn { engine in try await engine.sourceDesk.stop(kind, on: engine) }
    }
}
