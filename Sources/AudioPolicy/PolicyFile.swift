import FoundationEssentials
import StrictCoding
import YAMLTree

/// The policy file: YAML. The built-in policy is one (complete) policy file; a user's file is laid
/// over it, every key optional (a missing key keeps the built-in value; `classify`, a list, is
/// replaced as a whole).
extension Policy {
    public static let fileVersion = 1

    /// A user's policy text laid over `base`. Errors name the offending key path and line.
    public static func parse(yaml text: String, over base: Policy) throws(PolicyError) -> Policy {
        try parse(text, into: base, complete: false)
    }

    /// A policy file that says everything (the built-in one): a key it leaves out is an error.
    public static func parse(completeYAML text: String) throws(PolicyError) -> Policy {
        try parse(text, into: Policy.unset, complete: true)
    }

    /// The most a policy file may hold (the built-in one, which says everything, is about 10 KiB).
    public static let maximumFileSize = 256 << 10

    private static func parse(_ text: String, into base: Policy, complete: Bool) throws(PolicyError) -> Policy {
        if let problem = InputLimits.sizeProblem("the policy", size: text.utf8.count, cap: maximumFileSize) {
            throw PolicyError(problems: [PolicyProblem(kind: .invalidYAML, document: "policy", path: "", message: problem)])
        }
        let root: YAMLCursor?
        do {
            root = try YAMLCursor.root(yaml: text, document: "policy")
        } catch {
            throw PolicyError(problems: [error])
        }
        var reader = PolicyReader()
        var policy = base
        if let root { reader.read(root, into: &policy) }
        var problems = reader.problems
        if complete, problems.isEmpty { problems = reader.missing() }
        if problems.isEmpty { problems = policy.problems.map(reader.located) }
        if !problems.isEmpty { throw PolicyError(problems: problems) }
        return policy
    }

    /// What a complete file fills in entirely.
    private static let unset = Policy(
        duckLevelDB: 0, ramps: Ramps(duck: 0, restore: 0), linger: 0, idleCap: 1, promptStyle: PromptStyleRules(rules: [:]),
        interactions: InteractionTable(), classify: StreamClassifier(rules: []),
        prompts: PromptLimits(maxSeconds: 0, maxTextCharacters: 0, maxWaiting: 0, maxWaitingPerClient: 0, maxWaitingSeconds: 0))

    /// The policy as a complete policy file.
    public var yaml: String {
        var out = """
            # VoxNav audio policy (see docs/POLICY.md). Every key is optional: a missing one keeps the built-in value.
            version: \(Self.fileVersion)
            # dB (≤ 0) that ducked audio is lowered by, unless an entry says duck(<dB>).
            duckLevelDB: \(InteractionAction.format(duckLevelDB))

            """
        out += ramps.yaml
        out += """
            activation:
              # Stay active after a prompt only if the next one is due within this many seconds (≤ 1).
              linger: \(InteractionAction.format(linger))
              # Deactivate by force after this many seconds active without audio (≤ 5).
              idleCap: \(InteractionAction.format(idleCap))
              # A recording session inside its shown voice-control template (a voice search) counts its
              # microphone as audio for this many seconds (≤ 60); then the idle cap ends it.
              voiceInputCap: \(InteractionAction.format(voiceInputCap))
            # How long one prompt may speak, and how much may wait (all clients together, and per client).
            prompts:
              maxSeconds: \(InteractionAction.format(prompts.maxSeconds))
              maxTextCharacters: \(prompts.maxTextCharacters)
              # Seconds a text said as several prompts in a row (an SSIP message) may speak in all.
              maxMessageSeconds: \(InteractionAction.format(prompts.maxMessageSeconds))
              queue:
                maxWaiting: \(prompts.maxWaiting)
                maxWaitingPerClient: \(prompts.maxWaitingPerClient)
                maxWaitingSeconds: \(InteractionAction.format(prompts.maxWaitingSeconds))
            # Each condition that holds proposes a style; the quietest wins (none < short < normal).
            promptStyle:
              otherwise: \(promptStyle.otherwise.rawValue)
              rules:

            """
        for condition in PromptCondition.allCases {
            // An empty value means "no rule" (it overrides a default rule).
            out += "    \(condition.rawValue):" + (promptStyle.rules[condition].map { " \($0.rawValue)" } ?? "") + "\n"
        }
        out += """
            # incoming: {holder: action}. Actions: concurrent, duck, duck(<dB>), pause, stop, reject.
            interactions:

            """
        for incoming in FocusRole.allCases {
            let cells = FocusRole.allCases.map { "\($0.rawValue): \(interactions[incoming, $0])" }
            out += "  \(incoming.rawValue): {\(cells.joined(separator: ", "))}\n"
        }
        out += """
            # Other programs' streams: the first rule whose test passes says what kind of source the stream is
            # (or ignore: leave it alone; declared: the kind the property names). No rule: left alone.
            classify:

            """
        for rule in classify.rules { out += "  - \(rule.yaml)\n" }
        out += """
            # A newly queued prompt of a priority interrupts a playing one of the priorities listed (each less urgent).
            preemption:

            """
        for incoming in PromptPriority.allCases {
            let interrupted = PromptPriority.allCases.filter { preemption.interrupts($0, for: incoming) }
            out += "  \(incoming.rawValue): [\(interrupted.map(\.rawValue).joined(separator: ", "))]\n"
        }
        out += """
            # Silence before the first word after an idle gap, by the sink the prompt plays into (first match).
            outputs:
              idleGap: \(InteractionAction.format(outputs.idleGap))
              preRoll:\(outputs.rules.isEmpty ? " []" : "")

            """
        for rule in outputs.rules {
            out += "    - {sink: \"\(rule.sink)\", seconds: \(InteractionAction.format(rule.preRoll))}\n"
        }
        out += """
            # How far a prompt's speech must stand out of what plays under it (dB; off: the fixed duck only),
            # the deepest a duck may go for it, the most the prompt may be raised for it, and the speech
            # level every prompt is brought to (dBFS; off: as synthesised).
            audibility:
              promptAboveBed: \(audibility.promptAboveBed.map(InteractionAction.format) ?? "off")
              deepestDuck: \(InteractionAction.format(audibility.deepestDuck))
              maxBoost: \(InteractionAction.format(audibility.maxBoost))
              promptLevel: \(audibility.promptLevel.map(InteractionAction.format) ?? "off")

            """
        return out
    }
}

extension StreamRule {
    /// The rule as one flow mapping of the policy file.
    var yaml: String {
        let test: String
        switch self.test {
        case .equals(let values): test = "equals: [\(values.map(Self.word).joined(separator: ", "))]"
        case .contains(let words): test = "contains: [\(words.map(Self.word).joined(separator: ", "))]"
        case .prefix(let prefix): test = "prefix: \(Self.word(prefix))"
        case .present: test = "present: true"
        case .absent: test = "absent: true"
        }
        let then: String
        switch outcome {
        case .kind(let kind): then = kind.rawValue
        case .ignore: then = "ignore"
        case .declared: then = "declared"
        }
        return "{property: \(Self.word(property)), \(test), then: \(then)}"
    }

    /// A word as YAML reads it back: plain when it is plainly a word, quoted otherwise.
    private static func word(_ text: String) -> String {
        let plain = text.first?.isLetter == true && text.allSatisfy { $0.isLetter || $0.isNumber || "._-".contains($0) }
        let keywords: Set = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]
        if plain, !keywords.contains(text.lowercased()) { return text }
        // A JSON string is a YAML double-quoted scalar, escapes included.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(text)).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
    }
}
