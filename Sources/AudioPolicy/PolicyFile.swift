import Yams

/// The policy file: YAML, every key optional (a missing key keeps the built-in default).
extension Policy {
    public static let fileVersion = 1

    /// Parse policy text. Errors name the offending key path and line.
    public static func parse(yaml text: String) throws(PolicyError) -> Policy {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw PolicyError(problems: [PolicyProblem(path: "", message: "not valid YAML: \(error)")])
        }
        var reader = PolicyReader()
        var policy = Policy.default
        if let root { reader.read(root, into: &policy) }
        if reader.problems.isEmpty { reader.problems = policy.problems.map(reader.located) }
        if !reader.problems.isEmpty { throw PolicyError(problems: reader.problems) }
        return policy
    }

    /// The policy as a complete policy file.
    public var yaml: String {
        var out = """
            # VoxNav audio policy (see docs/POLICY.md). Every key is optional: a missing one keeps the default.
            version: \(Self.fileVersion)
            # dB (≤ 0) that ducked audio is lowered by, unless an entry says duck(<dB>).
            duckLevelDB: \(InteractionAction.format(duckLevelDB))
            # Seconds to ramp volume down into a duck (short: the prompt waits for it) and back up.
            ramps:
              duck: \(InteractionAction.format(duckRamp))
              restore: \(InteractionAction.format(restoreRamp))
            activation:
              # Stay active after a prompt only if the next one is due within this many seconds (≤ 1).
              linger: \(InteractionAction.format(linger))
              # Deactivate by force after this many seconds active without audio (≤ 5).
              idleCap: \(InteractionAction.format(idleCap))
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
        return out
    }
}

/// Walks the YAML tree, collecting every problem with its key path.
struct PolicyReader {
    var problems: [PolicyProblem] = []
    private var lines: [String: Int] = [:]

    func located(_ problem: PolicyProblem) -> PolicyProblem {
        var problem = problem
        problem.line = problem.line ?? lines[problem.path]
        return problem
    }

    mutating func fail(_ path: String, _ node: Node?, _ message: String) {
        problems.append(PolicyProblem(path: path, line: node?.mark?.line, message: message))
    }

    /// The pairs of a mapping, keys as strings, rejecting keys not in `known`.
    mutating func entries(_ node: Node, at path: String, known: [String]?) -> [(String, Node)] {
        guard let mapping = node.mapping else {
            fail(path, node, "expected a mapping")
            return []
        }
        var result: [(String, Node)] = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            lines[keyPath] = value.mark?.line ?? keyNode.mark?.line
            if let known, !known.contains(key) {
                fail(keyPath, keyNode, "unknown key '\(key)' (expected one of: \(known.joined(separator: ", ")))")
                continue
            }
            result.append((key, value))
        }
        return result
    }

    mutating func number(_ node: Node, at path: String) -> Double? {
        guard node.scalar != nil, let value = node.float ?? node.int.map(Double.init) else {
            fail(path, node, "expected a number of seconds or dB (got '\(node.string ?? "a collection")')")
            return nil
        }
        return value
    }

    mutating func read(_ root: Node, into policy: inout Policy) {
        let top = ["version", "duckLevelDB", "ramps", "activation", "promptStyle", "interactions"]
        for (key, value) in entries(root, at: "", known: top) {
            switch key {
            case "version":
                if value.int != Policy.fileVersion { fail(key, value, "unsupported version '\(value.string ?? "")' (expected \(Policy.fileVersion))") }
            case "duckLevelDB":
                if let v = number(value, at: key) { policy.duckLevelDB = v }
            case "ramps":
                for (k, v) in entries(value, at: key, known: ["duck", "restore"]) {
                    guard let n = number(v, at: "ramps.\(k)") else { continue }
                    if k == "duck" { policy.duckRamp = n } else { policy.restoreRamp = n }
                }
            case "activation":
                for (k, v) in entries(value, at: key, known: ["linger", "idleCap"]) {
                    guard let n = number(v, at: "activation.\(k)") else { continue }
                    if k == "linger" { policy.linger = n } else { policy.idleCap = n }
                }
            case "promptStyle":
                readPromptStyle(value, into: &policy.promptStyle)
            default:
                readInteractions(value, into: &policy.interactions)
            }
        }
    }

    mutating func style(_ node: Node, at path: String) -> PromptStyle? {
        guard let text = node.string, let style = PromptStyle(rawValue: text) else {
            fail(path, node, "unknown prompt style '\(node.string ?? "")' (expected none, short or normal)")
            return nil
        }
        return style
    }

    mutating func readPromptStyle(_ node: Node, into rules: inout PromptStyleRules) {
        for (key, value) in entries(node, at: "promptStyle", known: ["otherwise", "rules"]) {
            if key == "otherwise" {
                if let s = style(value, at: "promptStyle.otherwise") { rules.otherwise = s }
                continue
            }
            let names = PromptCondition.allCases.map(\.rawValue)
            for (name, styleNode) in entries(value, at: "promptStyle.rules", known: nil) {
                let path = "promptStyle.rules.\(name)"
                guard let condition = PromptCondition(rawValue: name) else {
                    fail(path, styleNode, "unknown condition '\(name)' (expected one of: \(names.joined(separator: ", ")))")
                    continue
                }
                if styleNode.null != nil {
                    rules.rules[condition] = nil  // an empty value switches the rule off
                } else if let s = style(styleNode, at: path) {
                    rules.rules[condition] = s
                }
            }
        }
    }

    mutating func readInteractions(_ node: Node, into table: inout InteractionTable) {
        let kinds = FocusRole.allCases.map(\.rawValue).joined(separator: ", ")
        for (incomingName, row) in entries(node, at: "interactions", known: nil) {
            let rowPath = "interactions.\(incomingName)"
            guard let incoming = FocusRole(rawValue: incomingName) else {
                fail(rowPath, row, "unknown kind '\(incomingName)' (expected one of: \(kinds))")
                continue
            }
            for (holderName, cell) in entries(row, at: rowPath, known: nil) {
                let path = "\(rowPath).\(holderName)"
                guard let holder = FocusRole(rawValue: holderName) else {
                    fail(path, cell, "unknown kind '\(holderName)' (expected one of: \(kinds))")
                    continue
                }
                guard let text = cell.string, let action = InteractionAction(text) else {
                    fail(path, cell, "unknown action '\(cell.string ?? "")' (expected concurrent, duck, duck(<dB>), pause, stop or reject)")
                    continue
                }
                table[incoming, holder] = action
            }
        }
    }
}
