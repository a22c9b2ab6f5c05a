import AudioPolicy
import RPC
import SourceFocus

extension VoxNavEngine {
    /// Calls `sink` with every event from now on, in order; returns a token for `unsubscribe`.
    public nonisolated func subscribe(_ sink: @escaping @Sendable (EventRecord) -> Void) -> Int {
        events.subscribe(sink)
    }

    public nonisolated func unsubscribe(_ token: Int) {
        events.unsubscribe(token)
    }

    /// Tells subscribers `event`, as happening now.
    func emit(_ event: EngineEvent) {
        events.emit(event, at: now())
    }

    /// The events a batch of policy decisions means for subscribers, but for those of the sources:
    /// each is told once it is carried out (`sourceEvents`), and one not carried out is not (another
    /// program's stream left at its level while the journal cannot be written).
    func emit(_ decisions: [PolicyDecision], at time: Double) {
        for decision in decisions {
            let event: EngineEvent
            switch decision {
            case .sessionActivated(let client): event = .sessionActivated(client: client.rawValue)
            case .sessionDeactivated(let client, let reason): event = .sessionDeactivated(client: client.rawValue, reason: "\(reason)")
            case .violation(let violation):
                event = .auditViolation(client: violation.client.rawValue, rule: violation.rule.rawValue, reason: violation.detail)
            case .focus(let focus):
                guard case .session(let client) = focus.participant else { continue }
                // Another client's session is interrupted or resumed, as AVAudioSession would tell it.
                let session = EngineEvent.Participant.session(client: client.rawValue)
                switch focus {
                case .interruptionBegan, .stopped: event = .interruptionBegan(client: client.rawValue)
                case .interruptionEnded(_, let resume): event = .interruptionEnded(client: client.rawValue, shouldResume: resume)
                case .ducked(_, let dB, _): event = .ducked(session, dB: dB)
                case .restored: event = .restored(session)
                }
            default:
                continue
            }
            events.emit(event, at: time)
        }
    }

    /// What tells subscribers of the sources' focus events the executor carried out (`FocusExecutor.apply`),
    /// stamped with the time they were decided.
    nonisolated func sourceEvents(decidedAt time: Double, handles: [SourceID: SourceHandle]) -> @Sendable ([FocusEvent]) -> Void {
        { [events] carried in
            for focus in carried {
                guard case .source(let id) = focus.participant else { continue }
                let (source, kind) = (id.rawValue, handles[id]?.kind)
                let event: EngineEvent =
                    switch focus {
                    case .ducked(_, let dB, _): .ducked(.source(source, kind: kind), dB: dB)
                    case .restored: .restored(.source(source, kind: kind))
                    case .interruptionBegan: .sourcePaused(source, kind: kind)
                    case .interruptionEnded(_, true): .sourceResumed(source, kind: kind)
                    case .interruptionEnded(_, false): .sourceStopped(source, kind: kind, shouldResume: false)
                    case .stopped: .sourceStopped(source, kind: kind, shouldResume: nil)
                    }
                events.emit(event, at: time)
            }
        }
    }
}
