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

    /// The events a batch of policy decisions means for subscribers.
    func emit(_ decisions: [PolicyDecision]) {
        let time = now()
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
                switch focus.participant {
                case .source(let id):
                    event = EngineEvent(type: Self.sourceEventType(focus), time: time)
                    event.source = id.rawValue
                    event.kind = sources[id]?.kind
                case .session(let client):
                    // Another client's session is interrupted or resumed, as AVAudioSession would tell it.
                    switch focus {
                    case .interruptionBegan, .stopped: event = EngineEvent(type: .interruptionBegan, time: time)
                    case .interruptionEnded: event = EngineEvent(type: .interruptionEnded, time: time)
                    case .ducked: event = EngineEvent(type: .sourceDucked, time: time)
                    case .restored: event = EngineEvent(type: .sourceRestored, time: time)
                    }
                    event.client = client.rawValue
                }
                if case .ducked(_, let dB, _) = focus { event.dB = dB }
                if case .interruptionEnded(_, let resume) = focus { event.shouldResume = resume }
            default:
                continue
            }
            emit(event)
        }
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
