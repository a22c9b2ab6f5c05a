/// The level the policy wants a source's stream at now: the one value the engine's reconciler
/// (`FocusExecutor.reconcile`) compares with what it has done, and ramps to where they differ.
public enum SourceLevel: Hashable, Sendable {
    /// At its own volume; a duck ends over `ramp` seconds.
    case own(ramp: Double)
    /// Lowered by `dB` (negative) from its own volume, ramped there over `ramp` seconds.
    case ducked(dB: Double, ramp: Double)

    public var ramp: Double {
        switch self {
        case .own(let ramp), .ducked(_, let ramp): ramp
        }
    }
}
