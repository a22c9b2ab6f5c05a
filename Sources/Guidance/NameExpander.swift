import FoundationEssentials
import TextFormat
import YAMLTree

/// Rewrites names so a speech synthesiser says them right: abbreviations ("Main St." → "Main
/// Street", "St. John" → "Saint John", "Hauptstr." → "Hauptstraße"), route references ("I-95" →
/// "Interstate 95", while "CT 145" is left alone rather than read as "Court 145") and exit
/// numbers ("12B" → "12 B"). The rules live in the phrase pack's `names` section.
public struct NameExpander: Sendable, Hashable {
    /// A whole-word abbreviation, matched with exact case.
    public struct WordRule: Sendable, Hashable {
        /// Said when the word starts the name ("St. John" → "Saint"); nil: as written.
        public let first: String?
        /// Said anywhere else ("Main St." → "Street"); nil: as written.
        public let other: String?
        /// Said by the word that follows, first match wins ("św. Anny" → "świętej", "św. Jana" →
        /// "świętego"); when none matches, `first` or `other`, and without them the word as written:
        /// an ambiguous abbreviation is left for the synthesiser rather than said wrong.
        public let byNext: [NextWordRule]

        public init(first: String?, other: String?, byNext: [NextWordRule] = []) {
            self.first = first
            self.other = other
            self.byNext = byNext
        }
    }

    /// Said when the next word matches `regex` (searched anywhere in the word).
    public struct NextWordRule: Sendable, Hashable {
        let regex: PackRegex
        public let say: String
    }

    /// A regular expression over a whole route reference, with `$1`-style replacement.
    public struct RouteRule: Sendable, Hashable {
        let regex: PackRegex
        public let replacement: String
        public var pattern: String { regex.pattern }
    }

    public let words: [String: WordRule]
    /// Word beginnings ("St-" → "Saint-"), longest first.
    public let prefixes: [(String, String)]
    /// Word endings ("str." → "straße"), longest first.
    public let suffixes: [(String, String)]
    public let routes: [RouteRule]
    /// The language's words for a ferry (`ferries`: "ferry", "Fähre", "prom", "轮渡"), lower-cased:
    /// a ferry maneuver's road that says one is the ferry's own name (`isFerryLine`).
    public let ferryWords: [String]

    public static let none = NameExpander(words: [:], prefixes: [], suffixes: [], routes: [])

    public init(
        words: [String: WordRule], prefixes: [(String, String)], suffixes: [(String, String)],
        routes: [RouteRule], ferryWords: [String] = []
    ) {
        self.words = words
        self.prefixes = prefixes.sorted { $0.0.count > $1.0.count }
        self.suffixes = suffixes.sorted { $0.0.count > $1.0.count }
        self.routes = routes
        self.ferryWords = ferryWords.map { $0.lowercased() }
    }

    /// True when `name` names a ferry (its line) rather than a road: one of its words is, or ends
    /// with, one of `ferryWords`, case aside ("Bainbridge Island Ferry", "Rheinfähre", "Veerpont
    /// Buiksloterweg"; in a script without spaces the word anywhere: "烟大轮渡"), or it is two places
    /// joined by a dash ("Glückstadt–Wischhafen", "Cape May - Lewes": an en or em dash, or a hyphen
    /// with spaces around it). "Harbour Road" is the road beyond a ferry, not its name.
    public func isFerryLine(_ name: String) -> Bool {
        if name.contains("\u{2013}") || name.contains("\u{2014}") || name.contains(" - ") { return true }
        let lowered = name.lowercased()
        let words = lowered.split { !$0.isLetter }
        return ferryWords.contains { ferry in
            let ideographic = ferry.unicodeScalars.first?.properties.isIdeographic ?? false
            return ideographic ? lowered.contains(ferry) : words.contains { $0.hasSuffix(ferry) }
        }
    }

    /// A road name ready to speak. A name that is just a route reference ("CT 145") is treated
    /// as one; otherwise abbreviations are expanded word by word.
    public func road(_ name: String) -> String {
        let trimmed = name.trimmingWhitespace()
        if let route = applyRouteRules(trimmed) { return route }
        let tokens = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        return tokens.enumerated().map { index, word in
            expand(word: word, isFirst: index == 0, next: tokens.indices.contains(index + 1) ? tokens[index + 1] : nil)
        }.joined(separator: " ")
    }

    /// True when the whole of `text` is a route reference by the pack's `routes` rules ("CT 145").
    public func isRoute(_ text: String) -> Bool { applyRouteRules(text.trimmingWhitespace()) != nil }

