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
            throw PolicyError(problems: [PolicyProblem(path: "", message: problem)])
        }
        let root: YAMLNode?
        do {
            root = try YAMLTree.compose(yaml: text)
        } catch {
            throw PolicyError(problems: [PolicyProblem(path: "", message: "not valid YAML: \(InputLimits.echo(parserError: error))")])
        }
        var reader = PolicyReader()
        var policy = base
        if let root { reader.read(root, into: &policy) }
        if complete, reader.problems.isEmpty { reader.problems = reader.missing() }
        if reader.problems.isEmpty { reader.problems = policy.problems.map(reader.located) }
        if !reader.problems.isEmpty { throw PolicyError(problems: reader.problems) }
        return policy
    }

    /// What a complete file fills in entirely.
    private static let unset = Policy(
        duckLevelDB: 0, duckRamp: 0, restoreRamp: 0, linger: 0, idleCap: 1, promptStyle: PromptStyleRules(rules: [:]),
        interactions: InteractionTable(), classify: StreamClassifier(rules: []),
        prompts: PromptLimits(maxSeconds: 0, maxTextCharacters: 0, maxWaiting: 0, maxWaitingPerClient: 0, maxWaitingSeconds: 0))

    /// The policy as a complete policy file.
    public var yaml: String {
        var out = """
            # VoxNav audio policy (see docs/POLICY.md). Every key is optional: a missing one keeps the built-in value.
            version: \(Self.fileVersion)
            # dB (≤ 0) that ducked audio is lowered by, unless an entry says duck(<dB>).
            duckLevelDB: \(InteractionAction.format(duckLevelDB))
            # Seconds to ramp volume down into a duck (short: the prompt waits for it) and back up.
            ramps:
              duck: \(InteractionAction.format(duckRamp))
              restore: \(InteractionAction.format(restoreRamp))
              # Seconds a prompt's ducks and pauses are held after it, for a prompt that follows (≤ 1).
              hold: \(InteractionAction.format(restoreHold))
            activation:
              # Stay active after a prompt only if the next one is due within this many seconds (≤ 1).
              linger: \(InteractionAction.format(linger))
              # Deactivate by force after this many seconds active without audio (≤ 5).
              idleCap: \(InteractionAction.format(idleCap))
            # How long one prompt may speak, and how much may wait (all clients together, and per client).
            prompts:
              maxSeconds: \(InteractionAction.format(prompts.maxSeconds))
              maxTextCharacters: \(prompts.maxTextCharacters)
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
            # the deepest a duck may go for it and the most the prompt may be raised for it.
            audibility:
              promptAboveBed: \(audibility.promptAboveBed.map(InteractionAction.format) ?? "off")
              deepestDuck: \(InteractionAction.format(audibility.deepestDuck))
              maxBoost: \(InteractionAction.format(audibility.maxBoost))

            """
        return out
    }
}

/// Walks the YAML tree, collecting every problem with its key path.
struct PolicyReader {
    var problems: [PolicyProblem] = []
    private var lines: [String: Int] = [:]
    /// Keys read whose line is unknown.
    private var seen: Set<String> = []

    func located(_ problem: PolicyProblem) -> PolicyProblem {
        var problem = problem
        problem.line = problem.line ?? lines[problem.path]
        return problem
    }

    mutating func fail(_ path: String, _ node: YAMLNode?, _ message: String) {
        problems.append(PolicyProblem(path: path, line: node?.mark?.line, message: message))
    }

