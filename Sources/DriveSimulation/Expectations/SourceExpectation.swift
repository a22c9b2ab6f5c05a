/// What a source may be doing in a part of the drive: `only` these states (the radio ducked under
/// every prompt) or `never` those (the radio never stopped). The source must be on in that part.
public struct SourceExpectation: Sendable, Equatable {
    /// The report's source id: a `SourceKind` (`fmRadio`, `spokenAudio`, …).
    public var source: String
    public var window: TimeWindow
    /// Only while a prompt is heard (inside the window).
    public var duringPrompts: Bool
    public var only: Set<SourceTrack.State>?
    public var never: Set<SourceTrack.State>?

    public init(
        source: String, window: TimeWindow = TimeWindow(), duringPrompts: Bool = false, only: Set<SourceTrack.State>? = nil,
        never: Set<SourceTrack.State>? = nil
    ) {
        self.source = source
        self.window = window
        self.duringPrompts = duringPrompts
        self.only = only
        self.never = never
    }

    /// "fmRadio during prompts between 0:00 and 6:30: only ducked, never stopped".
    public var phrase: String {
        var subject = source
        if duringPrompts { subject += " during prompts" }
        if !window.phrase.isEmpty { subject += " " + window.phrase }
        var rules: [String] = []
        if let only { rules.append("only " + Self.list(only)) }
        if let never { rules.append("never " + Self.list(never)) }
        return subject + ": " + rules.joined(separator: ", ")
    }

    static func list(_ states: Set<SourceTrack.State>) -> String {
        SourceTrack.State.allCases.filter(states.contains).map(\.rawValue).joined(separator: " or ")
    }
}
