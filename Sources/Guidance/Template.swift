/// A named slot in a template: `{road}`, or `{distance:dative}` for a named grammatical form.
public struct Placeholder: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let form: String?

    public init(_ name: String, form: String? = nil) {
        self.name = name
        self.form = form
    }

    public var description: String { form.map { "{\(name):\($0)}" } ?? "{\(name)}" }
}

/// A phrase template: literal text, `{placeholders}` and optional segments `[ onto {road}]`.
/// An optional segment may list alternatives, `[exit {exit}|the exit]`: the first whose
/// placeholders all have values is said; if none has, the segment is left out.
public struct Template: Sendable, Hashable, CustomStringConvertible {
    indirect enum Part: Sendable, Hashable {
        case text(String)
        case slot(Placeholder)
        case optional([[Part]])
    }

    public let source: String
    let parts: [Part]

    public init(_ source: String) throws(TemplateSyntaxError) {
        self.source = source
        var scanner = TemplateScanner(source)
        parts = try scanner.parseSequence(nested: false)
    }

    public var description: String { source }

    /// Placeholders outside any optional segment: the template cannot be said without them.
    public var requiredPlaceholders: Set<Placeholder> {
        Set(parts.compactMap { if case .slot(let p) = $0 { p } else { nil } })
    }

    /// Every placeholder the template mentions.
    public var allPlaceholders: Set<Placeholder> { Self.placeholders(in: parts) }

    private static func placeholders(in parts: [Part]) -> Set<Placeholder> {
        parts.reduce(into: []) { result, part in
            switch part {
            case .text: break
            case .slot(let p): result.insert(p)
            case .optional(let alternatives):
                for alternative in alternatives { result.formUnion(placeholders(in: alternative)) }
            }
        }
    }

    /// The text with every placeholder replaced, or nil when a required one has no value. A name
    /// (`isName`) that already ends with the word the template says right after it is not followed
    /// by that word again: "玉泉营环岛" before "环岛" is "在玉泉营环岛向左转", not "…环岛环岛…"
    /// (`Template.repeatedWord`). Nor does a name that starts with the word the template says right
    /// before it follow that word: "die Fähre {road}" with "Fähre Kaub" says "die Fähre Kaub"
    /// (`Template.repeatedWord(after:in:)`).
    public func render(_ value: (Placeholder) -> String?, isName: (Placeholder) -> Bool = { _ in false }) -> String? {
        var lastName: String?
        return Self.render(parts, value, isName, &lastName, after: "")
    }

    /// `lastName`: the name the text rendered so far ends with, if it ends with one; `before`: the
    /// text rendered before these parts.
    private static func render(
        _ parts: [Part], _ value: (Placeholder) -> String?, _ isName: (Placeholder) -> Bool, _ lastName: inout String?,
        after before: String
    ) -> String? {
        var text = ""
        for part in parts {
            switch part {
            case .text(let literal):
                let repeated = lastName.map { repeatedWord($0, before: literal) } ?? 0
                text += literal.dropFirst(repeated)
                lastName = nil
            case .slot(let placeholder):
                guard var filled = value(placeholder) else { return nil }
                if isName(placeholder) { filled.removeFirst(repeatedWord(after: before + text, in: filled)) }
                text += filled
                lastName = isName(placeholder) && !filled.isEmpty ? filled : nil
            case .optional(let alternatives):
                for alternative in alternatives {
                    var inner = lastName
                    if let said = render(alternative, value, isName, &inner, after: before + text) {
                        text += said
                        lastName = said.isEmpty ? lastName : inner
                        break
                    }
                }
            }
        }
        return text
    }

