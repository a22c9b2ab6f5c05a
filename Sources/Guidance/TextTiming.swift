import TextFormat

/// What an app's own text says of when it applies, read with a phrase pack's own words: a distance
/// ahead ("in 200 meters", "in 300 Metern", "za 200 metrů", "前方200米") or "now" ("turn left now",
/// "jetzt links abbiegen"). It gives a text prompt a replacement key (the instruction without its
/// timing words: a newer "turn right now" replaces a waiting "in 200 meters, turn right") and a
/// deadline (a stale instruction expires instead of playing late). Best effort: an app that knows
/// its maneuvers says so with `guidance.update`, or with `prompt.speak`'s `key` and `deadline`.
public struct TextTiming: Sendable, Equatable {
    public enum When: Sendable, Equatable {
        /// The instruction is for a point this far ahead.
        case ahead(meters: Double)
        /// The instruction is for now.
        case now
    }

    public let when: When
    /// The instruction without its timing words and its chained instruction, lower-cased, with
    /// only letters, digits and single spaces: what an instruction for the same turn says too.
    public let instruction: String

    /// The replacement key: the same for every instruction about the same turn.
    public var key: String { "text:" + instruction }

    /// Seconds from its request after which it may no longer start. "Now" is stale soon after;
    /// a distance ahead lasts about as long as the car takes to cover it at 54 km/h (15 m/s), within
    /// 4…20 s: a queue that holds it longer has let it go by.
    public var deadline: Double {
        switch when {
        case .now: Self.nowDeadline
        case .ahead(let meters): min(20, max(4, meters / 15))
        }
    }

    public static let nowDeadline = 3.0
}

extension PhrasePack {
    /// When `text` says its instruction applies, in this pack's words, and the instruction itself;
    /// nil when it says neither a distance ahead nor "now". The first one said counts.
    public func timing(of text: String) -> TextTiming? {
        let characters = Array(text.lowercased())
        let words = timingWords
        var found: (range: Range<Int>, when: TextTiming.When)?
        for start in characters.indices where TimingWords.startsWord(characters, at: start) {
            if let match = words.match(characters, at: start) {
                found = match
                break
            }
        }
        guard let found else { return nil }
        // The chained instruction is another turn's: it is no part of this one's key.
        let said = String(characters[..<found.range.lowerBound]) + " " + String(characters[found.range.upperBound...])
        let instruction = NavigationText.withoutChainedClause(said, connector: chainConnector) ?? said
        return TextTiming(when: found.when, instruction: TimingWords.normalized(instruction))
    }

    /// The pack's timing words: the words before a distance in its `prepare` instruction ("in ",
    /// "za ", "前方"), each distance wording of the form that instruction uses, and its word for
    /// "now" in its final instruction.
    var timingWords: TimingWords { TimingWords(self) }
}

/// A pack's words for when an instruction applies, as patterns matched against lower-cased text.
struct TimingWords: Sendable {
    /// A literal piece, or a number (digits, one decimal separator).
    enum Token: Sendable, Equatable {
        case literal([Character])
        case number
    }

    /// A distance as the pack words it: its tokens, its unit, and its amount when the wording says
    /// it in words ("a quarter mile", "einem Kilometer").
    struct Distance: Sendable {
        let tokens: [Token]
        let unit: DistanceUnit
        let amount: Double?
    }

    let prefix: [Character]
    let distances: [Distance]
    let now: [Character]?

    init(_ pack: PhrasePack) {
        var prefix: [Character] = []
        var form = PhrasePack.defaultForm
        if let prepare = pack.states[.prepare] {
            for part in prepare.parts {
                if case .text(let text) = part {
                    prefix += Array(text.lowercased())
                    continue
                }
                if case .slot(let slot) = part, slot.name == "distance" { form = slot.form ?? PhrasePack.defaultForm }
                break
            }
        }
        self.prefix = prefix
        var distances: [Distance] = []
        for (unit, forms) in (pack.distance[form] ?? pack.distance[PhrasePack.defaultForm])?.units ?? [:] {
            for (amount, template) in forms.exact { distances.append(Distance(tokens: Self.tokens(template), unit: unit, amount: amount)) }
            for (category, template) in forms.byCategory {
                let tokens = Self.tokens(template)
                distances.append(Distance(tokens: tokens, unit: unit, amount: tokens.contains(.number) ? nil : (category == .one ? 1 : nil)))
            }
        }
        // Longest first: "2 miles" before "2 mile".
        self.distances = distances.filter { !$0.tokens.isEmpty }.sorted { Self.length($0.tokens) > Self.length($1.tokens) }
        now = pack.states[.execute].flatMap(Self.nowWord)
    }

