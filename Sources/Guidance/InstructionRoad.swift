import FoundationEssentials
import TextFormat
import YAMLTree

/// The road an app names only inside its instruction text: apps built like 2GIS send "Turn right onto
/// ul. Kutateladze" and no `roadName`. The pack's `instructionRoads` section gives the words that
/// come right before a road in its language ("onto", "on", "into"; German "auf die", "in die") and
/// the words that end one ("toward", "then"). Found conservatively: when nothing looks like a name,
/// there is no road, and the maneuver is said without one. Pure.
public struct InstructionRoad: Sendable, Hashable {
    /// Words right before a road, matched as whole words, case aside.
    public let before: [String]
    /// Words that end a road ("toward …"), matched the same way.
    public let until: [String]
    /// The pack's name expansion, which tells an abbreviation's full stop from a sentence's.
    public let names: NameExpander

    /// A pack without the section: no road is ever taken from an instruction.
    public static let none = InstructionRoad(before: [], until: [])

    /// The most characters and words a road found this way may have: an instruction's longer tail
    /// is a sentence, not a name.
    public static let maximumCharacters = 60
    public static let maximumWords = 8
    /// The longest instruction a road is looked for in: a line of CarPlay's guidance card, not a text
    /// (a client may send a megabyte).
    public static let maximumInstructionLength = 400

    public init(before: [String], until: [String], names: NameExpander = .none) {
        self.before = before
        self.until = until
        self.names = names
    }

    /// The road named in `variants` (longest first, as CarPlay's `instructionVariants`), as written;
    /// nil when none is found confidently. It is looked for in the longest variant, after the last of
    /// the `before` words that is followed by a name: a stretch up to an `until` word or a comma, of
    /// at most 8 words, with a capital letter or a letter of a script without case ("the ramp",
    /// "w prawo", "300 m" are no names). The whole longest variant, not only the part the shortest
    /// lacks: the road is often in both ("Continue on I-95 toward Boston" / "Continue on I-95"). An
    /// instruction longer than `maximumInstructionLength` has none.
    public func road(in variants: [String]) -> String? {
        guard !before.isEmpty else { return nil }
        guard variants.allSatisfy({ $0.utf8.count <= Self.maximumInstructionLength * 4 }),
            let longest = variants.map(NavigationText.tidied).max(by: { $0.count < $1.count }), longest.count <= Self.maximumInstructionLength
        else { return nil }
        let text = Array(longest)
        let lowered = Self.lowered(text)
        for end in Self.matches(of: before, in: lowered, from: 0).reversed() {
            if let road = name(in: text, lowered: lowered, from: end) { return road }
        }
        return nil
    }

    /// The maneuver with the road of its instructions as its `roadName`, when it has none. Not when
    /// that road is the maneuver's route number or signpost already ("Keep left onto A7" with
    /// `routeNumber` A7): said once is enough.
    public func filling(_ maneuver: Maneuver) -> Maneuver {
        guard maneuver.roadName?.trimmingWhitespace().isEmpty ?? true, let road = road(in: maneuver.instructionVariants) else {
            return maneuver
        }
        let said = [maneuver.routeNumber, maneuver.towards].compactMap { $0?.trimmingWhitespace().lowercased() }
        guard !said.contains(road.lowercased()) else { return maneuver }
        var filled = maneuver
        filled.roadName = road
        return filled
    }

