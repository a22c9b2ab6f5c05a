import AudioPolicy
import RPC

extension EngineEvent {
    /// What a policy decision tells subscribers as it is decided; nil for a decision told otherwise
    /// (a source's focus event, once carried out) or not at all.
    init?(told decision: PolicyDecision) {
        switch decision {
        case .sessionActivated(let client): self = .sessionActivated(client: client.rawValue)
        case .sessionDeactivated(let client, let reason): self = .sessionDeactivated(client: client.rawValue, reason: "\(reason)")
        case .violation(let violation):
            self = .auditViolation(client: violation.client.rawValue, rule: violation.rule.rawValue, reason: violation.detail)
        case .focus(let focus):
            guard case .session(let client) = focus.participant else { return nil }
            // Another client's session is interrupted or resumed, as AVAudioSession would tell it.
            let session = EngineEvent.Participant.session(client: client.rawValue)
            switch focus {
            case .interruptionBegan, .stopped: self = .interruptionBegan(client: client.rawValue)
            case .interruptionEnded(_, let resume): self = .interruptionEnded(client: client.rawValue, shouldResume: resume)
            case .ducked(_, let dB, _): self = .ducked(session, dB: dB)
            case .restored: self = .restored(session)
            }
        default:
            return nil
        }
    }

    /// What a source's focus event, carried out on its stream, tells subscribers.
    init(carriedOut focus: FocusEvent, of id: SourceID, kind: SourceKind?) {
        let source = id.rawValue
        self =
            switch focus {
            case .ducked(_, let dB, _): .ducked(.source(source, kind: kind), dB: dB)
            case .restored: .restored(.source(source, kind: kind))
            case .interruptionBegan: .sourcePaused(source, kind: kind)
            case .interruptionEnded(_, true): .sourceResumed(source, kind: kind)
            case .interruptionEnded(_, false): .sourceStopped(source, kind: kind, shouldResume: false)
            case .stopped: .sourceStopped(source, kind: kind, shouldResume: nil)
            }
    }
}

extension PolicyDecision {
    /// The decision in words, as `session.activate` reports what happened to the others.
    var words: String {
        switch self {
        case .focus(let event):
            switch event {
            case .ducked(let p, let dB, _): "\(p) ducked by \(Int(dB)) dB"
            case .restored(let p, _): "\(p) restored"
            case .interruptionBegan(let p): "\(p) paused (interrupted)"
            case .interruptionEnded(let p, let resume): resume ? "\(p) resumed" : "\(p) stays silent (not told to resume)"
            case .stopped(let p): "\(p) stopped"
            }
        case .sessionActivated(let c): "session of \(c) activated"
        case .sessionDeactivated(let c, let reason): "session of \(c) deactivated (\(reason))"
        case .violation(let v): "guideline violation: \(v)"
        default: "\(self)"
        }
    }
}
