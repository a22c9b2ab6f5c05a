/// What guidance said lately, so that a pause that flaps does not say it again: paused and resumed
/// every half second, each rerouting pause starting the announcer afresh (`Announcer.restart`), it
/// said "Continue for 3 miles" six times in 30 s. The same words about the same maneuver in the same
/// state are said at most once per `window` seconds (that of a pause's own words, `RerouteDebounce.standardWindow`);
/// words that were queued but never played (a pause skipped them while they waited) do not count.
/// Times are the guidance clock's seconds; pure.
public struct RecentAnnouncements: Sendable {
    /// Words said about a maneuver in one of its states: a final instruction worded as the prepare
    /// prompt before it ("In a half mile, take exit 3", said early on a motorway) is another announcement.
    public struct Said: Hashable, Sendable {
        public let maneuverID: String
        public let state: ManeuverState
        public let words: String

        public init(maneuverID: String, state: ManeuverState, words: String) {
            self.maneuverID = maneuverID
            self.state = state
            self.words = words
        }
    }

    public let window: Double
    /// When each was said, and the prompt that says it once it is queued.
    private var said: [Said: (time: Double, prompt: String?)] = [:]

    public init(window: Double = RerouteDebounce.standardWindow) {
        self.window = window
    }

    /// True when `words` may be said at `time` (they are then remembered): not when they were said
    /// within the window before it. A time before one remembered is a guidance clock that started
    /// again: what was said before it is forgotten. A time that is not finite is always said.
    public mutating func shouldSay(_ words: Said, at time: Double) -> Bool {
        guard time.isFinite else { return true }
        said = said.filter { $0.value.time <= time && time - $0.value.time < window }
        guard said[words] == nil else { return false }
        said[words] = (time, nil)
        return true
    }

    /// `words` were queued as `prompt`: skipped before it plays, they count as unsaid (`unsaid(prompts:)`).
    public mutating func queued(_ words: Said, as prompt: String) {
        said[words]?.prompt = prompt
    }

    /// `words` were not said after all (they could not be queued): they may be said again at once.
    public mutating func unsaid(_ words: Said) {
        said[words] = nil
    }

    /// These prompts were skipped before they played: their words may be said again at once.
    public mutating func unsaid(prompts: some Sequence<String>) {
        let skipped = Set(prompts)
        said = said.filter { $0.value.prompt.map { !skipped.contains($0) } ?? true }
    }
}
