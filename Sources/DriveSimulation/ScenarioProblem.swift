import StrictCoding

/// One thing wrong with a scenario or route file: where (key path and line) and what.
public struct ScenarioProblem: Hashable, Sendable, CustomStringConvertible {
    /// Dotted key path, list items by index: `audio[3].at`, `route.maneuvers[0].type`.
    public var path: String
    /// 1-based line in the file, when known.
    public var line: Int?
    public var message: String

    public init(path: String, line: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        (path.isEmpty ? "scenario" : InputLimits.echo(path)) + (line.map { " (line \($0))" } ?? "") + ": " + message
    }
}

/// A scenario or route that cannot be used, with every problem found.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public var problems: [ScenarioProblem]

    public init(problems: [ScenarioProblem]) {
        self.problems = problems
    }

    /// The first `InputLimits.listedProblems` problems, then how many more.
    public var description: String { InputLimits.list(problems.map(\.description)) }
}
