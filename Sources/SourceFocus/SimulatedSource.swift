import AudioPolicy
import CarAudio

/// A simulated car or phone source as the engine acts on it (`CarSource` on a real server): its
/// stream's sink input is ducked and muted through the server; the source itself pauses, resumes
/// and stops.
package protocol SimulatedSource: AnyObject, Sendable {
    var kind: SourceKind { get }
    var activity: SourceActivity { get }
    var displayName: String { get }
    var sinkInputIndex: UInt32 { get }
    /// Seconds of sound of a source that plays once (a chime); nil for a programme that goes on.
    var programmeDuration: Double? { get }
    /// Seconds of programme played; nil for a live source or before the server's first report.
    var position: Double? { get }
    var isPaused: Bool { get }
    func pause() async
    func resume()
    func stop()
}

extension CarSource: SimulatedSource {}
