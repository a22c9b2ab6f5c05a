/// What a client asks to be spoken.
public struct PromptRequest: Sendable {
    /// The words to speak.
    public var text: String
    /// A language tag (e.g. "en-US", "de") or an eSpeak NG voice name; nil uses the default voice.
    public var language: String?

    public init(text: String, language: String? = nil) {
        self.text = text
        self.language = language
    }
}
