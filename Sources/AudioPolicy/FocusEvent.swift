/// What the arbiter tells a participant (and the I/O layer) when its effective state changes.
public enum FocusEvent: Hashable, Codable, Sendable {
    /// Lowered to `dB`, ramped over `ramp` seconds (also sent when the level changes).
    case ducked(ParticipantID, dB: Double, ramp: Double)
    /// Back to its own volume, ramped over `ramp` seconds.
    case restored(ParticipantID, ramp: Double)
    /// Interrupted (or held back from starting): pause, keep the position.
    case interruptionBegan(ParticipantID)
    /// The interruption is over; `shouldResume` false means: stay silent until the user starts you again.
    case interruptionEnded(ParticipantID, shouldResume: Bool)
    /// Lost focus for good (the radio switched off, the app's guidance cancelled).
    case stopped(ParticipantID)

    /// Whether it moves a level (a duck or a restore) rather than an edge (an interruption, its end, a stop).
    public var changesLevel: Bool {
        switch self {
        case .ducked, .restored: true
        case .interruptionBegan, .interruptionEnded, .stopped: false
        }
    }

    public var participant: ParticipantID {
        switch self {
        case .ducked(let p, _, _), .restored(let p, _), .interruptionBegan(let p), .interruptionEnded(let p, _),
            .stopped(let p):
            p
        }
    }
}

/// One participant as the arbiter sees it.
public struct Participant: Hashable, Sendable {
    public var id: ParticipantID
    public var role: FocusRole
    /// When it started (or changed role): a larger ordinal is the incoming one of a pair.
    public var ordinal: Int

    public init(id: ParticipantID, role: FocusRole, ordinal: Int) {
        self.id = id
        self.role = role
        self.ordinal = ordinal
    }
}

/// The arbiter's answer for a set of participants; the previous one is the input of the next resolution.
public struct FocusResolution: Hashable, Sendable {
    public internal(set) var states: [ParticipantID: EffectiveState] = [:]
    /// Who is engaged (started, not stopped, not held back) and in which role: edges of this set trigger stops.
    var engaged: [ParticipantID: FocusRole] = [:]
    /// Stopped participants stay stopped until they start again (the caller forgets them then).
    var stopped: Set<ParticipantID> = []
    /// Who pauses whom, to tell an interruption's end with or without resume.
    var pausedBy: [ParticipantID: Set<ParticipantID>] = [:]
    /// The role whose duck each ducked participant is under (the deepest; the first of equals), for
    /// the duck's ramp.
    var duckedBy: [ParticipantID: FocusRole] = [:]

    public init() {}

    /// Forget a participant (it left, or starts afresh).
    public mutating func forget(_ id: ParticipantID) {
        states[id] = nil
        engaged[id] = nil
        stopped.remove(id)
        pausedBy[id] = nil
        duckedBy[id] = nil
    }
}
