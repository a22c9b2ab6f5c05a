import Guidance

/// What a client asks to be spoken.
public struct PromptRequest: Sendable {
    public enum Content: Sendable {
        /// Words to speak as they are.
        case text(String)
        /// A maneuver, composed into words by the language's phrase pack; `then` is a close second one to
        /// chain, `andThen` a third close behind it.
        case maneuver(Maneuver, then: Maneuver?, andThen: Maneuver? = nil)
        /// An alert about the road ahead, worded by the language's phrase pack; `distance` in meters, optional.
        case alert(AlertKind, distance: Double?)
        /// An alert in the app's own words: its variants, longest first; the richest that fits is said.
        case alertText([String])
        /// Words in variants, richest first (the trip's estimates): the richest that fits is said.
        case textVariants([String])
        /// SSML (a speech-dispatcher client's `SSML_MODE`): said through eSpeak NG's SSML, the
        /// elements it does not speak by dropped with their words kept (`SpeechMarkup`).
        case markup(String)
    }

    public var content: Content
    /// A language tag with a phrase pack ("en-US", "de"), or for text an eSpeak NG voice name;
    /// nil uses the default language.
    public var language: String?
    /// The unit system a maneuver's distance is said in (one its pack words); nil: the pack's own.
    public var units: UnitSystem?
    /// For a maneuver: the arrival said after it ("… You'll arrive at 8:41 AM"), a departure's.
    public var departureArrival: LocalTime?

    public init(content: Content, language: String? = nil, units: UnitSystem? = nil) {
        self.content = content
        self.language = language
        self.units = units
    }

    public init(text: String, language: String? = nil) {
        self.init(content: .text(text), language: language)
    }
}