    /// The pairs of a mapping, keys as strings, rejecting keys not in `known`.
    mutating func entries(_ node: YAMLNode, at path: String, known: [String]?) -> [(String, YAMLNode)] {
        guard let mapping = node.mapping else {
            fail(path, node, "expected a mapping")
            return []
        }
        var result: [(String, YAMLNode)] = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            if let line = value.mark?.line ?? keyNode.mark?.line { lines[keyPath] = line } else { seen.insert(keyPath) }
            if let known, !known.contains(key) {
                fail(
                    keyPath, keyNode,
                    "unknown key '\(InputLimits.echo(key))'\(NearestName.didYouMean(key, among: known)) (expected one of: \(known.joined(separator: ", ")))")
                continue
            }
            result.append((key, value))
        }
        return result
    }

    mutating func number(_ node: YAMLNode, at path: String) -> Double? {
        guard node.scalar != nil, let value = node.float ?? node.int.map(Double.init) else {
            fail(path, node, "expected a number of seconds or dB (got '\(InputLimits.echo(node.string ?? "a collection"))')")
            return nil
        }
        return value
    }

    /// Every key a complete policy file must have and this one did not, as problems.
    func missing() -> [PolicyProblem] {
        var required = ["version", "duckLevelDB", "ramps.duck", "ramps.restore", "ramps.hold", "activation.linger", "activation.idleCap"]
        required += ["prompts.maxSeconds", "prompts.maxTextCharacters"]
        required += ["maxWaiting", "maxWaitingPerClient", "maxWaitingSeconds"].map { "prompts.queue.\($0)" }
        required += ["promptStyle.otherwise"] + PromptCondition.allCases.map { "promptStyle.rules.\($0.rawValue)" }
        for incoming in FocusRole.allCases {
            required += FocusRole.allCases.map { "interactions.\(incoming.rawValue).\($0.rawValue)" }
        }
        required.append("classify")
        return required.filter { lines[$0] == nil && !seen.contains($0) }.map {
            PolicyProblem(path: $0, message: "missing: a complete policy file says every key")
        }
    }

    mutating func read(_ root: YAMLNode, into policy: inout Policy) {
        let top = [
            "version", "duckLevelDB", "ramps", "activation", "prompts", "promptStyle", "interactions", "classify", "preemption", "outputs", "audibility",
        ]
        for (key, value) in entries(root, at: "", known: top) {
            switch key {
            case "version":
                if value.int != Policy.fileVersion {
                    fail(key, value, "unsupported version '\(InputLimits.echo(value.string ?? ""))' (expected \(Policy.fileVersion))")
                }
            case "duckLevelDB":
                if let v = number(value, at: key) { policy.duckLevelDB = v }
            case "ramps":
                for (k, v) in entries(value, at: key, known: ["duck", "restore", "hold"]) {
                    guard let n = number(v, at: "ramps.\(k)") else { continue }
                    switch k {
                    case "duck": policy.duckRamp = n
                    case "restore": policy.restoreRamp = n
                    default: policy.restoreHold = n
                    }
                }
            case "activation":
                for (k, v) in entries(value, at: key, known: ["linger", "idleCap"]) {
                    guard let n = number(v, at: "activation.\(k)") else { continue }
                    if k == "linger" { policy.linger = n } else { policy.idleCap = n }
                }
            case "prompts":
                readPromptLimits(value, into: &policy.prompts)
            case "promptStyle":
                readPromptStyle(value, into: &policy.promptStyle)
            case "classify":
                if let rules = readClassify(value) { policy.classify = StreamClassifier(rules: rules) }
            case "preemption":
                readPreemption(value, into: &policy.preemption)
            case "outputs":
                readOutputs(value, into: &policy.outputs)
            case "audibility":
                readAudibility(value, into: &policy.audibility)
            default:
                readInteractions(value, into: &policy.interactions)
            }
        }
    }

    /// `preemption: {important: [low]}`: each priority named (the others keep theirs) with the list
    /// of priorities it interrupts; an empty list, none.
    mutating func readPreemption(_ node: YAMLNode, into preemption: inout PromptPreemption) {
        let priorities = PromptPriority.allCases.map(\.rawValue)
        var interrupts = preemption.interrupts
        for (key, value) in entries(node, at: "preemption", known: priorities) {
            let path = "preemption.\(key)"
            guard let incoming = PromptPriority(rawValue: key) else { continue }
            guard let sequence = value.sequence else {
                fail(path, value, "expected a list of priorities, e.g. [low] (or [] for none)")
                continue
            }
            var interrupted: Set<PromptPriority> = []
            for item in sequence {
                guard item.scalar != nil, let word = item.string, let priority = PromptPriority(rawValue: word) else {
                    fail(
                        path, item,
                        "unknown priority '\(InputLimits.echo(item.string ?? "a collection"))' (expected one of: \(priorities.joined(separator: ", ")))")
                    continue
                }
                interrupted.insert(priority)
            }
            interrupts[incoming] = interrupted
        }
        preemption = PromptPreemption(interrupts: interrupts)
    }

    /// `outputs: {idleGap: 5, preRoll: [{sink: "bluez_output.*", seconds: 1.5}]}`: the list replaces
    /// the built-in one as a whole.
    mutating func readOutputs(_ node: YAMLNode, into wake: inout OutputWake) {
        for (key, value) in entries(node, at: "outputs", known: ["idleGap", "preRoll"]) {
            if key == "idleGap" {
                if let n = number(value, at: "outputs.idleGap") { wake.idleGap = n }
                continue
            }
            guard let sequence = value.sequence else {
                fail("outputs.preRoll", value, "expected a list of {sink: PATTERN, seconds: N}")
                continue
            }
            var rules: [OutputWake.Rule] = []
            for (index, item) in sequence.enumerated() {
                let path = "outputs.preRoll[\(index)]"
                var sink: String?
                var seconds: Double?
                for (k, v) in entries(item, at: path, known: ["sink", "seconds"]) {
                    if k == "seconds" {
                        seconds = number(v, at: "\(path).seconds")
                    } else if v.scalar != nil, let text = v.string {
                        sink = text
                    } else {
                        fail("\(path).sink", v, "expected a sink name or pattern, e.g. \"bluez_output.*\"")
                    }
                }
                guard let sink, let seconds else {
                    if item.mapping != nil { fail(path, item, "each rule names a sink and its seconds") }
                    continue
                }
                rules.append(OutputWake.Rule(sink: sink, preRoll: seconds))
            }
            wake.rules = rules
        }
    }

    /// A whole number (a count), or nil with a problem.
    mutating func count(_ node: YAMLNode, at path: String) -> Int? {
        guard node.scalar != nil, let value = node.int else {
            fail(path, node, "expected a whole number (got '\(node.string ?? "a collection")')")
            return nil
        }
        return value
    }

    mutating func readPromptLimits(_ node: YAMLNode, into limits: inout PromptLimits) {
        for (key, value) in entries(node, at: "prompts", known: ["maxSeconds", "maxTextCharacters", "queue"]) {
            switch key {
            case "maxSeconds":
                if let n = number(value, at: "prompts.maxSeconds") { limits.maxSeconds = n }
            case "maxTextCharacters":
                if let n = count(value, at: "prompts.maxTextCharacters") { limits.maxTextCharacters = n }
            default:
                for (k, v) in entries(value, at: "prompts.queue", known: ["maxWaiting", "maxWaitingPerClient", "maxWaitingSeconds"]) {
                    let path = "prompts.queue.\(k)"
                    switch k {
                    case "maxWaiting": if let n = count(v, at: path) { limits.maxWaiting = n }
                    case "maxWaitingPerClient": if let n = count(v, at: path) { limits.maxWaitingPerClient = n }
                    default: if let n = number(v, at: path) { limits.maxWaitingSeconds = n }
                    }
                }
            }
        }
    }

    mutating func style(_ node: YAMLNode, at path: String) -> PromptStyle? {
        guard let text = node.string, let style = PromptStyle(rawValue: text) else {
            fail(path, node, "unknown prompt style '\(InputLimits.echo(node.string ?? ""))' (expected none, short or normal)")
            return nil
        }
        return style
    }

    mutating func readPromptStyle(_ node: YAMLNode, into rules: inout PromptStyleRules) {
        for (key, value) in entries(node, at: "promptStyle", known: ["otherwise", "rules"]) {
            if key == "otherwise" {
                if let s = style(value, at: "promptStyle.otherwise") { rules.otherwise = s }
                continue
            }
            let names = PromptCondition.allCases.map(\.rawValue)
            for (name, styleNode) in entries(value, at: "promptStyle.rules", known: nil) {
                let path = "promptStyle.rules.\(name)"
                guard let condition = PromptCondition(rawValue: name) else {
                    fail(path, styleNode, "unknown condition '\(InputLimits.echo(name))' (expected one of: \(names.joined(separator: ", ")))")
                    continue
                }
                if styleNode.isNull {
                    rules.rules[condition] = nil  // an empty value switches the rule off
                } else if let s = style(styleNode, at: path) {
                    rules.rules[condition] = s
                }
            }
        }
    }

    mutating func readInteractions(_ node: YAMLNode, into table: inout InteractionTable) {
        let kinds = FocusRole.allCases.map(\.rawValue).joined(separator: ", ")
        for (incomingName, row) in entries(node, at: "interactions", known: nil) {
            let rowPath = "interactions.\(incomingName)"
            guard let incoming = FocusRole(rawValue: incomingName) else {
                fail(rowPath, row, "unknown kind '\(InputLimits.echo(incomingName))' (expected one of: \(kinds))")
                continue
            }
            for (holderName, cell) in entries(row, at: rowPath, known: nil) {
                let path = "\(rowPath).\(holderName)"
                guard let holder = FocusRole(rawValue: holderName) else {
                    fail(path, cell, "unknown kind '\(InputLimits.echo(holderName))' (expected one of: \(kinds))")
                    continue
                }
                guard let text = cell.string, let action = InteractionAction(text) else {
                    fail(path, cell, "unknown action '\(InputLimits.echo(cell.string ?? ""))' (expected concurrent, duck, duck(<dB>), pause, stop or reject)")
                    continue
                }
                table[incoming, holder] = action
            }
        }
    }
}

