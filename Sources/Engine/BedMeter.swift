import AudioPolicy
import PulseAudio
import Speech

/// Measures the bed, what plays on the prompts' sink besides them, for the policy's `audibility:`
/// target. Its `LevelMeter` records the sink's monitor only while a source the policy manages is
/// audible (a monitor being recorded keeps a sink awake, which an idle one should not be) and
/// audio is really played; while a prompt session is active the monitor hears the prompt and the
/// ducks, so measuring is held from activation until the restore ramps have ended.
actor BedMeter {
    private let connection: PulseConnection
    private var meter: LevelMeter?
    private var held = false
    /// How much of the newest bed is measured: half a second.
    static let blocks = 10
    /// After the last session deactivates: the restore ramp, then this for the monitor's latency.
    static let settle = 0.3

    init(connection: PulseConnection) { self.connection = connection }

    /// Records `sink`'s monitor while `audible`; closes the meter otherwise, or when the sink changed.
    func track(audible: Bool, sink: String?) async {
        let wanted = audible ? sink.map { "\($0).monitor" } : nil
        guard meter?.source != wanted else { return }
        meter?.close()
        meter = nil
        guard let wanted else { return }
        meter = try? await LevelMeter(connection: connection, source: wanted)
        if held { meter?.hold() }
    }

    /// The server went away with the meter's stream: a new one is made once sources play again.
    func forget() {
        meter?.close()
        meter = nil
    }

    /// The bed's level (dBFS) over the newest half second measured, nil when nothing was measured
    /// or nothing sounded.
    var level: Double? {
        guard let meter else { return nil }
        return SpeechLevel.level(ofBlockPowers: meter.recentPowers(count: Self.blocks))
    }

    /// A prompt session became active: what the monitor hears now is no bed.
    func hold() {
        held = true
        meter?.hold()
    }

    /// The last prompt session deactivated: the bed counts again once `restoreRamp` has ended.
    func release(restoreRamp: Double) {
        held = false
        meter?.release(after: restoreRamp + Self.settle)
    }
}