    /// The name that starts at `start`, if what is there looks like one.
    private func name(in text: [Character], lowered: [String], from start: Int) -> String? {
        // Only as far as a name may reach (and a space each side): each place is looked at a bounded
        // number of times, however long the text an app sends.
        let reach = start + Self.maximumCharacters + 2
        var end = min(text.count, reach)
        if let stop = Self.matches(of: until, in: lowered, from: start, before: end, ends: false).first {
            end = stop
        } else if text.count > reach {
            guard text[start..<reach].contains(where: { Self.clauseEnds.contains($0) }) else { return nil }
        }
        if let comma = text[start..<end].firstIndex(where: { Self.clauseEnds.contains($0) }) { end = comma }
        var road = String(text[start..<end]).trimmingWhitespace()
        // A sentence's full stop, not an abbreviation's: "Solar Cir." and "Hauptstr." keep theirs,
        // which the pack's names expand.
        if let end = road.last, Self.sentenceEnds.contains(end), end != "." || names.road(road) == names.road(String(road.dropLast())) + "." {
            road.removeLast()
        }
        let words = road.split(separator: " ")
        guard !words.isEmpty, road.count <= Self.maximumCharacters, words.count <= Self.maximumWords,
            road.contains(where: { $0.isLetter && ($0.isUppercase || !$0.isCased) })
        else { return nil }
        return road
    }

    /// Where each whole-word match of `words` that starts from `start` on and before `limit` (nil:
    /// the end) ends (or, with `ends` false, starts), in order; at one place the longest word wins
    /// ("auf die" over "auf"). A word that ends in a letter of a script without case (Chinese)
    /// needs no space around it.
    private static func matches(of words: [String], in lowered: [String], from start: Int, before limit: Int? = nil, ends: Bool = true) -> [Int] {
        let needles = words.map { Array($0.lowercased()).map { String($0) } }.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        var found: [Int] = []
        var index = start
        while index < min(limit ?? lowered.count, lowered.count) {
            let hit = needles.first { needle in
                let end = index + needle.count
                guard end <= lowered.count, lowered[index..<end].elementsEqual(needle) else { return false }
                return (index == 0 || !joins(needle.first!, lowered[index - 1])) && (end == lowered.count || !joins(needle.last!, lowered[end]))
            }
            if let hit {
                found.append(ends ? index + hit.count : index)
                index += hit.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// Whether `neighbour` next to a word's `edge` makes them one word: both letters or digits, and
    /// the edge of a script with case (Chinese words have no spaces between them).
    private static func joins(_ edge: String, _ neighbour: String) -> Bool {
        guard let edge = edge.first, let neighbour = neighbour.first else { return false }
        return (edge.isCased || edge.isNumber) && isWordCharacter(neighbour)
    }

    private static func lowered(_ text: [Character]) -> [String] { text.map { $0.lowercased() } }
    private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
    private static let clauseEnds: Set<Character> = [",", ";", ":", "(", "，", "；", "：", "（"]
    private static let sentenceEnds: Set<Character> = [".", "!", "?", "。", "！", "？"]
}

extension InstructionRoad {
    /// The most words a list may have, and characters a word.
    static let maximumWordCount = 20
    static let maximumWordLength = 40

    /// `instructionRoads: { before: [onto, on, into], until: [toward, then] }`: `before` required.
    init(_ node: YAMLCursor, names: NameExpander) throws(PhrasePackError) {
        self.names = names
        try node.onlyKeys(["before", "until"])
        before = try Self.words(try node.required("before"), required: true)
        until = try node.optional("until").map { list throws(PhrasePackError) in try Self.words(list, required: false) } ?? []
    }

    private static func words(_ node: YAMLCursor, required: Bool) throws(PhrasePackError) -> [String] {
        let items = try node.items()
        guard !(required && items.isEmpty), items.count <= maximumWordCount else {
            throw PhrasePackError(.invalidValue, at: node, "expected 1 to \(maximumWordCount) words, found \(items.count)")
        }
        var words: [String] = []
        for item in items {
            let word = try item.string()
            guard !word.trimmingWhitespace().isEmpty, word.count <= maximumWordLength, word == word.trimmingWhitespace() else {
                throw PhrasePackError(
                    .invalidValue, at: item, "expected a word or words of 1 to \(maximumWordLength) characters without spaces around them")
            }
            words.append(word)
        }
        return words
    }
}
