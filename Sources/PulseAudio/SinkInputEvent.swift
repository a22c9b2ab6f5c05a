import CPulse

/// A change to the server's sink inputs, as reported by PulseAudio's subscription.
public struct SinkInputEvent: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        /// A stream appeared (another program started playing).
        case new
        /// Its volume, mute, cork state or properties changed.
        case change
        /// It is gone.
        case remove
    }

    public var change: Change
    public var index: UInt32

    public init(_ change: Change, index: UInt32) {
        self.change = change
        self.index = index
    }
}

extension SinkInputEvent {
    /// A subscription event of libpulse's, decoded; nil when it is not about a sink input.
    init?(_ type: pa_subscription_event_type_t, index: UInt32) {
        guard type.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue == PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue else { return nil }
        switch type.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue {
        case PA_SUBSCRIPTION_EVENT_NEW.rawValue: self.init(.new, index: index)
        case PA_SUBSCRIPTION_EVENT_REMOVE.rawValue: self.init(.remove, index: index)
        default: self.init(.change, index: index)
        }
    }
}