extension PolicyReader {
    /// The `classify:` list; nil (with problems) when any rule is wrong.
    mutating func readClassify(_ node: YAMLNode) -> [StreamRule]? {
        guard let sequence = node.sequence else {
            fail("classify", node, "expected a list of rules, each {property: …, equals|contains|prefix|present|absent: …, then: …}")
            return nil
        }
        let before = problems.count
        var rules: [StreamRule] = []
        for (index, item) in sequence.enumerated() {
            if let rule = readRule(item, at: "classify[\(index)]") { rules.append(rule) }
        }
        return problems.count == before ? rules : nil
    }

    private mutating func readRule(_ node: YAMLNode, at path: String) -> StreamRule? {
        let tests = ["equals", "contains", "prefix", "present", "absent"]
        var property: String?
        var test: StreamRule.Test?
        var outcome: StreamRule.Outcome?
        let before = problems.count
        for (key, value) in entries(node, at: path, known: ["property", "then"] + tests) {
            let keyPath = "\(path).\(key)"
            switch key {
            case "property":
                property = text(value, at: keyPath)
            case "then":
                outcome = self.outcome(value, at: keyPath)
            default:
                guard test == nil else {
                    fail(keyPath, value, "one test per rule (\(tests.joined(separator: ", ")))")
                    continue
                }
                test = self.test(key, value, at: keyPath)
            }
        }
        guard let property, let test, let outcome else {
            // One problem a rule: the first thing it lacks, unless one of its keys was wrong already
            // (counted, not searched for: a search of every problem at every rule was quadratic).
            guard problems.count == before else { return nil }
            if property == nil {
                fail(path, node, "a rule needs a property")
            } else if test == nil {
                fail(path, node, "a rule needs a test: one of \(tests.joined(separator: ", "))")
            } else {
                fail(path, node, "a rule needs then: a source kind, ignore or declared")
            }
            return nil
        }
        return StreamRule(property, test, outcome)
    }

