import StrictCoding
import YAMLTree

/// Everything tunable about VoxNav's audio behaviour. The built-in policy is `policy/default.yaml`
/// (`Policy.builtIn`, in the `BuiltInPolicy` target); a user's policy file is laid over it.
public struct Policy: Hashable, Sendable {
    /// How far ducked audio is lowered, in dB (≤ 0), unless a table entry names its own level.
    public var duckLevelDB: Double
    /// How fast ducks come and go, per source and per what ducks it, and how long they are held
    /// between prompts.
    public var ramps: Ramps
    /// Seconds a prompt session stays active after a prompt when the next one is due that soon.
    public var linger: Double
    /// Seconds a prompt session may stay active without audio before it is deactivated by force.
    public var idleCap: Double
    /// Seconds a recording session inside its shown voice-control template counts its microphone as
    /// audio (a voice search); then it is idle, and `idleCap` ends it.
    public var voiceInputCap: Double = Policy.defaultVoiceInputCap
    public var promptStyle: PromptStyleRules
    public var interactions: InteractionTable
    /// What kind of source each of other programs' streams is.
    public var classify: StreamClassifier
    /// How long a prompt may speak and how much may wait.
    public var prompts: PromptLimits
    /// Which prompts may cut a playing one short (`preemption:`); the built-in rule unless a file says otherwise.
    public var preemption: PromptPreemption = .builtIn
    /// How long each output needs to wake before the first word (`outputs:`); none unless a file says so.
    public var outputs: OutputWake = .builtIn
    /// How far a prompt must stand out of what plays under it, and its speech level (`audibility:`).
    public var audibility: Audibility = .builtIn

    public init(
        duckLevelDB: Double, ramps: Ramps, linger: Double, idleCap: Double,
        promptStyle: PromptStyleRules, interactions: InteractionTable, classify: StreamClassifier, prompts: PromptLimits
    ) {
        self.duckLevelDB = duckLevelDB
        self.ramps = ramps
        self.linger = linger
        self.idleCap = idleCap
        self.promptStyle = promptStyle
        self.interactions = interactions
        self.classify = classify
        self.prompts = prompts
    }

    /// Limits a policy must respect.
    public static let maximumLinger = 1.0
    /// A voice search says a destination in a few seconds; a minute is more than any turn of speech.
    public static let defaultVoiceInputCap = 10.0
    public static let maximumVoiceInputCap = 60.0
    public static let minimumDuckLevelDB = -96.0

    public var arbiter: FocusArbiter {
        FocusArbiter(table: interactions, duckLevelDB: duckLevelDB, ramps: ramps)
    }

    public var oracle: PromptStyleOracle { PromptStyleOracle(rules: promptStyle) }

    public func makeWindow() -> ActivationWindow { ActivationWindow(linger: linger, idleCap: idleCap) }

    /// The deepest duck this policy can ask for (dB, ≤ 0): `duckLevelDB`, an entry's `duck(<dB>)`, or
    /// the `audibility:` target's deepest duck.
    public var deepestDuckDB: Double {
        var deepest = min(0, duckLevelDB)
        if audibility.promptAboveBed != nil { deepest = min(deepest, audibility.deepestDuck) }
        for incoming in FocusRole.allCases {
            for holder in FocusRole.allCases {
                if case .duck(let dB?) = interactions[incoming, holder], dB.isFinite { deepest = min(deepest, dB) }
            }
        }
        return max(deepest, Self.minimumDuckLevelDB)
    }

    /// Every limit this policy breaks, with the policy-file key of the offending value.
    public var problems: [PolicyProblem] {
        var found: [PolicyProblem] = []
        func check(_ ok: Bool, _ path: String, _ message: String) {
            if !ok { found.append(PolicyProblem(path: path, message: message)) }
        }
        check(duckLevelDB <= 0, "duckLevelDB", "duck level must be ≤ 0 dB (got \(duckLevelDB))")
        check(duckLevelDB >= Self.minimumDuckLevelDB, "duckLevelDB", "duck level must be ≥ \(Self.minimumDuckLevelDB) dB (got \(duckLevelDB))")
        check(
            idleCap > 0 && idleCap <= ActivationWindow.maximumIdleCap, "activation.idleCap",
            "idle cap must be > 0 and ≤ \(ActivationWindow.maximumIdleCap) s (got \(idleCap))")
        check(
            linger >= 0 && linger <= Self.maximumLinger, "activation.linger",
            "linger must be 0…\(Self.maximumLinger) s, well under a second (got \(linger))")
        check(linger <= idleCap, "activation.linger", "linger (\(linger) s) must not exceed the idle cap (\(idleCap) s)")
        check(
            voiceInputCap > 0 && voiceInputCap <= Self.maximumVoiceInputCap, "activation.voiceInputCap",
            "voice input cap must be > 0 and ≤ \(Self.maximumVoiceInputCap) s (got \(voiceInputCap))")
        for incoming in FocusRole.allCases {
            for holder in FocusRole.allCases {
                if case .duck(let dB?) = interactions[incoming, holder], dB > 0 || dB < Self.minimumDuckLevelDB {
                    found.append(
                        PolicyProblem(
                            path: "interactions.\(incoming.rawValue).\(holder.rawValue)",
                            message: "duck level must be \(Self.minimumDuckLevelDB)…0 dB (got \(dB))"))
                }
            }
        }
        return found + ramps.problems + prompts.problems + preemption.problems + outputs.problems + audibility.problems
    }

    public func validate() throws(PolicyError) {
        let found = problems
        if !found.isEmpty { throw PolicyError(problems: found) }
    }
}

/// One thing wrong in a policy: where (a dotted key path, and the line when known) and why, in the
/// one form of every YAML reader's problems.
public typealias PolicyProblem = YAMLProblem

/// A policy that cannot be used, with every problem found.
public struct PolicyError: Error, Hashable, Sendable, CustomStringConvertible {
    public var problems: [PolicyProblem]
    /// The first `InputLimits.listedProblems` problems, then how many more.
    public var description: String { InputLimits.list(problems.map(\.description)) }
}
