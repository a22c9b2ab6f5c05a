import AudioPolicy

/// A simulated source as the journal keeps it: enough to start it again as it was, by the next
/// daemon after a SIGKILL, or by the same one after the sound server restarted.
package struct SimulatedSourceRecord: Codable, Equatable, Sendable {
    package var kind: SourceKind
    package var activity: SourceActivity
    /// Seconds into its programme (the podcast's place); nil for live sources such as the radio.
    package var position: Double?

    package init(kind: SourceKind, activity: SourceActivity, position: Double? = nil) {
        self.kind = kind
        self.activity = activity
        self.position = position
    }
}
