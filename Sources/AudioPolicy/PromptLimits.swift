/// How long one prompt may speak, and how much may wait to be spoken. A prompt session is meant to
/// be short (the CarPlay guidelines: activate just before a prompt, deactivate right after it), so
/// nothing a client sends may hold the car's audio ducked for minutes.
public struct PromptLimits: Hashable, Sendable {
    /// The longest a prompt may speak, in seconds. A maneuver prompt drops detail until it fits; a
    /// text prompt whose speech is longer is refused.
    public var maxSeconds: Double
    /// The longest text a prompt may have, in characters, checked before any synthesis.
    public var maxTextCharacters: Int
    /// The most prompts waiting, all clients together.
    public var maxWaiting: Int
    /// The most prompts one client may have waiting.
    public var maxWaitingPerClient: Int
    /// The most speech waiting, in seconds, all clients together.
    public var maxWaitingSeconds: Double
    /// The longest a text may speak in all when it is said as several prompts in a row (a
    /// speech-dispatcher message longer than one prompt); a longer one is refused before any part
    /// is said.
    public var maxMessageSeconds = 30.0

    public init(maxSeconds: Double, maxTextCharacters: Int, maxWaiting: Int, maxWaitingPerClient: Int, maxWaitingSeconds: Double) {
        self.maxSeconds = maxSeconds
        self.maxTextCharacters = maxTextCharacters
        self.maxWaiting = maxWaiting
        self.maxWaitingPerClient = maxWaitingPerClient
        self.maxWaitingSeconds = maxWaitingSeconds
    }

    /// Bounds on the limits themselves: a prompt of more than half a minute is not a prompt.
    public static let secondsRange = 1.0...30.0
    public static let textCharactersRange = 1...10_000
    public static let waitingRange = 1...1_000
    public static let waitingSecondsRange = 1.0...3_600.0

    /// Every bound these limits break, with the policy-file key of the offending value.
    var problems: [PolicyProblem] {
        var found: [PolicyProblem] = []
        func check(_ ok: Bool, _ key: String, _ message: String) {
            if !ok { found.append(PolicyProblem(path: "prompts.\(key)", message: message)) }
        }
        func range<T: Comparable>(_ r: ClosedRange<T>) -> String { "\(r.lowerBound)…\(r.upperBound)" }
        check(Self.secondsRange.contains(maxSeconds), "maxSeconds", "must be \(range(Self.secondsRange)) s (got \(maxSeconds))")
        check(
            Self.textCharactersRange.contains(maxTextCharacters), "maxTextCharacters",
            "must be \(range(Self.textCharactersRange)) characters (got \(maxTextCharacters))")
        check(Self.waitingRange.contains(maxWaiting), "queue.maxWaiting", "must be \(range(Self.waitingRange)) prompts (got \(maxWaiting))")
        check(
            maxWaitingPerClient >= 1 && maxWaitingPerClient <= maxWaiting, "queue.maxWaitingPerClient",
            "must be 1…queue.maxWaiting (\(maxWaiting)) prompts (got \(maxWaitingPerClient))")
        check(
            Self.waitingSecondsRange.contains(maxWaitingSeconds) && maxWaitingSeconds >= maxSeconds, "queue.maxWaitingSeconds",
            "must be \(range(Self.waitingSecondsRange)) s and at least maxSeconds (\(maxSeconds) s) (got \(maxWaitingSeconds))")
        check(
            maxMessageSeconds >= maxSeconds && maxMessageSeconds <= maxWaitingSeconds, "maxMessageSeconds",
            "must be at least maxSeconds (\(maxSeconds) s) and at most queue.maxWaitingSeconds (\(maxWaitingSeconds) s) (got \(maxMessageSeconds))")
        return found
    }
}
