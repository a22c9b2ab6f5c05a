/// How far a prompt must stand out of what plays under it (the policy's `audibility:`), and how
/// VoxNav gets it there. Pure.
///
/// Drivers' most common complaint after a clipped first word is a prompt lost in loud music: a fixed
/// duck leaves a loud song loud. Before each prompt the bed (the mix on the prompt's sink before the
/// prompt, measured from its monitor) is compared with the prompt's own speech level: when the prompt
/// would be less than `promptAboveBed` dB above the bed as ducked, the ducked sources go deeper (to
/// `deepestDuck` at most), then the prompt is raised (by `maxBoost` at most, through a limiter).
///
/// First, every spoken prompt is brought to one speech level (`promptLevel`): eSpeak NG's voices
/// speak 2–3 dB apart (de and sv loudest, fr and it softest), so without it the margin over the bed
/// and the driver's volume setting would change with the language.
public struct Audibility: Hashable, Sendable {
    /// dB the prompt's speech level must be above the bed's; nil: no target (the fixed duck only).
    public var promptAboveBed: Double?
    /// The speech level (dBFS, gated as `SpeechLevel` measures it) every spoken prompt is brought to
    /// before its client's gain; nil: as the synthesiser made it.
    public var promptLevel: Double?
    /// The deepest a duck may go to meet the target (dB, ≤ 0).
    public var deepestDuck: Double
    /// The most the prompt may be raised to meet the target, on top of its client's gain (dB, ≥ 0).
    public var maxBoost: Double

    public init(promptAboveBed: Double?, deepestDuck: Double, maxBoost: Double, promptLevel: Double? = nil) {
        self.promptAboveBed = promptAboveBed
        self.deepestDuck = deepestDuck
        self.maxBoost = maxBoost
        self.promptLevel = promptLevel
    }

    /// The built-in policy's: the prompt 20 dB over the bed, as accessibility guidance asks of speech
    /// over music (broadcast asks for 10 LU at least), each prompt at −21 dBFS of speech, about the
    /// level eSpeak NG's voices speak at, so that levelling seldom raises one and no peak needs limiting.
    public static let builtIn = Audibility(promptAboveBed: 20, deepestDuck: -35, maxBoost: 6, promptLevel: -21)
    public static let targetRange = 0.0...40.0
    public static let boostRange = 0.0...12.0
    public static let levelRange = -40.0 ... -10.0
    /// The most a prompt is raised or lowered to reach `promptLevel` (dB): a prompt further off is
    /// mostly something else than speech (a whisper of a voice, a clipped one), and is moved this far.
    public static let maxLevelling = 12.0

    /// What is wrong with these values, if anything (paths as in a policy file).
    public var problems: [PolicyProblem] {
        var problems: [PolicyProblem] = []
        if let target = promptAboveBed, !Self.targetRange.contains(target) {
            problems.append(PolicyProblem(path: "audibility.promptAboveBed", message: "must be within 0…40 dB (got \(target))"))
        }
        if !(Policy.minimumDuckLevelDB...0).contains(deepestDuck) {
            problems.append(PolicyProblem(path: "audibility.deepestDuck", message: "must be within -96…0 dB (got \(deepestDuck))"))
        }
        if let level = promptLevel, !Self.levelRange.contains(level) {
            problems.append(PolicyProblem(path: "audibility.promptLevel", message: "must be within -40…-10 dBFS (got \(level))"))
        }
        if !Self.boostRange.contains(maxBoost) {
            problems.append(PolicyProblem(path: "audibility.maxBoost", message: "must be within 0…12 dB (got \(maxBoost))"))
        }
        return problems
    }

    /// The dB that bring speech at `level` dBFS to `promptLevel`, within `maxLevelling`; 0 without a
    /// `promptLevel` or a measured level.
    public func levelling(from level: Double?) -> Double {
        guard let target = promptLevel, let level, level.isFinite else { return 0 }
        return min(max(target - level, -Self.maxLevelling), Self.maxLevelling)
    }

    /// The gains for a prompt whose speech level is `prompt` (dBFS; nil for audio that is not
    /// speech, a tone), asked at `clientGain` dB, over `bed`; nil bed: nothing is heard under it (or
    /// its level is unknown), and the prompt plays levelled, at its client's gain.
    public func plan(prompt: Double?, clientGain: Double, bed: Bed?) -> AudibilityPlan {
        let levelling = levelling(from: prompt)
        guard let bed, bed.level.isFinite, let prompt, prompt.isFinite else {
            return AudibilityPlan(levelling: levelling, gain: clientGain, extraDuck: 0, bedUnderPrompt: nil)
        }
        let under = bed.level + bed.attenuation
        let plain = AudibilityPlan(levelling: levelling, gain: clientGain, extraDuck: 0, bedUnderPrompt: under)
        guard let target = promptAboveBed else { return plain }
        var shortfall = target - (prompt + levelling + clientGain - under)
        guard shortfall > 0 else { return plain }
        // Deeper first: the driver keeps the voice level chosen, and the music gives way. Only when
        // every source heard under the prompt is ducked does a deeper duck lower the bed.
        var extraDuck = 0.0
        if bed.allDucked {
            let room = max(0, bed.attenuation - deepestDuck)
            extraDuck = -min(shortfall, room)
            shortfall += extraDuck
        }
        let boost = min(max(0, shortfall), maxBoost)
        return AudibilityPlan(levelling: levelling, gain: clientGain + boost, extraDuck: extraDuck, bedUnderPrompt: under + extraDuck)
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
    /// dB that bring the prompt's speech to the policy's `promptLevel`.
    public var levelling: Double
    /// dB applied to the levelled speech: its client's gain, plus any boost.
    public var gain: Double
    /// dB the ducked sources go below their duck for this prompt (≤ 0).
    public var extraDuck: Double
    /// The bed's expected level under the prompt (dBFS), nil when nothing is heard under it.
    public var bedUnderPrompt: Double?

    public init(levelling: Double = 0, gain: Double, extraDuck: Double, bedUnderPrompt: Double?) {
        self.levelling = levelling
        self.gain = gain
        self.extraDuck = extraDuck
        self.bedUnderPrompt = bedUnderPrompt
    }

    /// Everything applied to the samples (dB).
    public var totalGain: Double { levelling + gain }

    /// How far the prompt at `level` dBFS (as made) stands above the bed under it, nil when nothing plays under it.
    public func margin(promptLevel level: Double) -> Double? { bedUnderPrompt.map { level + totalGain - $0 } }
}
