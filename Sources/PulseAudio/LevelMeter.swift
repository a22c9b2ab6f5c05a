import FoundationEssentials
import Synchronization

/// The level of what a sink plays, read from its monitor: a small record stream (8 kHz) whose
/// 50 ms blocks are kept with the time each arrived, for a few seconds. Blocks can be held out: while
/// a prompt plays (and its restore ramps), what the monitor hears is not the bed the next prompt
/// will be measured against.
public final class LevelMeter: Sendable {
    public static let sampleRate = 8000
    /// Blocks of 50 ms.
    static let blockSamples = 400
    /// How long blocks are kept.
    static let history: Duration = .seconds(5)

    private let blocks = Blocks()
    private let stream: Mutex<RecordStream?> = Mutex(nil)
    /// The source it records: a sink's monitor.
    public let source: String

    /// Starts measuring `source` (e.g. `car.monitor`).
    public init(connection: PulseConnection, source: String) async throws {
        self.source = source
        let blocks = self.blocks
        let recording = try await RecordStream(
            connection: connection, name: "VoxNav level meter",
            properties: ["application.id": "org.voxnav.meter", "application.name": "VoxNav", "media.role": "production"],
            // Stereo, averaged here: servers differ in how they mix a stereo monitor down to mono
            // (PulseAudio averages; PipeWire adds the channels at -3 dB each, 3 dB louder).
            format: StreamFormat(sampleRate: UInt32(Self.sampleRate), channels: 2), device: source, fragment: 0.05
        ) { samples in blocks.add(samples, at: .now) }
        stream.withLock { $0 = recording }
    }

    /// Stops recording.
    public func close() { stream.withLock { $0?.close() } }

    /// The mean powers (0…1 of full scale, squared) of the newest `count` blocks kept, oldest first;
    /// fewer, or none, when fewer were measured in the last few seconds.
    public func recentPowers(count: Int) -> [Double] { blocks.recent(count, now: .now) }

    /// From now, blocks are dropped until `release(after:)`.
    public func hold() { blocks.hold() }

    /// Blocks count again `seconds` from now (the restore ramp and the monitor's latency have passed).
    public func release(after seconds: Double) { blocks.release(until: .now + .seconds(seconds)) }

    /// The blocks, filled on the mainloop thread and read from anywhere.
    private final class Blocks: Sendable {
        private struct State {
            var kept: [(at: ContinuousClock.Instant, power: Double)] = []
            var partial = 0.0
            var partialCount = 0
            var held = false
            var heldUntil: ContinuousClock.Instant?
        }
        private let state = Mutex(State())

        func add(_ samples: UnsafeBufferPointer<Int16>, at now: ContinuousClock.Instant) {
            state.withLock { s in
                for frame in 0..<(samples.count / 2) {
                    let x = (Double(samples[2 * frame]) + Double(samples[2 * frame + 1])) / 65536
                    s.partial += x * x
                    s.partialCount += 1
                    guard s.partialCount == LevelMeter.blockSamples else { continue }
                    let power = s.partial / Double(LevelMeter.blockSamples)
                    s.partial = 0
                    s.partialCount = 0
                    if let until = s.heldUntil, now >= until { s.heldUntil = nil }
                    if !s.held, s.heldUntil == nil { s.kept.append((now, power)) }
                }
                if let first = s.kept.first, now - first.at > LevelMeter.history {
                    s.kept.removeAll { now - $0.at > LevelMeter.history }
                }
            }
        }

        func recent(_ count: Int, now: ContinuousClock.Instant) -> [Double] {
            state.withLock { s in s.kept.filter { now - $0.at <= LevelMeter.history }.suffix(count).map(\.power) }
        }

        func hold() { state.withLock { $0.held = true } }

        func release(until: ContinuousClock.Instant) {
            state.withLock { s in
                s.held = false
                s.heldUntil = max(s.heldUntil ?? until, until)
            }
        }
    }
}
