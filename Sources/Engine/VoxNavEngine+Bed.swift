import AudioPolicy
import EngineTime
import PulseAudio

/// The bed under the prompts (`BedMeter`) and the deeper duck that the policy's `audibility:` target
/// may ask for.
extension VoxNavEngine {
    /// Holds the meter while a prompt session is active; lets it measure again once the last one
    /// has deactivated and its restores have ramped, after the hold on them (`ramps.hold`, stretched
    /// while the next prompt is near).
    func measureBed(around decisions: [PolicyDecision]) {
        for decision in decisions {
            switch decision {
            case .sessionActivated: bedMeter.hold()
            case .sessionDeactivated where policy.activeClients.isEmpty:
                let hold = policy.releasing.keys.map { policy.holdEnd($0) - policy.now }.max() ?? 0
                bedMeter.release(restoreRamp: hold + configuration.policy.ramps.longestRestore)
            default: break
            }
        }
    }

    /// Records the prompts' sink while a source the policy manages is audible and a target is set;
    /// only where audio is played (not on the virtual clock) and VoxNav does the ducking itself.
    func trackBed() {
        let wanted =
            configuration.policy.audibility.promptAboveBed != nil && clock.playsPromptAudio && rolePolicy.voxNavDucks
            && serverAvailable && sources.ids.contains { policy.state(of: .source($0))?.isAudible == true }
        let source = wanted ? promptSink.map { "\($0).monitor" } : nil
        guard bedMeter.want(source), let source else { return }
        // Opened in a child of `run()`: a server slow to answer holds up no decision.
        let server = self.server
        spawnChild(counted: false) {
            let meter = try? await server.levelMeter(recording: source)
            await self.bedMeterOpened(meter, for: source)
        }
    }

    private func bedMeterOpened(_ meter: (any BedLevelMeter)?, for source: String) {
        bedMeter.opened(meter, for: source)
    }

    /// The bed as the policy leaves it for the prompt: the level measured before it, and the least
    /// any audible source is lowered by. Nil when nothing is audible or nothing was measured.
    func bed(measured level: Double?) -> Audibility.Bed? {
        guard let level else { return nil }
        let attenuations: [Double] = sources.ids.compactMap { id in
            switch policy.state(of: .source(id)) {
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
    func bedToHear() -> Duration? {
        guard clock.mode == .compressed, policy.activeClients.isEmpty, policy.releasing.isEmpty, let missing = bedMeter.missing, missing > 0
        else {
            bedWaitEnds = nil
            return nil
        }
        let now = ContinuousClock.now
        let ends = bedWaitEnds ?? now + BedMeter.longestWait
        bedWaitEnds = ends
        guard now < ends else {
            bedWaitEnds = nil
            return nil
        }
        return min(.milliseconds(Int(missing * 1000) + 60), ends - now)
    }

    /// After a batch is carried out: the bed is measured again once no session is active.
    func trackBedIfIdle() {
        if policy.activeClients.isEmpty { trackBed() }
    }
}
