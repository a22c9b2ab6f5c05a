import Guidance
import PackLibrary
import Prompts
import Speech

/// What a request says and in which voice: its candidate wordings, richest first, composed by its
/// language's phrase pack or taken from an app's text as it is said, and the key and deadline a
/// text's own words give. No I/O: the packs are the library's, already read.
struct PromptWordings: Sendable {
    let voices: VoiceLibrary
    /// The language of a request that names none.
    let defaultLanguage: String
    /// Characters a text may have (`prompts.maxTextCharacters`): a longer one is refused as it is,
    /// before any work on it.
    let maxTextCharacters: Int

    /// Seconds of speech a part of a long text is cut to (`EnginePrompts.queueText`), under a prompt's 6 s.
    static let partSeconds = 5.0

    /// Characters a part of a long text may have at `prosody`'s rate: eSpeak NG says about 16 a
    /// second at VoxNav's 175 words a minute (6 s of speech is about 100). A part that still speaks
    /// too long is cut again when it is made.
    static func partCharacters(at prosody: VoiceProsody) -> Int {
        max(20, Int(partSeconds * 16 * Double(prosody.wordsPerMinute(around: 175)) / 175))
    }

    /// The options with the key and deadline the text's own words give, where they have none and
    /// ask for them (`PromptOptions.timingFromText`).
    func timed(_ options: PromptOptions, _ request: PromptRequest) -> PromptOptions {
        guard options.timingFromText, options.key == nil || options.deadline == nil, case .text(let text) = request.content,
            text.count <= maxTextCharacters,
            let pack = voices.pack(for: language(of: request)),
            let timing = pack.timing(of: text)
        else { return options }
        var timed = options
        if timed.key == nil { timed.key = timing.key }
        if timed.deadline == nil { timed.deadline = timing.deadline }
        return timed
    }

    /// The language a prompt is said in: its own, else the daemon's default.
    func language(of request: PromptRequest) -> String {
        request.language.flatMap { $0.isEmpty ? nil : $0 } ?? defaultLanguage
    }

    /// The candidate wordings (richest first) and the eSpeak NG voice for a request. Maneuvers need a
    /// phrase pack; text in a language without one is spoken by the eSpeak NG voice of that name.
    /// - Parameter everyWord: a text is said whole or not at all (`PromptOptions.keepsEveryWord`).
    func wordings(for request: PromptRequest, everyWord: Bool = false) throws(EngineError) -> (candidates: [Wording], voice: String) {
        let language = self.language(of: request)
        let pack = voices.pack(for: language)
        switch request.content {
        case .text(let text):
            let voice = Self.textVoice(pack: pack, language: language)
            // Longer than a prompt may have: refused as it is, before any work on it (it may be a megabyte).
            guard text.count <= maxTextCharacters else { return ([Wording(text: text)], voice) }
            // As an app sends it: tidied, and, should it not fit, without the instruction chained to it.
            let said = Self.tidied(text)
            let shorter = everyWord ? nil : NavigationText.withoutChainedClause(said, connector: pack?.chainConnector)
            return ([said, shorter].compactMap { $0 }.map { Wording(text: $0) }, voice)
        case .maneuver(let maneuver, let next, let andThen):
            guard let pack else { throw .unknownLanguage(language, available: voices.languages) }
            let composer = PhraseComposer(pack: pack, units: request.units)
            let distance = maneuver.distanceRemaining ?? 0
            // A road named only in an instruction is said (`InstructionRoad`); guidance has filled its own.
            let (maneuver, next, andThen) = (
                pack.instructionRoads.filling(maneuver), next.map(pack.instructionRoads.filling), andThen.map(pack.instructionRoads.filling)
            )
            let wordings = composer.wordings(maneuver, state: maneuver.state, distance: distance, then: next, andThen: andThen)
            return (request.departureArrival.map { composer.departure(wordings, arrival: $0) } ?? wordings, pack.espeakVoice)
        case .alert(let kind, let distance):
            guard let pack else { throw .unknownLanguage(language, available: voices.languages) }
            let composer = PhraseComposer(pack: pack, units: request.units)
            // Without the distance is the shorter wording, should the full one not fit.
            var seen = Set<String>()
            let candidates = [composer.alert(kind, distance: distance), composer.alert(kind)].filter { seen.insert($0).inserted }
            return (candidates.map { Wording(text: $0) }, pack.espeakVoice)
        case .markup(let source):
            let voice = Self.textVoice(pack: pack, language: language)
            // Markup many times longer than a prompt's words may be is refused as it is, unread.
            let limit = maxTextCharacters
            guard source.count <= limit * 4 else { return ([Wording(text: source)], voice) }
            let markup = SpeechMarkup(source)
            // Markup without words is refused as an empty text is, not synthesised as silence.
            return ([Wording(text: markup.text, speech: markup.text.isEmpty ? nil : markup.markup)], voice)
        case .alertText(let variants), .textVariants(let variants):
            let voice = Self.textVoice(pack: pack, language: language)
            // Each as a text prompt's (tidied), in the app's order, the richest first; one longer than a
            // prompt may have is left out, and if every one is, the first is refused as it is.
            let limit = maxTextCharacters
            var seen = Set<String>()
            let said = variants.filter { $0.count <= limit }.map(Self.tidied).filter { seen.insert($0).inserted }
            return ((said.isEmpty ? [variants[0]] : said).map { Wording(text: $0) }, voice)
        }
    }

    /// The voice text is said in: its language's pack's, else the tag taken as an eSpeak NG voice.
    static func textVoice(pack: PhrasePack?, language: String) -> String {
        pack?.espeakVoice ?? language.lowercased().replacing("_", with: "-")
    }

    /// An app's text as it is said: tidied, or as it came when tidying leaves nothing.
    static func tidied(_ text: String) -> String {
        let tidied = NavigationText.tidied(text)
        return tidied.isEmpty ? text : tidied
    }
}
