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
    /// each is told once it is carried out (`Reconciliation`), and one not carried out is not (another
    /// program's stream left at its level while the journal cannot be written).
    func emit(_ decisions: [PolicyDecision], at time: Double) {
        for case let event? in decisions.map(EngineEvent.init(told:)) { events.emit(event, at: time) }
    }
}
