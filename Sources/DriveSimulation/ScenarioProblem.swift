import StrictCoding

/// One thing wrong with a scenario or route file: where (key path and line) and what.
public struct ScenarioProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file the problem is in, as the scenario names it, when it is not the scenario itself
    /// (a route file or a routing engine's response).
    public var file: String?
    /// Dotted key path, list items by index: `audio[3].at`, `route.maneuvers[0].type`.
    public var path: String
    /// 1-based line in the file, when known.
    public var line: Int?
    public var message: String

    public init(file: String? = nil, path: String, line: Int? = nil, message: String) {
        self.file = file
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        let place = path.isEmpty ? (file == nil ? "scenario" : nil) : InputLimits.echo(path)
        return [file.map { InputLimits.echo($0) }, place].compactMap { $0 }.joined(separator: ": ") + (line.map { " (line \($0))" } ?? "")
            + ": " + message
    }
}

/// A scenario or route that cannot be used, with every problem found.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public var problems: [ScenarioProblem]

    public init(problems: [ScenarioProblem]) {
        self.problems = problems
    }

    /// The same problems, each said to be in `file`.
    func inFile(_ file: String) -> ScenarioError {
        ScenarioError(
            problems: problems.map {
                var problem = $0
                problem.file = file
                return problem
            })
    }

    /// The first `InputLimits.listedProblems` problems, then how many more.
    public var description: String { InputLimits.list(problems.map(\.description)) }
}
