import AudioPolicy

/// A source the engine can act on: one it simulates, or another program's stream it found on the server.
package enum SourceHandle {
    case simulated(any SimulatedSource)
    /// Another program's sink input, classified by its role; it can be ducked and muted, not paused.
    case foreign(sinkInput: UInt32, kind: SourceKind, name: String)

    package var sinkInputIndex: UInt32 {
        switch self {
        case .simulated(let source): source.sinkInputIndex
        case .foreign(let index, _, _): index
        }
    }

    package var kind: SourceKind {
        switch self {
        case .simulated(let source): source.kind
        case .foreign(_, let kind, _): kind
        }
    }

    package var name: String {
        switch self {
        case .simulated(let source): source.displayName
        case .foreign(_, _, let name): name
        }
    }
}

extension SourceID {
    /// The id of the engine's simulated source of a kind (one per kind).
    package static func simulated(_ kind: SourceKind) -> SourceID { SourceID(kind.rawValue) }
    /// The id of another program's sink input.
    package static func foreign(_ index: UInt32) -> SourceID { SourceID("pa-\(index)") }
}
