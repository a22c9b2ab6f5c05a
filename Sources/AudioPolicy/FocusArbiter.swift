/// Decides each source's effective state from the active sessions.
/// Minimal rules for now; the interaction table replaces them.
public struct FocusArbiter: Sendable {
    /// How far ducked sources are lowered, in dB (negative).
    public var duckLevelDB: Double

    public init(duckLevelDB: Double = -15) {
        self.duckLevelDB = duckLevelDB
    }

    /// The effective state of a source of `kind` while `activeSessions` are active.
    public func state(of kind: SourceKind, activeSessions: [SessionConfiguration]) -> EffectiveState {
        var result = EffectiveState.playing
        for session in activeSessions {
            if kind == .spokenAudio && session.options.contains(.interruptSpokenAudioAndMixWithOthers) {
                return .paused
            }
            if session.options.contains(.duckOthers) && (kind == .fmRadio || kind == .music) {
                result = .ducked(dB: duckLevelDB)
            }
        }
        return result
    }
}
