import AudioPolicy

/// How a source's state is named in `state.get`.
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
