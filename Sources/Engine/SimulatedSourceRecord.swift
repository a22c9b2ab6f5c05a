import AudioPolicy

/// A simulated source as the journal keeps it: enough to start it again as it was, by the next
/// daemon after a SIGKILL, or by the same one after the sound server restarted.
struct SimulatedSourceRecord: Codable, Equatable, Sendable {
    var kind: SourceKind
    var activity: SourceActivity
    /// Seconds into its programme (the podcast's place); nil for live sources such as the radio.
    var position: Double?
}
