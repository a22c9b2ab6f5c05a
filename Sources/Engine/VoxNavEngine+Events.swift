import AudioPolicy
import RPC

extension VoxNavEngine {
    /// Calls `sink` with every event from now on, in order; returns a token for `unsubscribe`.
    public nonisolated func subscribe(_ sink: @escaping @Sendable (EngineEvent) -> Void) -> Int {
        events.subscribe(sink)
    }

    public nonisolated func unsubscribe(_ token: Int) {
        events.unsubscribe(token)
    }

    func emit(_ event: EngineEvent) {
        events.emit(event)
    }

    /// The events a batch of policy decisions means for subscribers, but for those of the sources:
    /// each is told once it is carried out (`sourceEvents`), and one not carried out is not (another
    /// program's stream left at its level while the journal cannot be written).
    func emit(_ decisions: [PolicyDecision], at time: Double) {
        for decision in decisions {
            var event: EngineEvent
            switch decision {
            case .sessionActivated(let client):
                event = EngineEvent(type: .sessionActivated, time: time)
                event.client = client.rawValue
            case .sessionDeactivated(let client, let reason):
                event = EngineEvent(type: .sessionDeactivated, time: time)
                event.client = client.rawValue
                event.reason = "\(reason)"
            case .violation(let violation):
                event = EngineEvent(type: .auditViolation, time: time)
                event.client = violation.client.rawValue
                event.rule = violation.rule.rawValue
                event.reason = violation.detail
            case .focus(let focus):
                guard case .session(let client) = focus.participant else { continue }
                // Another client's session is interrupted or resumed, as AVAudioSession would tell it.
                switch focus {
                case .interruptionBegan, .stopped: event = EngineEvent(type: .interruptionBegan, time: time)
                case .interruptionEnded: event = EngineEvent(type: .interruptionEnded, time: time)
                case .ducked: event = EngineEvent(type: .sourceDucked, time: time)
                case .restored: event = EngineEvent(type: .sourceRestored, time: time)
                }
                event.client = client.rawValue
                Self.describe(focus, in: &event)
            default:
                continue
            }
            emit(event)
        }
    }

    /// What tells subscribers of the sources' focus events the executor carried out (`FocusExecutor.apply`),
    /// stamped with the time they were decided.
    nonisolated func sourceEvents(decidedAt time: Double, handles: [SourceID: SourceHandle]) -> @Sendable ([FocusEvent]) -> Void {
        { [events] carried in
            for focus in carried {
                guard case .source(let id) = focus.participant else { continue }
                var event = EngineEvent(type: Self.sourceEventType(focus), time: time)
                event.source = id.rawValue
                event.kind = handles[id]?.kind
                Self.describe(focus, in: &event)
                events.emit(event)
            }
        }
    }

    private static func describe(_ focus: FocusEvent, in event: inout EngineEvent) {
        if case .ducked(_, let dB, _) = focus { event.dB = dB }
        if case .interruptionEnded(_, let resume) = focus { event.shouldResume = resume }
    }

    private static func sourceEventType(_ focus: FocusEvent) -> EventType {
        switch focus {
        case .ducked: .sourceDucked
        case .restored: .sourceRestored
        case .interruptionBegan: .sourcePaused
        case .interruptionEnded(_, let resume): resume ? .sourceResumed : .sourceStopped
        case .stopped: .sourceStopped
        }
    }
}
