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
