import AudioPolicy

/// A snapshot of what the engine is doing, as read back from the sound server where possible.
public struct EngineState: Codable, Sendable {
    public var sessionActive: Bool
    public var promptsSpoken: Int
    /// Clients with guidance running.
    public var guidanceClients: Int
    public var sources: [Source]

    public struct Source: Codable, Sendable {
        public var kind: SourceKind
        public var name: String
        public var sinkInput: UInt32
        /// playing, ducked, paused or stopped.
        public var state: String
        /// The sink input's volume on the server, per channel.
        public var volume: [UInt32]
        public var volumeDB: Double?
        public var corked: Bool
    }
}

extension EffectiveState {
    var name: String {
        switch self {
        case .playing: "playing"
        case .ducked: "ducked"
        case .paused: "paused"
        case .stopped: "stopped"
        }
    }
}
