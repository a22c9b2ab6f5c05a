/// What a drive must do to pass: the scenario's `expect:` section (docs/DRIVES.md#expectations).
/// Judged against the finished report by `evaluate(_:kinematics:)`, with no I/O.
public struct DriveExpectations: Sendable, Equatable {
    public var summary: [SummaryBound]
    /// Prompts that must be said.
    public var said: [PromptExpectation]
    /// Prompts that must not be said.
    public var notSaid: [PromptExpectation]
    public var sources: [SourceExpectation]

    public init(summary: [SummaryBound] = [], said: [PromptExpectation] = [], notSaid: [PromptExpectation] = [], sources: [SourceExpectation] = []) {
        self.summary = summary
        self.said = said
        self.notSaid = notSaid
        self.sources = sources
    }

    public var isEmpty: Bool { summary.isEmpty && said.isEmpty && notSaid.isEmpty && sources.isEmpty }

    /// How many expectations there are (each bound, prompt and source entry is one).
    public var count: Int { summary.count + said.count + notSaid.count + sources.count }

    public static let keys = ["summary", "said", "notSaid", "sources"]

    /// The maneuver ids the expectations name that the route does not have, as problems to report
    /// before the drive starts (the scenario is parsed before its route file is read).
    public func problems(route: Route) -> [ScenarioProblem] {
        let ids = Set(route.maneuvers.map(\.id))
        let named =
            said.enumerated().map { ("expect.said[\($0.offset)]", $0.element) }
            + notSaid.enumerated().map { ("expect.notSaid[\($0.offset)]", $0.element) }
        return named.compactMap { path, expectation in
            guard let before = expectation.before, !ids.contains(before.maneuver) else { return nil }
            let known = route.maneuvers.prefix(10).map(\.id).joined(separator: ", ") + (route.maneuvers.count > 10 ? ", …" : "")
            return ScenarioProblem(
                path: path + ".before.maneuver", line: before.line,
                message: "the route has no maneuver '\(before.maneuver)' (its ids: \(known))")
        }
    }
}
