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

    /// The text with every placeholder replaced, or nil when a required one has no value.
    public func render(_ value: (Placeholder) -> String?) -> String? {
        Self.render(parts, value)
    }

    private static func render(_ parts: [Part], _ value: (Placeholder) -> String?) -> String? {
        var text = ""
        for part in parts {
            switch part {
            case .text(let literal):
                text += literal
            case .slot(let placeholder):
                guard let filled = value(placeholder) else { return nil }
                text += filled
            case .optional(let alternatives):
                for alternative in alternatives {
                    if let said = render(alternative, value) {
                        text += said
                        break
                    }
                }
            }
        }
        return text
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
