import AudioPolicy

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
                event = EngineEvent(type: "session.activated", time: time)
                event.client = client.rawValue
            case .sessionDeactivated(let client, let reason):
                event = EngineEvent(type: "session.deactivated", time: time)
                event.client = client.rawValue
                event.reason = "\(reason)"
            case .violation(let violation):
                event = EngineEvent(type: "audit.violation", time: time)
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
                    case .interruptionBegan, .stopped: event = EngineEvent(type: "interruption.began", time: time)
                    case .interruptionEnded: event = EngineEvent(type: "interruption.ended", time: time)
                    case .ducked: event = EngineEvent(type: "source.ducked", time: time)
                    case .restored: event = EngineEvent(type: "source.restored", time: time)
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

    private static func sourceEventType(_ focus: FocusEvent) -> String {
        switch focus {
        case .ducked: "source.ducked"
        case .restored: "source.restored"
        case .interruptionBegan: "source.paused"
        case .interruptionEnded(_, let resume): resume ? "source.resumed" : "source.stopped"
        case .stopped: "source.stopped"
        }
    }
}
