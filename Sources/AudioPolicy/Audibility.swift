/// How far a prompt must stand out of what plays under it (the policy's `audibility:`), and how
/// VoxNav gets it there. Pure.
///
/// Drivers' most common complaint after a clipped first word is a prompt lost in loud music: a fixed
/// duck leaves a loud song loud. Before each prompt the bed (the mix on the prompt's sink before the
/// prompt, measured from its monitor) is compared with the prompt's own speech level: when the prompt
/// would be less than `promptAboveBed` dB above the bed as ducked, the ducked sources go deeper (to
/// `deepestDuck` at most), then the prompt is raised (by `maxBoost` at most, through a limiter).
public struct Audibility: Hashable, Sendable {
    /// dB the prompt's speech level must be above the bed's; nil: no target (the fixed duck only).
    public var promptAboveBed: Double?
    /// The deepest a duck may go to meet the target (dB, ≤ 0).
    public var deepestDuck: Double
    /// The most the prompt may be raised to meet the target, on top of its client's gain (dB, ≥ 0).
    public var maxBoost: Double

    public init(promptAboveBed: Double?, deepestDuck: Double, maxBoost: Double) {
        self.promptAboveBed = promptAboveBed
        self.deepestDuck = deepestDuck
        self.maxBoost = maxBoost
    }

    /// Without a policy file's `audibility:`: no target.
    public static let builtIn = Audibility(promptAboveBed: nil, deepestDuck: -35, maxBoost: 6)
    public static let targetRange = 0.0...40.0
    public static let boostRange = 0.0...12.0

    /// What is wrong with these values, if anything (paths as in a policy file).
    public var problems: [PolicyProblem] {
        var problems: [PolicyProblem] = []
        if let target = promptAboveBed, !Self.targetRange.contains(target) {
            problems.append(PolicyProblem(path: "audibility.promptAboveBed", message: "must be within 0…40 dB (got \(target))"))
        }
        if !(Policy.minimumDuckLevelDB...0).contains(deepestDuck) {
            problems.append(PolicyProblem(path: "audibility.deepestDuck", message: "must be within -96…0 dB (got \(deepestDuck))"))
        }
        if !Self.boostRange.contains(maxBoost) {
            problems.append(PolicyProblem(path: "audibility.maxBoost", message: "must be within 0…12 dB (got \(maxBoost))"))
        }
        return problems
    }

    /// The gain for a prompt whose speech level is `prompt` (dBFS), asked at `clientGain` dB, over
    /// `bed`; nil bed: nothing is heard under it (or its level is unknown), and the prompt plays at
    /// its client's gain.
    public func plan(prompt: Double, clientGain: Double, bed: Bed?) -> AudibilityPlan {
        guard let bed, bed.level.isFinite, prompt.isFinite else {
            return AudibilityPlan(gain: clientGain, extraDuck: 0, bedUnderPrompt: nil)
        }
        let under = bed.level + bed.attenuation
        guard let target = promptAboveBed else { return AudibilityPlan(gain: clientGain, extraDuck: 0, bedUnderPrompt: under) }
        var shortfall = target - (prompt + clientGain - under)
        guard shortfall > 0 else { return AudibilityPlan(gain: clientGain, extraDuck: 0, bedUnderPrompt: under) }
        // Deeper first: the driver keeps the voice level chosen, and the music gives way. Only when
        // every source heard under the prompt is ducked does a deeper duck lower the bed.
        var extraDuck = 0.0
        if bed.allDucked {
            let room = max(0, bed.attenuation - deepestDuck)
            extraDuck = -min(shortfall, room)
            shortfall += extraDuck
        }
        let boost = min(max(0, shortfall), maxBoost)
        return AudibilityPlan(gain: clientGain + boost, extraDuck: extraDuck, bedUnderPrompt: under + extraDuck)
    }

    /// What plays under a prompt.
    public struct Bed: Hashable, Sendable {
        /// The mix on the prompt's sink before the prompt (dBFS, RMS).
        public var level: Double
        /// The least any source heard under the prompt is lowered by (dB, ≤ 0): 0 when one plays on unducked.
        public var attenuation: Double
        /// Every source heard under the prompt is ducked (a deeper duck lowers the whole bed).
        public var allDucked: Bool

        public init(level: Double, attenuation: Double, allDucked: Bool) {
            self.level = level
            self.attenuation = attenuation
            self.allDucked = allDucked
        }
    }
}

/// How a prompt is played so that it stands out of the bed.
public struct AudibilityPlan: Hashable, Sendable {
    /// dB applied to the prompt's speech: its client's gain, plus any boost.
    public var gain: Double
    /// dB the ducked sources go below their duck for this prompt (≤ 0).
    public var extraDuck: Double
    /// The bed's expected level under the prompt (dBFS), nil when nothing is heard under it.
    public var bedUnderPrompt: Double?

    public init(gain: Double, extraDuck: Double, bedUnderPrompt: Double?) {
        self.gain = gain
        self.extraDuck = extraDuck
        self.bedUnderPrompt = bedUnderPrompt
    }

    /// How far the prompt at `level` dBFS stands above the bed under it, nil when nothing plays under it.
    public func margin(promptLevel level: Double) -> Double? { bedUnderPrompt.map { level + gain - $0 } }
}
