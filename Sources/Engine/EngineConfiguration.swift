import AudioPolicy
import BuiltInPolicy
import EngineTime
import FoundationEssentials
import RPC

/// The engine's tunables. The audio policy (duck level, ramps, linger, idle cap, the interaction
/// table, prompt-style rules, how long a prompt may speak and how much may wait) comes from the
/// policy file; see docs/POLICY.md.
public struct EngineConfiguration: Sendable {
    public var policy: Policy = .builtIn
    /// The prompt stream's target latency (tlength); 10–20 ms is the proven range.
    public var promptLatency: Double = 0.02
    /// The language of prompts that name none.
    public var defaultLanguage = "en-US"
    /// Where the phrase packs are; nil searches (see `VoiceLibrary.locate`).
    public var voicesDirectory: String?
    /// Speech rate in words per minute.
    public var speechRate = 175
    /// Where the duck journal is written before every change (voxnavd: next to its socket), so that
    /// a daemon killed with SIGKILL is undone by the next one; nil keeps it in memory only.
    public var journalPath: String?
    /// Watch other programs' streams and treat them as sources by their role (music is ducked, ...).
    public var manageForeignStreams = true
    /// The session bus on which other programs' media players are paused and played (MPRIS) when
    /// their streams are interrupted; nil or empty: there is none, and such streams are muted.
    public var sessionBusAddress: String? = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
    /// Real time, or simulated time driven by `clock.advance` (drive simulations); see `EngineClock`.
    public var clock: ClockMode = .real
    /// The sink the simulated car sources play into, by name; nil: the default sink, with the prompts.
    /// A car whose radio and phone have an output of their own; tests hear the prompts alone on theirs.
    public var sourcesSink: String?

    public init() {}
}
