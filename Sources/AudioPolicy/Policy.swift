import StrictCoding
import YAMLTree

/// Everything tunable about VoxNav's audio behaviour. The built-in policy is `policy/default.yaml`
/// (`Policy.builtIn`, in the `BuiltInPolicy` target); a user's policy file is laid over it.
public struct Policy: Hashable, Sendable {
    /// How far ducked audio is lowered, in dB (≤ 0), unless a table entry names its own level.
    public var duckLevelDB: Double
    /// Seconds to ramp down into a duck, and back up when restoring.
    public var duckRamp: Double
    public var restoreRamp: Double
    /// Seconds a prompt session's ducks and pauses are held after it deactivates, before they are
    /// restored: a prompt that follows within them takes them over (`ReleasingSession`).
    public var restoreHold: Double = 0
    /// Seconds, from a prompt's end, that its hold may stretch to while the next prompt is known to be
    /// coming (one waits or is being made, or prompts come in a burst): no pumping between prompts a
    /// second or two apart. With none coming, the hold is `restoreHold`.
    public var holdForNext: Double = 0
    /// Seconds a prompt session stays active after a prompt when the next one is due that soon.
    public var linger: Double
    /// Seconds a prompt session may stay active without audio before it is deactivated by force.
    public var idleCap: Double
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
    /// How far a prompt must stand out of what plays under it (`audibility:`); no target unless a file says so.
    public var audibility: Audibility = .builtIn

    public init(
        duckLevelDB: Double, duckRamp: Double, restoreRamp: Double, linger: Double, idleCap: Double,
        promptStyle: PromptStyleRules, interactions: InteractionTable, classify: StreamClassifier, prompts: PromptLimits
    ) {
        self.duckLevelDB = duckLevelDB
        self.duckRamp = duckRamp
        self.restoreRamp = restoreRamp
        self.linger = linger
        self.idleCap = idleCap
        self.promptStyle = promptStyle
        self.interactions = interactions
        self.classify = classify
        self.prompts = prompts
    }

    /// Limits a policy must respect.
    public static let maximumLinger = 1.0
    public static let maximumRamp = 5.0
    public static let maximumRestoreHold = 1.0
    public static let maximumHoldForNext = 3.0
    public static let minimumDuckLevelDB = -96.0

    public var arbiter: FocusArbiter {
        FocusArbiter(table: interactions, duckLevelDB: duckLevelDB, duckRamp: duckRamp, restoreRamp: restoreRamp)
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
        check((0...Self.maximumRamp).contains(duckRamp), "ramps.duck", "ramp must be 0…\(Self.maximumRamp) s (got \(duckRamp))")
        check((0...Self.maximumRamp).contains(restoreRamp), "ramps.restore", "ramp must be 0…\(Self.maximumRamp) s (got \(restoreRamp))")
        check(
            (0...Self.maximumRestoreHold).contains(restoreHold), "ramps.hold",
            "hold must be 0…\(Self.maximumRestoreHold) s, well under a second (got \(restoreHold))")
        check(
            (0...Self.maximumHoldForNext).contains(holdForNext), "ramps.holdForNext",
            "hold for the next prompt must be 0…\(Self.maximumHoldForNext) s (got \(holdForNext))")
        check(
            idleCap > 0 && idleCap <= ActivationWindow.maximumIdleCap, "activation.idleCap",
            "idle cap must be > 0 and ≤ \(ActivationWindow.maximumIdleCap) s (got \(idleCap))")
        check(
            linger >= 0 && linger <= Self.maximumLinger, "activation.linger",
            "linger must be 0…\(Self.maximumLinger) s, well under a second (got \(linger))")
        check(linger <= idleCap, "activation.linger", "linger (\(linger) s) must not exceed the idle cap (\(idleCap) s)")
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
        return found + prompts.problems + preemption.problems + outputs.problems + audibility.problems
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
