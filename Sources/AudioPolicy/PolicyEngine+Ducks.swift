/// The ducks the policy holds, stated again as focus events: for a session that takes them over
/// within a hold, and for a prompt that must stand out of the bed. Each carries the ramp its source
/// has under what ducks it (`Ramps`), as the arbiter's own events do.
extension PolicyEngine {
    /// The duck a source is under now, as the event that sets it at `dB`; nil when it is not ducked.
    private func duck(of id: SourceID, at dB: (Double) -> Double) -> FocusEvent? {
        guard let source = sources[id], case .ducked(let now)? = state(of: .source(id)) else { return nil }
        let ramp = policy.ramps.duck(of: source.focusRole, under: resolution.duckedBy[.source(id)])
        return .ducked(.source(id), dB: dB(now), ramp: ramp)
    }

    /// Every duck held on a source that `events` do not move: a session activated within a hold
    /// takes them over as they are (a duck the executor could not carry out is carried out then).
    public func heldDucks(besides events: [FocusEvent]) -> [FocusEvent] {
        let moved = Set(events.map(\.participant))
        return sources.keys.sorted().compactMap { id in moved.contains(.source(id)) ? nil : duck(of: id) { $0 } }
    }

    /// What lowers every ducked source by `extra` dB more (≤ 0), to the `audibility:` target's
    /// deepest duck at most (one already deeper stays where it is). The session's restore ramps them
    /// back.
    public func deeperDucks(by extra: Double) -> [FocusEvent] {
        guard extra < 0 else { return [] }
        let floor = policy.audibility.deepestDuck
        return sources.keys.sorted().compactMap { id in duck(of: id) { max($0 + extra, min($0, floor)) } }
    }
}
