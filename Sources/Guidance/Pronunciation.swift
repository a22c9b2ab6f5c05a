/// How one name is said, in place of its written form: eSpeak NG phonemes (`[[k'0nIt#Ik@t]]`) or a
/// respelling ("Wooster"), optionally in another language's voice (a German street in an English
/// prompt). From a pack's `lexicon`, a user's lexicon, or a route's `pronunciation` member.
public struct Pronunciation: Sendable, Hashable {
    /// Phonemes in `[[…]]` (eSpeak NG's phoneme input), or words.
    public let say: String
    /// The eSpeak NG voice of the language the name is said in ("de", "fr", "es": `espeak-ng --voices`
    /// lists them); nil: the prompt's.
    public let language: String?

    public init(say: String, language: String? = nil) {
        self.say = say
        self.language = language
    }

    /// True when `say` is eSpeak NG phoneme input rather than words.
    public var isPhonemes: Bool { say.hasPrefix("[[") && say.hasSuffix("]]") }
}
