/// Which clock the daemon runs on: what `voxnavd --clock` chooses, `voxnav drive --clock` asks its
/// own daemon for, and `state.get` reports (`EngineState.clock`, its raw value).
///
/// `real` is a monotonic clock. `virtual` and `compressed` are simulated time that moves only when
/// a driver calls `clock.advance`: `virtual` plays no prompt audio (a prompt takes its measured
/// length of simulated time); `compressed` plays every prompt for real and skips only the silence
/// between prompts.
public enum ClockMode: String, CaseIterable, Sendable, Codable {
    case real, virtual, compressed
}
