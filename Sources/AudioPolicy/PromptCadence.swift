/// Whether prompts are coming in a burst: the latest was asked for while another waited, was being
/// made or played, or within `window` seconds of the last one's end. When a prompt of a burst ends,
/// the next one is known to be coming (`PolicyInput.promptComing`), so the hold on the music stretches
/// to meet it instead of letting the music rise between them (no pumping). It counts the prompts of
/// every client alike (a program that runs one command per prompt is a new client each time), but
/// not guidance's own: the announcer speaks when the vehicle reaches a window, which it cannot
/// foretell to the second. The first gap of a burst cannot be known, and is held only by
/// `Ramps.hold`.
public struct PromptCadence: Sendable, Equatable {
    public let window: Double
    public private(set) var bursting = false
    private var lastEnd: Double?

    public init(window: Double) {
        self.window = window
    }

    /// A prompt is asked for at `time`; `pending`: another waits, is being made or plays.
    public mutating func asked(at time: Double, pending: Bool) {
        bursting = pending || lastEnd.map { time - $0 <= window } ?? false
    }

    /// A prompt ended at `time`: whether the next one is known to be near.
    public mutating func ended(at time: Double) -> Bool {
        lastEnd = time
        return bursting
    }
}
