import AudioPolicy
import EngineTime
import PulseAudio

/// The bed under the prompts as the engine's loop follows it: its `BedMeter`, opened while a managed
/// source is audible and held while a prompt session is active, and the bed a prompt's grant
/// carries for the policy's `audibility:` target.
///
/// A part of `VoxNavEngine`, owned by it and run only in its turns: each method that reads the
/// policy or the sources is handed the engine as its isolated context. The meter is this part's alone.
final class BedWatch {
    private var meter = BedMeter()
    /// On the compressed clock, when a prompt waiting for the bed to be heard goes on regardless.
    private var waitEnds: ContinuousClock.Instant?

    /// The bed's level, measured before the prompt about to be granted (nil: not measured).
    var level: Double? { meter.level }

    /// The server went away: its meter with it.
    func forget() { meter.forget() }

    /// Holds the meter while a prompt session is active; lets it measure again once the last one
    /// has deactivated and its restores have ramped, after the hold on them (`ramps.hold`, stretched
    /// while the next prompt is near).
    func measure(around decisions: [PolicyDecision], on engine: isolated VoxNavEngine) {
        for decision in decisions {
            switch decision {
            case .sessionActivated: meter.hold()
            case .sessionDeactivated where engine.policy.activeClients.isEmpty:
                let hold = engine.policy.releasing.keys.map { engine.policy.holdEnd($0) - engine.policy.now }.max() ?? 0
                meter.release(restoreRamp: hold + engine.configuration.policy.ramps.longestRestore)
            default: break
            }
        }
    }

    /// Records the prompts' sink while a source the policy manages is audible and a target is set;
    /// only where audio is played (not on the virtual clock) and VoxNav does the ducking itself.
    func track(on engine: isolated VoxNavEngine) {
        let policy = engine.policy
        let wanted =
            engine.configuration.policy.audibility.promptAboveBed != nil && engine.clock.playsPromptAudio && engine.rolePolicy.voxNavDucks
            && engine.supervisor.available && engine.sourceDesk.registry.ids.contains { policy.state(of: .source($0))?.isAudible == true }
        let source = wanted ? engine.promptSink.map { "\($0).monitor" } : nil
        guard meter.want(source), let source else { return }
        // Opened in a child of `run()`: a server slow to answer holds up no decision.
        engine.spawnChild(counted: false) { [server = engine.server] in
            let opened = try? await server.levelMeter(recording: source)
            await engine.turn { engine in engine.bed.opened(opened, for: source) }
        }
    }

    /// After a batch is carried out: the bed is measured again once no session is active.
    func trackIfIdle(on engine: isolated VoxNavEngine) {
        if engine.policy.activeClients.isEmpty { track(on: engine) }
    }

    func opened(_ opened: (any BedLevelMeter)?, for source: String) {
        meter.opened(opened, for: source)
    }

    /// The bed as the policy leaves it for the prompt: the level measured before it, and the least
    /// any audible source is lowered by. Nil when nothing is audible or nothing was measured.
    func bed(measured level: Double?, on engine: isolated VoxNavEngine) -> Audibility.Bed? {
        guard let level else { return nil }
        let attenuations: [Double] = engine.sourceDesk.registry.ids.compactMap { id in
            switch engine.policy.state(of: .source(id)) {
            case .playing?: 0
            case .ducked(let dB)?: dB
            default: nil
            }
        }
        guard let least = attenuations.max() else { return nil }
        return Audibility.Bed(level: level, attenuation: least, allDucked: least < 0)
    }

    /// How long a prompt about to be granted waits for the bed to be heard, or nil to go on now.
    ///
    /// On the compressed clock the silence between prompts is skipped, so the sources came back
    /// after one prompt only for the next to duck them at once, and no bed was ever measured: each
    /// prompt then had the fixed duck alone, and a recording never heard the radio between two
    /// prompts. There, when no session is active or holding its ducks, a prompt waits (wall time;
    /// simulated time stands still, as for any engine work) until the bed has been measured for
    /// `BedMeter.heardBeforePrompt`, at most `BedMeter.longestWait`. The real clock never waits: its
    /// silence is real, and a prompt comes when it is due.
    func toHear(on engine: isolated VoxNavEngine) -> Duration? {
        guard engine.clock.mode == .compressed, engine.policy.activeClients.isEmpty, engine.policy.releasing.isEmpty,
            let missing = meter.missing, missing > 0
        else {
            waitEnds = nil
            return nil
        }
        let now = ContinuousClock.now
        let ends = waitEnds ?? now + BedMeter.longestWait
        waitEnds = ends
        guard now < ends else {
            waitEnds = nil
            return nil
        }
        return min(.milliseconds(Int(missing * 1000) + 60), ends - now)
    }
}
