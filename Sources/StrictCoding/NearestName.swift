/// The known name a mistyped one most likely meant, for "did you mean …?" in an error: the same
/// letters in another case or with other separators (`left-turn`, `EN-us`), the same words in another
/// order (`turnLeft` for `leftTurn`), part of one name only (`radio` for `fmRadio`), else the fewest
/// edits (a letter added, dropped, changed, or two swapped: `langauge`), if they are few for the
/// name's length. Nil when nothing is close.
public enum NearestName {
    public static func suggestion(for typed: String, among known: [String]) -> String? {
        let key = letters(of: typed)
        // Each way below needs a name at most 3 letters shorter: a longer one (a 20 KB key a YAML
        // alias repeats) would cost an edit distance against every known name, and find nothing.
        guard !key.isEmpty, key.count <= (known.map { letters(of: $0).count }.max() ?? 0) + 3 else { return nil }
        if let same = known.first(where: { letters(of: $0) == key }) { return same }
        let typedWords = words(of: typed).sorted()
        if typedWords.count > 1, let reordered = known.first(where: { words(of: $0).sorted() == typedWords }) { return reordered }
        // Part of one name only ("radio" for fmRadio), of three letters or more.
        if key.count >= 3 {
            let containing = known.filter { letters(of: $0).count > key.count && String(letters(of: $0)).contains(String(key)) }
            if containing.count == 1 { return containing[0] }
        }
        // A few edits, fewer for a short name: one in up to 4 letters, two in up to 8, then three.
        let allowed = key.count <= 4 ? 1 : key.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int)?
        for name in known {
            let candidate = letters(of: name)
            // Names whose lengths differ by more than the edits allowed are that many edits apart at
            // least: not measured (a 900 k-character language took seconds against every pack).
            guard abs(candidate.count - key.count) <= allowed else { continue }
            let distance = editDistance(key, candidate)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// Lower-case letters and digits only.
    static func letters(of name: String) -> [Character] {
        name.lowercased().filter { $0.isLetter || $0.isNumber }.map { $0 }
    }

    /// The words of a camelCase, kebab-case or snake_case name, lower-cased.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, !current.isEmpty, current.last.map({ !$0.isUppercase }) ?? false {
                words.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    /// Edits from one to the other: insertions, deletions, substitutions and swaps of neighbours
    /// (the optimal-string-alignment distance).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], before[j - 2] + 1) }
            }
            (before, previous, row) = (previous, row, before)
        }
        return previous[b.count]
    }

    /// " (did you mean 'x'?)" for a message, or "" when nothing is close.
    public static func didYouMean(_ typed: String, among known: [String]) -> String {
        suggestion(for: typed, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