    /// What matches at `start` of `text`: a distance after the prefix, or the word for now.
    func match(_ text: [Character], at start: Int) -> (range: Range<Int>, when: TextTiming.When)? {
        if !prefix.isEmpty, text[start...].starts(with: prefix) {
            let after = start + prefix.count
            for distance in distances {
                if let (end, number) = Self.match(distance.tokens, in: text, at: after), Self.endsWord(text, at: end) {
                    guard let amount = distance.amount ?? number else { continue }
                    return (start..<end, .ahead(meters: amount * distance.unit.metersPerUnit))
                }
            }
        }
        if let now, text[start...].starts(with: now), Self.endsWord(text, at: start + now.count) {
            return (start..<(start + now.count), .now)
        }
        return nil
    }

    /// The word for "now": the words beside `{short}` in the final instruction's alternative that
    /// says it ("{short} now", "jetzt {short}", "ahora, {short}", "现在{short}").
    private static func nowWord(_ execute: Template) -> [Character]? {
        for case .optional(let alternatives) in execute.parts {
            for alternative in alternatives {
                guard alternative.contains(where: { if case .slot(let slot) = $0 { slot.name == "short" } else { false } }) else { continue }
                for case .text(let text) in alternative {
                    let word = text.lowercased().trimming(where: { " ,.".contains($0) })
                    if !word.isEmpty { return Array(word) }
                }
            }
        }
        return nil
    }

    private static func tokens(_ template: Template) -> [Token] {
        var tokens: [Token] = []
        for part in template.parts {
            switch part {
            case .text(let text): tokens.append(.literal(Array(text.lowercased())))
            case .slot(let slot) where slot.name == "n": tokens.append(.number)
            default: return []
            }
        }
        return tokens
    }

    private static func length(_ tokens: [Token]) -> Int {
        tokens.reduce(0) { total, token in if case .literal(let text) = token { total + text.count } else { total + 1 } }
    }

    /// Where `tokens` end when they match at `start`, and the number they read, if any.
    private static func match(_ tokens: [Token], in text: [Character], at start: Int) -> (Int, Double?)? {
        var at = start
        var number: Double?
        for token in tokens {
            switch token {
            case .literal(let literal):
                guard text[at...].starts(with: literal) else { return nil }
                at += literal.count
            case .number:
                var end = at
                while end < text.count, text[end].isASCII, text[end].isNumber { end += 1 }
                guard end > at else { return nil }
                if end + 1 < text.count, text[end] == "." || text[end] == ",", text[end + 1].isASCII, text[end + 1].isNumber {
                    end += 1
                    while end < text.count, text[end].isASCII, text[end].isNumber { end += 1 }
                }
                number = Double(String(text[at..<end]).replacing(",", with: "."))
                at = end
            }
        }
        return (at, number)
    }

    /// A match may begin here: at the start, or after a character that is not a letter or digit
    /// (or right after an ideograph, which has no spaces around its words).
    static func startsWord(_ text: [Character], at index: Int) -> Bool {
        guard index > 0 else { return true }
        let before = text[index - 1]
        return !(before.isLetter || before.isNumber) || isIdeograph(before) || isIdeograph(text[index])
    }

    /// A match may end here: at the end, or before a character that is not a letter or digit (or
    /// where an ideograph ends the match or follows it).
    static func endsWord(_ text: [Character], at index: Int) -> Bool {
        guard index < text.count, index > 0 else { return true }
        let after = text[index]
        return !(after.isLetter || after.isNumber) || isIdeograph(after) || isIdeograph(text[index - 1])
    }

    private static func isIdeograph(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0x3400...0x9FFF).contains($0.value) || (0x3000...0x303F).contains($0.value) } ?? false
    }

    /// Letters and digits, words apart by single spaces.
    static func normalized(_ text: String) -> String {
        text.split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
    }
}
