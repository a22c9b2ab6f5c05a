/// One wording of a prompt: the words shown, and how eSpeak NG is to say them when a name is said
/// otherwise than it is written (a lexicon entry, a route's pronunciation).
public struct Wording: Sendable, Hashable {
    /// What is shown and reported: names as written (abbreviations expanded).
    public let text: String
    /// SSML for eSpeak NG, synthesised with SSML and phoneme input (`[[…]]`) on; nil: `text` is said as it is.
    public let speech: String?

    public init(text: String, speech: String? = nil) {
        self.text = text
        self.speech = speech
    }
}