    /// How many characters at the start of `literal` repeat the end of `name`: a word after a space
    /// that the name ends with (case aside, "Dupont Roundabout" before " roundabout"), or, in a
    /// script without spaces, the longest run of two or more ideographs the name ends with
    /// ("玉泉营环岛" before "环岛"). 0 when none does.
    static func repeatedWord(_ name: String, before literal: String) -> Int {
        let text = Array(literal)
        if text.first == " " {
            let word = text.dropFirst().prefix { $0.isLetter }
            guard !word.isEmpty, text.count == word.count + 1 || !text[word.count + 1].isLetter else { return 0 }
            let ending = Array(name.lowercased())
            let lowered = Array(String(word).lowercased())
            guard ending.count > lowered.count, Array(ending.suffix(lowered.count)) == lowered, ending[ending.count - lowered.count - 1] == " "
            else { return 0 }
            return word.count + 1
        }
        let ideographs = text.prefix { $0.unicodeScalars.first.map { $0.properties.isIdeographic } ?? false }
        let ending = Array(name)
        for length in stride(from: min(ideographs.count, ending.count - 1), through: 2, by: -1)
        where Array(ending.suffix(length)) == Array(ideographs.prefix(length)) {
            return length
        }
        return 0
    }

    /// How many characters at the start of `name` repeat the word `text` ends with: the name's first
    /// word and the space after it, when `text` ends with that word (case aside) and a space, and more
    /// of the name follows ("die Fähre " before "Fähre Kaub": "Fähre "). 0 when none does, and in a
    /// script without spaces.
    static func repeatedWord(after text: String, in name: String) -> Int {
        guard text.last == " " else { return 0 }
        let said = Array(text.dropLast())
        let word = said.reversed().prefix { $0.isLetter }
        guard !word.isEmpty, word.count == said.count || !said[said.count - word.count - 1].isLetter else { return 0 }
        let letters = Array(name)
        let first = letters.prefix { $0.isLetter }
        guard first.count == word.count, letters.count > first.count + 1, letters[first.count] == " ",
            String(first).lowercased() == String(word.reversed()).lowercased()
        else { return 0 }
        return first.count + 1
    }
}

public struct TemplateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public let template: String
    public let message: String
    public var description: String { "template \"\(template)\": \(message)" }
}

private struct TemplateScanner {
    let source: String
    let characters: [Character]
    var index = 0

    init(_ source: String) {
        self.source = source
        characters = Array(source)
    }

    func error(_ message: String) -> TemplateSyntaxError { TemplateSyntaxError(template: source, message: message) }

    /// Parses until the end, or inside brackets until `|` or `]` (left for the caller).
    mutating func parseSequence(nested: Bool) throws(TemplateSyntaxError) -> [Template.Part] {
        var parts: [Template.Part] = []
        var literal = ""
        func flush() {
            if !literal.isEmpty { parts.append(.text(literal)) }
            literal = ""
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "{":
                flush()
                parts.append(.slot(try parsePlaceholder()))
            case "[":
                flush()
                index += 1
                var alternatives = [try parseSequence(nested: true)]
                while index < characters.count, characters[index] == "|" {
                    index += 1
                    alternatives.append(try parseSequence(nested: true))
                }
                guard index < characters.count, characters[index] == "]" else { throw error("unclosed [") }
                index += 1
                parts.append(.optional(alternatives))
            case "]" where nested, "|" where nested:
                flush()
                return parts
            case "]", "}":
                throw error("unmatched \(character)")
            default:
                literal.append(character)
                index += 1
            }
        }
        flush()
        return parts
    }

    private mutating func parsePlaceholder() throws(TemplateSyntaxError) -> Placeholder {
        index += 1
        var body = ""
        while index < characters.count, characters[index] != "}" {
            body.append(characters[index])
            index += 1
        }
        guard index < characters.count else { throw error("unclosed {") }
        index += 1
        let pieces = body.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(pieces.count), pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isLetter) })
        else { throw error("bad placeholder {\(body)}: write {name} or {name:form}") }
        return Placeholder(pieces[0], form: pieces.count == 2 ? pieces[1] : nil)
    }
}