    private mutating func text(_ node: YAMLNode, at path: String) -> String? {
        guard node.scalar != nil, let text = node.string, !text.isEmpty else {
            fail(path, node, "expected a word")
            return nil
        }
        return text
    }

    private mutating func words(_ node: YAMLNode, at path: String) -> [String]? {
        guard let sequence = node.sequence, !sequence.isEmpty else {
            fail(path, node, "expected a list of words, e.g. [music, video]")
            return nil
        }
        let words = sequence.compactMap { item in item.scalar != nil ? item.string.flatMap { $0.isEmpty ? nil : $0 } : nil }
        guard words.count == sequence.count else {
            fail(path, node, "expected a list of words, e.g. [music, video]")
            return nil
        }
        return words
    }

    private mutating func test(_ key: String, _ node: YAMLNode, at path: String) -> StreamRule.Test? {
        switch key {
        case "equals": return words(node, at: path).map(StreamRule.Test.equals)
        case "contains": return words(node, at: path).map(StreamRule.Test.contains)
        case "prefix": return text(node, at: path).map(StreamRule.Test.prefix)
        default:
            guard node.bool == true else {
                fail(path, node, "\(key) takes true (\(key): true)")
                return nil
            }
            return key == "present" ? .present : .absent
        }
    }

    private mutating func outcome(_ node: YAMLNode, at path: String) -> StreamRule.Outcome? {
        switch node.string {
        case "ignore": return .ignore
        case "declared": return .declared
        case let name?:
            if let kind = SourceKind(rawValue: name) { return .kind(kind) }
            fallthrough
        default:
            let allowed = SourceKind.allCases.map(\.rawValue) + ["ignore", "declared"]
            fail(path, node, "unknown outcome '\(InputLimits.echo(node.string ?? ""))' (expected one of: \(allowed.joined(separator: ", ")))")
            return nil
        }
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
