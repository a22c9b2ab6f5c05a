import AudioPolicy
import ClientGuidance

@testable import Engine

/// What the engine's tests read of its parts, in a turn of its loop.
extension VoxNavEngine {
    /// Whether the engine acts on the source `id` now.
    func manages(_ id: SourceID) -> Bool { sourceDesk.registry[id] != nil }

    /// A client's guidance session, if it has one.
    func guidanceSession(of client: ClientID) -> GuidanceSession? { guidanceDesk.sessions[client] }
}
