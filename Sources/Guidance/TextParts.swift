/// A text longer than one prompt cut into parts that each fit one, for a client whose text is said
/// as several prompts in a row (a speech-dispatcher message): each part at most `maxCharacters`
/// long, cut at the last sentence end that allows it, else the last clause end, else the last space,
/// else (a word longer than a part, or a script without spaces) anywhere. Pure; linear in the text.
public enum TextParts {
    /// The parts of `text`, in order, trimmed; none empty. Joined with single spaces they are the
    /// text with its whitespace runs made one space, except where a part was cut inside a word.
    public static func split(_ text: String, maxCharacters: Int) -> [String] {
        let characters = Array(text)
        let limit = max(1, maxCharacters)
        var parts: [String] = []
        var start = skipSpaces(characters, from: 0)
        while start < characters.count {
            var end = characters.count
            if end - start > limit {
                // The best place for the next part to begin: the strongest boundary, the furthest one.
                var best = (level: -1, at: start + limit)
                for at in (start + 1)...(start + limit) {
                    let level = boundary(characters, before: at)
                    if level >= best.level { best = (level, at) }
                }
                end = best.at
            }
            let part = String(characters[start..<end]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !part.isEmpty { parts.append(part) }
            start = skipSpaces(characters, from: end)
        }
        return parts
    }

    /// How good a place `at` is to end a part (and begin the next after any spaces): 3 after a
    /// sentence's end, 2 after a clause's, 1 at a space, 0 anywhere else.
    static func boundary(_ characters: [Character], before at: Int) -> Int {
        let previous = characters[at - 1]
        let atSpace = previous.isWhitespace || (at < characters.count && characters[at].isWhitespace)
        guard atSpace else {
            if closesWithoutSpace.sentence.contains(previous) { return 3 }
            return closesWithoutSpace.clause.contains(previous) ? 2 : 0
        }
        var index = at - 1
        while index > 0, characters[index].isWhitespace { index -= 1 }
        let last = characters[index]
        if sentenceEnds.contains(last) || closesWithoutSpace.sentence.contains(last) { return 3 }
        if clauseEnds.contains(last) || closesWithoutSpace.clause.contains(last) { return 2 }
        return 1
    }

    private static func skipSpaces(_ characters: [Character], from index: Int) -> Int {
        var index = index
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        return index
    }

    /// Marks that end a sentence or a clause when a space follows, and those of scripts without
    /// spaces, which end one by themselves.
    static let sentenceEnds: Set<Character> = [".", "!", "?", ";", ":", "…"]
    static let clauseEnds: Set<Character> = [",", "—", "–"]
    static let closesWithoutSpace: (sentence: Set<Character>, clause: Set<Character>) = (["。", "！", "？", "；", "："], ["，", "、"])
}
