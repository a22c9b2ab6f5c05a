import StrictCoding
import YAMLTree

/// Walks a policy file's tree, collecting every problem with its key path and line.
struct PolicyReader {
    private var yaml = YAMLReader()
    /// The line of every key read, by path: where a problem the policy's own checks find is, and
    /// which keys a complete file said.
    private var lines: [String: Int?] = [:]

    var problems: [PolicyProblem] { yaml.problems }

    func located(_ problem: PolicyProblem) -> PolicyProblem {
        var problem = problem
        problem.line = problem.line ?? lines[problem.path] ?? nil
        return problem
    }

    mutating func fail(_ node: YAMLCursor, _ message: String) { yaml.fail(node, message) }

    /// A read of the one decoding layer, its problem recorded.
    mutating func read<T>(_ read: @autoclosure () throws(YAMLProblem) -> T) -> T? { yaml.read(try read()) }

    /// The pairs of a mapping, rejecting keys not in `known`.
    mutating func entries(_ node: YAMLCursor, known: [String]?) -> YAMLEntries {
        let entries = yaml.entries(node, known: known)
        for (_, value) in entries { lines.updateValue(value.line, forKey: value.path) }
        return entries
    }

    mutating func number(_ node: YAMLCursor) -> Double? { read(try node.double("a number of seconds or dB")) }

    /// A whole number (a count).
    mutating func count(_ node: YAMLCursor) -> Int? { read(try node.int()) }

    /// Every key a complete policy file must have and this one did not, as problems.
    func missing() -> [PolicyProblem] {
        var required = ["version", "duckLevelDB", "ramps.duck", "ramps.restore", "ramps.hold", "ramps.holdForNext", "activation.linger", "activation.idleCap"]
        required += ["prompts.maxSeconds", "prompts.maxTextCharacters", "prompts.maxMessageSeconds"]
        required += ["maxWaiting", "maxWaitingPerClient", "maxWaitingSeconds"].map { "prompts.queue.\($0)" }
        required += ["promptStyle.otherwise"] + PromptCondition.allCases.map { "promptStyle.rules.\($0.rawValue)" }
        for incoming in FocusRole.allCases {
            required += FocusRole.allCases.map { "interactions.\(incoming.rawValue).\($0.rawValue)" }
        }
        required.append("classify")
        return required.filter { lines[$0] == nil }.map {
            PolicyProblem(kind: .missingKey, path: $0, message: "missing: a complete policy file says every key")
        }
    }

