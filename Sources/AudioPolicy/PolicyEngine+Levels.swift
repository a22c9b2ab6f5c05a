/// The level the policy wants each source at: what the engine reconciles its streams with after
/// every input. A duck carries the ramp its source has under what ducks it (`Ramps`), as the
/// arbiter's own events do; a paused or stopped source is let go at its own level at once, unheard.
extension PolicyEngine {
    /// Every source's wanted level now, the deeper duck of a prompt that must stand out of its bed
    /// included (`deeperDuck`, bounded by the `audibility:` target's deepest duck; a duck already
    /// deeper stays where it is).
    public var levels: [SourceID: SourceLevel] {
        let floor = policy.audibility.deepestDuck
        var out: [SourceID: SourceLevel] = [:]
        for (id, source) in sources {
            switch state(of: .source(id)) {
            case .ducked(let dB)?:
                let level = deeperDuck < 0 ? max(dB + deeperDuck, min(dB, floor)) : dB
                out[id] = .ducked(dB: level, ramp: policy.ramps.duck(of: source.focusRole, under: resolution.duckedBy[.source(id)]))
            case .paused?, .stopped?:
                out[id] = .own(ramp: 0)
            case .playing?, nil:
                out[id] = .own(ramp: policy.ramps.restore(of: source.focusRole))
            }
        }
        return out
    }
}
