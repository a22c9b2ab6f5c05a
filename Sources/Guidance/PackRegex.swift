import Synchronization

/// A regular expression a pack gives, equal to another by its pattern; refused with the pack's path
/// when it does not compile.
///
/// Swift's own `Regex` (no Foundation, whose NSRegularExpression brings ICU into the binary), set to
/// read as packs were written for ICU: matched by Unicode scalar, `\b` between a word character and
/// another, `(?i)` and `\p{Lu}` as usual. Lookbehind is not supported, and refused when the pack is read.
///
/// Matching cannot be stopped, so an expression that could backtrack catastrophically is refused when
/// the pack is read (`RegexBacktracking`).
///
/// It is checked when the pack is read and compiled again on its first use: the 12 shipped packs
/// have over 200 expressions, and a daemon speaks one or two languages (docs/MEMORY.md).
struct PackRegex: Sendable, Hashable {
    let pattern: String
    private let compiled: LazyRegex

    init(_ pattern: String, at path: String) throws(PhrasePackError) {
        self.pattern = pattern
        do {
            _ = try Self.compile(pattern)
        } catch {
            throw PhrasePackError(.invalidValue, at: path, "bad regular expression \(pattern): \(error)")
        }
        if let problem = RegexBacktracking.problem(in: pattern) {
            throw PhrasePackError(.invalidValue, at: path, "regular expression \(pattern) refused: \(problem)")
        }
        compiled = LazyRegex(pattern)
    }

    static func compile(_ pattern: String) throws -> Regex<AnyRegexOutput> {
        try Regex(pattern).matchingSemantics(.unicodeScalar).wordBoundaryKind(.simple)
    }

    /// Whether it matches anywhere in `text`.
    func matches(_ text: String) -> Bool { text.contains(compiled.value) }

    /// `template` for a match of the whole of `text`, or nil when the first match is not all of it.
    func wholeReplacement(of text: String, with template: String) -> String? {
        guard let match = text.firstMatch(of: compiled.value), match.range == text.startIndex..<text.endIndex else { return nil }
        return Self.expand(template, match)
    }

    /// `text` with every match replaced by `template` (`$1` for a group).
    func replacingMatches(in text: String, with template: String) -> String {
        text.replacing(compiled.value) { Self.expand(template, $0) }
    }

    /// A replacement template filled in: `$0`–`$9` a group's text (empty when it took no part),
    /// `\` before a character takes it as it is.
    static func expand(_ template: String, _ match: Regex<AnyRegexOutput>.Match) -> String {
        var result = ""
        var characters = template.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\\":
                if let next = characters.next() { result.append(next) }
            case "$":
                guard let next = characters.next() else {
                    result.append("$")
                    break
                }
                if let digit = next.wholeNumberValue, next.isASCII {
                    if digit < match.output.count, let text = match.output[digit].substring { result += text }
                } else {
                    result.append("$")
                    result.append(next)
                }
            default:
                result.append(character)
            }
        }
        return result
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.pattern == rhs.pattern }
    func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// A pattern compiled on first use, shared by the copies of its `PackRegex`.
private final class LazyRegex: Sendable {
    let pattern: String
    private let compiled = Mutex<SendableRegex?>(nil)

    init(_ pattern: String) { self.pattern = pattern }

    var value: Regex<AnyRegexOutput> {
        compiled.withLock { compiled in
            if let compiled { return compiled.value }
            // It compiled when the pack was read; should it not now, it matches nothing.
            let regex = (try? PackRegex.compile(pattern)) ?? (try! PackRegex.compile("(?!)"))
            compiled = SendableRegex(value: regex)
            return regex
        }
    }
}

/// A compiled `Regex` is immutable once built; its copies may be read from any thread.
private struct SendableRegex: @unchecked Sendable {
    let value: Regex<AnyRegexOutput>
}
