import Foundation
import Synchronization

/// A regular expression a pack gives (ICU syntax, as NSRegularExpression reads it), equal to another
/// by its pattern; refused with the pack's path when it does not compile.
///
/// It is checked when the pack is read and compiled again on its first use: a compiled expression
/// holds about 20 kB of heap, the 12 shipped packs have over 200 of them, and a daemon speaks one or
/// two languages (docs/MEMORY.md).
struct PackRegex: Sendable, Hashable {
    let pattern: String
    private let compiled: LazyRegex

    init(_ pattern: String, at path: String) throws(PhrasePackError) {
        self.pattern = pattern
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            throw PhrasePackError(.invalidValue, at: path, "bad regular expression \(pattern): \(error)")
        }
        compiled = LazyRegex(pattern)
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

/// A pattern compiled on first use, shared by the copies of its `PackRegex`.
private final class LazyRegex: Sendable {
    let pattern: String
    private let compiled = Mutex<SendableRegex?>(nil)

    init(_ pattern: String) { self.pattern = pattern }

    var value: NSRegularExpression {
        compiled.withLock { compiled in
            if let compiled { return compiled.value }
            // It compiled when the pack was read; should it not now, it matches nothing.
            let regex = (try? NSRegularExpression(pattern: pattern)) ?? (try? NSRegularExpression(pattern: "(?!)"))!
            compiled = SendableRegex(regex)
            return regex
        }
    }
}

/// NSRegularExpression is immutable and documented as safe to share between threads.
struct SendableRegex: @unchecked Sendable {
    let value: NSRegularExpression
    init(_ value: NSRegularExpression) { self.value = value }
}
