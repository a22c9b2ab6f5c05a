import AudioPolicy

/// A prompt that must (or must not) be said: by its exact text or a regular expression, optionally
/// in a time window, in a style, or before the vehicle comes within a distance of a maneuver.
public struct PromptExpectation: Sendable, Equatable {
    public enum Matcher: Sendable, Equatable {
        /// The whole spoken text, exactly.
        case text(String)
        /// A regular expression found anywhere in the spoken text (`(?i)` for any case).
        case pattern(String)

        public func matches(_ text: String) -> Bool {
            switch self {
            case .text(let expected): return text == expected
            case .pattern(let pattern):
                // Checked when the scenario was read, so it compiles.
                guard let regex = try? Regex(pattern) else { return false }
                return text.contains(regex)
            }
        }

        public var phrase: String {
            switch self {
            case .text(let text): "\"\(text)\""
            case .pattern(let pattern): "/\(pattern)/"
            }
        }
    }

    /// Said while the vehicle was still at least `distance` meters before the maneuver `maneuver`.
    public struct Clearance: Sendable, Equatable {
        public var maneuver: String
        public var distance: Double
        /// The line in the scenario, for the error when the route has no such maneuver.
        public var line: Int?

        public init(maneuver: String, distance: Double, line: Int? = nil) {
            self.maneuver = maneuver
            self.distance = distance
            self.line = line
        }
    }

    public var matcher: Matcher
    public var window: TimeWindow
    /// Only prompts played in this style count (normal speech, or the short tone).
    public var style: PromptStyle?
    public var before: Clearance?

    public init(matcher: Matcher, window: TimeWindow = TimeWindow(), style: PromptStyle? = nil, before: Clearance? = nil) {
        self.matcher = matcher
        self.window = window
        self.style = style
        self.before = before
    }

    /// "/zweite Ausfahrt/ between 0:00 and 1:00, as normal, at least 100 m before m3".
    public var phrase: String {
        var parts = [matcher.phrase]
        if !window.phrase.isEmpty { parts.append(window.phrase) }
        if let style { parts.append("as \(style.rawValue)") }
        if let before { parts.append("at least \(ClockTime.formatNumber(before.distance)) m before \(before.maneuver)") }
        return parts.joined(separator: " ")
    }
}
