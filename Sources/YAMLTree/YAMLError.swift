import CYAML

/// Text that is not YAML, or a document this reader refuses: what is wrong and where.
public struct YAMLError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let mark: YAMLNode.Mark?

    public init(message: String, mark: YAMLNode.Mark?) {
        self.message = message
        self.mark = mark
    }

    /// libyaml's problem, with the construct it was reading ("while scanning a quoted scalar").
    init(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable"
        let context = parser.context.map { String(cString: $0) }
        message = context.map { "\(problem) (\($0))" } ?? problem
        mark = YAMLNode.Mark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
    }

    public var description: String { mark.map { "line \($0.line), column \($0.column): \(message)" } ?? message }
}
