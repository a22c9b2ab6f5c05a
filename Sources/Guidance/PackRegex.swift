import Foundation

/// A regular expression a pack gives (ICU syntax, as NSRegularExpression reads it), equal to another
/// by its pattern; refused with the pack's path when it does not compile.
struct PackRegex: Sendable, Hashable {
    let pattern: String
    private let compiled: SendableRegex

    init(_ pattern: String, at path: String) throws(PhrasePackError) {
        self.pattern = pattern
        do {
            compiled = SendableRegex(try NSRegularExpression(pattern: pattern))
        } catch {
            throw PhrasePackError(.invalidValue, at: path, "bad regular expression \(pattern): \(error)")
        }
    }

    var value: NSRegularExpression { compiled.value }

    /// Whether it matches anywhere in `text`.
    func matches(_ text: String) -> Bool {
        value.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// `text` with every match replaced by `template` (`$1` for a group).
    func replacingMatches(in text: String, with template: String) -> String {
        value.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.pattern == rhs.pattern }
    func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// NSRegularExpression is immutable and documented as safe to share between threads.
struct SendableRegex: @unchecked Sendable {
    let value: NSRegularExpression
    init(_ value: NSRegularExpression) { self.value = value }
}