    mutating func read(_ root: YAMLCursor, into policy: inout Policy) {
        let top = [
            "version", "duckLevelDB", "ramps", "activation", "prompts", "promptStyle", "interactions", "classify", "preemption", "outputs", "audibility",
        ]
        for (key, value) in entries(root, known: top) {
            switch key {
            case "version":
                if (try? value.int()) != Policy.fileVersion {
                    fail(value, "unsupported version '\(InputLimits.echo(value.text ?? ""))' (expected \(Policy.fileVersion))")
                }
            case "duckLevelDB":
                if let v = number(value) { policy.duckLevelDB = v }
            case "ramps":
                readRamps(value, into: &policy.ramps)
            case "activation":
                for (k, v) in entries(value, known: ["linger", "idleCap", "voiceInputCap"]) {
                    guard let n = number(v) else { continue }
                    switch k {
                    case "linger": policy.linger = n
                    case "idleCap": policy.idleCap = n
                    default: policy.voiceInputCap = n
                    }
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

    /// `ramps: {duck: 0.03, restore: 0.2, hold: 0.3, holdForNext: 2, sources: {music: {restore: 0.5}},
    /// under: {vehicleChime: 0.01}, after: {voiceAssistantSpeaking: 0.6}}`: a role named under
    /// `sources:`, `under:` or `after:` is laid over the base's entry for it, the others keep theirs.
    mutating func readRamps(_ node: YAMLCursor, into ramps: inout Ramps) {
        let roles = FocusRole.allCases.map(\.rawValue)
        for (key, value) in entries(node, known: ["duck", "restore", "hold", "holdForNext", "sources", "under", "after"]) {
            switch key {
            case "sources":
                for (name, own) in entries(value, known: roles) {
                    guard let role = FocusRole(rawValue: name) else { continue }
                    var entry = ramps.sources[role] ?? Ramps.Own()
                    for (which, seconds) in entries(own, known: ["duck", "restore"]) {
                        guard let n = number(seconds) else { continue }
                        if which == "duck" { entry.duck = n } else { entry.restore = n }
                    }
                    ramps.sources[role] = entry
                }
            case "under", "after":
                for (name, seconds) in entries(value, known: roles) {
                    guard let role = FocusRole(rawValue: name), let n = number(seconds) else { continue }
                    if key == "under" { ramps.under[role] = n } else { ramps.after[role] = n }
                }
            default:
                guard let n = number(value) else { continue }
                switch key {
                case "duck": ramps.duck = n
                case "restore": ramps.restore = n
                case "hold": ramps.hold = n
                default: ramps.holdForNext = n
                }
            }
        }
    }

    /// `preemption: {important: [low]}`: each priority named (the others keep theirs) with the list
    /// of priorities it interrupts; an empty list, none.
    mutating func readPreemption(_ node: YAMLCursor, into preemption: inout PromptPreemption) {
        var interrupts = preemption.interrupts
        for (key, value) in entries(node, known: PromptPriority.allCases.map(\.rawValue)) {
            guard let incoming = PromptPriority(rawValue: key), value.isSequence else {
                if !value.isSequence { fail(value, "expected a list of priorities, e.g. [low] (or [] for none)") }
                continue
            }
            var interrupted: Set<PromptPriority> = []
            for item in yaml.items(value) {
                // Each priority is said to be at the list's path, as before the one layer.
                let listed = YAMLCursor(item.node, path: value.path)
                if let priority = read(try listed.value("priority", PromptPriority.self)) { interrupted.insert(priority) }
            }
            interrupts[incoming] = interrupted
        }
        preemption = PromptPreemption(interrupts: interrupts)
    }

    /// `outputs: {idleGap: 5, preRoll: [{sink: "bluez_output.*", seconds: 1.5}]}`: the list replaces
    /// the built-in one as a whole.
    mutating func readOutputs(_ node: YAMLCursor, into wake: inout OutputWake) {
        for (key, value) in entries(node, known: ["idleGap", "preRoll"]) {
            if key == "idleGap" {
                if let n = number(value) { wake.idleGap = n }
                continue
            }
            guard value.isSequence else {
                fail(value, "expected a list of {sink: PATTERN, seconds: N}")
                continue
            }
            var rules: [OutputWake.Rule] = []
            for item in yaml.items(value) {
                var sink: String?
                var seconds: Double?
                for (k, v) in entries(item, known: ["sink", "seconds"]) {
                    if k == "seconds" {
                        seconds = number(v)
                    } else if let text = try? v.string() {
                        sink = text
                    } else {
                        fail(v, "expected a sink name or pattern, e.g. \"bluez_output.*\"")
                    }
                }
                guard let sink, let seconds else {
                    if item.isMapping { fail(item, "each rule names a sink and its seconds") }
                    continue
                }
                rules.append(OutputWake.Rule(sink: sink, preRoll: seconds))
            }
            wake.rules = rules
        }
    }

    mutating func readPromptLimits(_ node: YAMLCursor, into limits: inout PromptLimits) {
        for (key, value) in entries(node, known: ["maxSeconds", "maxTextCharacters", "maxMessageSeconds", "queue"]) {
            switch key {
            case "maxSeconds":
                if let n = number(value) { limits.maxSeconds = n }
            case "maxMessageSeconds":
                if let n = number(value) { limits.maxMessageSeconds = n }
            case "maxTextCharacters":
                if let n = count(value) { limits.maxTextCharacters = n }
            default:
                for (k, v) in entries(value, known: ["maxWaiting", "maxWaitingPerClient", "maxWaitingSeconds"]) {
                    switch k {
                    case "maxWaiting": if let n = count(v) { limits.maxWaiting = n }
                    case "maxWaitingPerClient": if let n = count(v) { limits.maxWaitingPerClient = n }
                    default: if let n = number(v) { limits.maxWaitingSeconds = n }
                    }
                }
            }
        }
    }

    mutating func style(_ node: YAMLCursor) -> PromptStyle? { read(try node.value("prompt style", PromptStyle.self)) }

    mutating func readPromptStyle(_ node: YAMLCursor, into rules: inout PromptStyleRules) {
        for (key, value) in entries(node, known: ["otherwise", "rules"]) {
            if key == "otherwise" {
                if let s = style(value) { rules.otherwise = s }
                continue
            }
            let names = PromptCondition.allCases.map(\.rawValue)
            for (name, styleNode) in entries(value, known: nil) {
                guard let condition = PromptCondition(rawValue: name) else {
                    fail(styleNode, YAMLCursor.unknown("condition", name, allowed: names))
                    continue
                }
                if styleNode.isNull {
                    rules.rules[condition] = nil  // an empty value switches the rule off
                } else if let s = style(styleNode) {
                    rules.rules[condition] = s
                }
            }
        }
    }

    mutating func readInteractions(_ node: YAMLCursor, into table: inout InteractionTable) {
        let kinds = FocusRole.allCases.map(\.rawValue)
        for (incomingName, row) in entries(node, known: nil) {
            guard let incoming = FocusRole(rawValue: incomingName) else {
                fail(row, YAMLCursor.unknown("kind", incomingName, allowed: kinds))
                continue
            }
            for (holderName, cell) in entries(row, known: nil) {
                guard let holder = FocusRole(rawValue: holderName) else {
                    fail(cell, YAMLCursor.unknown("kind", holderName, allowed: kinds))
                    continue
                }
                // Not an enum: duck(<dB>) carries a level.
                guard let text = cell.text, let action = InteractionAction(text) else {
                    fail(cell, "unknown action '\(InputLimits.echo(cell.text ?? ""))' (expected concurrent, duck, duck(<dB>), pause, stop or reject)")
                    continue
                }
                table[incoming, holder] = action
            }
        }
    }
}