    /// A route reference ready to speak: the first matching route rule, else unchanged apart
    /// from hyphens between letters and digits ("A-7" → "A 7").
    public func routeNumber(_ ref: String) -> String {
        let trimmed = ref.trimmingWhitespace()
        guard let route = applyRouteRules(trimmed) else {
            // A hyphen between a letter and a digit is a space.
            let characters = Array(trimmed)
            return String(
                characters.indices.map { i in
                    characters[i] == "-" && i > 0 && i + 1 < characters.count && Self.isLetter(characters[i - 1]) && Self.isDigit(characters[i + 1])
                        ? " " : characters[i]
                })
        }
        return route
    }

    /// An exit number ready to speak: digits and letters apart ("12B" → "12 B").
    public func exitNumber(_ exit: String) -> String {
        var spaced = ""
        var previous: Character?
        for character in exit.trimmingWhitespace() {
            if let previous, (Self.isDigit(previous) && Self.isLetter(character)) || (Self.isLetter(previous) && Self.isDigit(character)) {
                spaced.append(" ")
            }
            spaced.append(character)
            previous = character
        }
        return spaced
    }

    private static func isLetter(_ c: Character) -> Bool { c.isASCII && c.isLetter }
    private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

    private func applyRouteRules(_ text: String) -> String? {
        for rule in routes {
            if let said = rule.regex.wholeReplacement(of: text, with: rule.replacement) { return said }
        }
        return nil
    }

    private func expand(word: String, isFirst: Bool, next: String?) -> String {
        if let rule = words[word] {
            if let next, let said = rule.byNext.first(where: { $0.regex.matches(next) }) { return said.say }
            return (isFirst ? rule.first : rule.other) ?? word
        }
        for (prefix, replacement) in prefixes where word.hasPrefix(prefix) && word.count > prefix.count {
            return replacement + word.dropFirst(prefix.count)
        }
        for (suffix, replacement) in suffixes where word.hasSuffix(suffix) && word.count > suffix.count {
            return word.dropLast(suffix.count) + replacement
        }
        return word
    }

    public static func == (lhs: NameExpander, rhs: NameExpander) -> Bool {
        lhs.words == rhs.words && lhs.routes == rhs.routes && lhs.ferryWords == rhs.ferryWords
            && lhs.prefixes.elementsEqual(rhs.prefixes, by: ==) && lhs.suffixes.elementsEqual(rhs.suffixes, by: ==)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words)
        hasher.combine(routes)
        hasher.combine(ferryWords)
    }
}

extension NameExpander {
    /// Reads a pack's `names` section (see docs/PHRASES.md).
    init(_ node: YAMLCursor) throws(PhrasePackError) {
        try node.onlyKeys(["words", "prefixes", "suffixes", "routes", "ferries"])
        var words: [String: WordRule] = [:]
        for (key, value) in try node.optional("words")?.entries() ?? [] {
            if value.isMapping {
                try value.onlyKeys(["first", "other", "next"])
                var byNext: [NextWordRule] = []
                for item in try value.optional("next")?.items() ?? [] {
                    try item.onlyKeys(["match", "say"])
                    let regex = try PackRegex(try item.required("match").string(), at: item.path)
                    byNext.append(NextWordRule(regex: regex, say: try item.required("say").string()))
                }
                let first = try value.optional("first")?.string()
                let other = try value.optional("other")?.string()
                guard first != nil || other != nil || !byNext.isEmpty else {
                    throw PhrasePackError(.missingKey, at: value, "a word rule says 'first', 'other' or 'next'")
                }
                words[key] = WordRule(first: first, other: other, byNext: byNext)
            } else {
                let text = try value.string()
                words[key] = WordRule(first: text, other: text)
            }
        }
        let prefixes = try (node.optional("prefixes")?.entries() ?? []).map { entry throws(PhrasePackError) in
            (entry.key, try entry.value.string())
        }
        let suffixes = try (node.optional("suffixes")?.entries() ?? []).map { entry throws(PhrasePackError) in
            (entry.key, try entry.value.string())
        }
        var routes: [RouteRule] = []
        for item in try node.optional("routes")?.items() ?? [] {
            try item.onlyKeys(["match", "say"])
            let regex = try PackRegex(try item.required("match").string(), at: item.path)
            routes.append(RouteRule(regex: regex, replacement: try item.required("say").string()))
        }
        var ferryWords: [String] = []
        for item in try node.optional("ferries")?.items() ?? [] {
            let word = try item.string()
            guard !word.isEmpty, word.allSatisfy(\.isLetter) else {
                throw PhrasePackError(.invalidValue, at: item, "a ferry word is one word of letters: ferry, Fähre, 轮渡")
            }
            ferryWords.append(word)
        }
        self.init(words: words, prefixes: prefixes, suffixes: suffixes, routes: routes, ferryWords: ferryWords)
    }
}
