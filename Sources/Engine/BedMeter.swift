import AudioPolicy
import EngineTime
import PulseAudio
import Speech

/// Measures the bed, what plays on the prompts' sink besides them, for the policy's `audibility:`
/// target. Its `LevelMeter` records the sink's monitor only while a source the policy manages is
/// audible (a monitor being recorded keeps a sink awake, which an idle one should not be) and
/// audio is really played; while a prompt session is active the monitor hears the prompt and the
/// ducks, so measuring is held from activation until the restore ramps have ended. A value the
/// engine keeps: reading, holding and releasing it take no turn of another actor; only opening a
/// meter waits for the server (`BedWatch.track`).
struct BedMeter {
    private var meter: (any BedLevelMeter)?
    /// The monitor to record, set before its meter is opened: a later change of mind wins.
    private var wanted: String?
    private var held = false
    /// How much of the newest bed is measured: 3 s, EBU R 128's short-term window. Music's level
    /// swings with its beats and chords; over half a second the bed of the car's simulated radio
    /// measured up to 2 dB off, and the prompt stood that much short of the target.
    static let blocks = 60
    /// After the last session deactivates: the restore ramp, then this for the monitor's latency.
    static let settle = 0.3
    /// On the compressed clock, how much bed a prompt waits to have been measured (`missing`): the
    /// whole window its level is taken over, as on the real clock: over 1 s of music, a prompt stood
    /// up to 1.7 dB short of its 20 dB over the bed where the music grew louder.
    static let heardBeforePrompt = Double(blocks) * SpeechLevel.blockSeconds
    /// How long a prompt waits for it at most: the restore ramp and the settling take part of it,
    /// and a meter that cannot be opened must not hold the drive.
    static let longestWait: Duration = .milliseconds(4000)

    /// Records `source` (a monitor) from now on, nil for none. True when a meter is to be opened
    /// for it (`opened`); the meter of another source is closed.
    mutating func want(_ source: String?) -> Bool {
        guard source != wanted else { return false }
        meter?.close()
        meter = nil
        wanted = source
        return source != nil
    }

    /// The meter opened for `source`, or nil when it could not be; closed at once when another
    /// source is wanted by now.
    mutating func opened(_ opened: (any BedLevelMeter)?, for source: String) {
        guard wanted == source, meter == nil else {
            opened?.close()
            return
        }
        meter = opened
        if held { meter?.hold() }
    }

    /// The server went away with the meter's stream: a new one is made once sources play again.
    mutating func forget() {
        meter?.close()
        meter = nil
        wanted = nil
    }

    /// The bed's level (dBFS) over the newest 3 s measured, nil when nothing was measured
    /// or nothing sounded.
    var level: Double? {
        guard let meter else { return nil }
        return SpeechLevel.level(ofBlockPowers: meter.recentPowers(count: Self.blocks))
    }

    /// Seconds of bed still to be measured before `heardBeforePrompt` have been (within the last few
    /// seconds); nil when no bed is wanted (nothing audible, no target, no audio played).
    var missing: Double? {
        guard wanted != nil else { return nil }
        let measured = Double(meter?.recentPowers(count: Self.blocks).count ?? 0) * SpeechLevel.blockSeconds
        return max(0, Self.heardBeforePrompt - measured)
    }

    /// A prompt session became active: what the monitor hears now is no bed.
    mutating func hold() {
        held = true
        meter?.hold()
    }

    /// The last prompt session deactivated: the bed counts again once `restoreRamp` has ended.
    mutating func release(restoreRamp: Double) {
        held = false
        meter?.release(after: restoreRamp + Self.settle)
    }
}
