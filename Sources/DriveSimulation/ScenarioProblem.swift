import StrictCoding
import YAMLTree

/// One thing wrong with a scenario, route file or routing engine's response: where (the file, when
/// not the scenario itself; key path and line) and what, in the one form of every YAML reader's problems.
public typealias ScenarioProblem = YAMLProblem

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
