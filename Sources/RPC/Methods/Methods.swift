/// Every method of the protocol, in the order docs/PROTOCOL.md lists them.
public enum Methods {
    public static let all: [any RPCMethod.Type] = [
        PromptSpeak.self, PromptAlert.self, PromptCancel.self, EventsSubscribe.self, EventsUnsubscribe.self,
        SessionConfigure.self, SessionSetActive.self, SessionPromptStyle.self, SessionVoiceControl.self, SessionVoiceGuidance.self,
        SessionPromptsDuringCall.self, SessionGuidanceGain.self, AuditGet.self,
        SourceStart.self, SourceStop.self, SourceList.self, StateGet.self,
        GuidanceStart.self, GuidanceUpdate.self, GuidanceReroute.self, GuidanceRepeat.self, GuidanceEnd.self, ClockAdvance.self,
    ]
}
